package startspace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
)

// TestApartBound checks ApartBound on random steps (1 to 5) of every
// built-in family, the tests' conditional families and the mixed one, with
// goals the steps reach: the largest family of sets of starts none among
// another's, found by hand (startSets, then every subset of them), is never
// above the bound, and Apart(n) is false for every n above the bound up to
// 8, as plan_shuffle's sampler needs when it gives up such steps before
// resetting a Prefixes. The bound must also be tight often enough to
// matter, and bound steps on forms with conditions too (where no want is
// on a conditional element). TestApartBoundCases does the same on steps
// the vocabulary does not draw, and TestApartBoundGoals on goals.
func TestApartBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	checked, exact, below, conditional := 0, 0, 0, 0
	for _, fam := range testforms.Every(t) {
		for range 120 {
			f := fam.NewForm(rng)
			steps := randomSteps(&f, rng, 5)
			g := reachedGoal(t, &f, steps, rng, 0.5, 3)
			bound := ApartBound(&f, g, steps)
			got := checkAboveBound(t, fmt.Sprintf("%s, steps %v", f.Family, steps), &f, g, steps, bound)
			if bound < 8 {
				below++
				if f.Conditional() {
					conditional++
				}
			}
			if got < 0 {
				continue // too many sets of starts to try every subset
			}
			checked++
			if got == bound {
				exact++
			}
		}
	}
	t.Logf("%d step sets checked by hand, the bound exact on %d; %d bounds below 8, %d on forms with conditions", checked, exact, below, conditional)
	if checked < 500 || exact < checked/4 || below < checked/3 || conditional < 100 {
		t.Errorf("%d step sets checked by hand, the bound exact on %d; %d bounds below 8, %d on forms with conditions: too few", checked, exact, below, conditional)
	}
}

// checkAboveBound fails t if Apart(n) holds for a Prefixes of steps on a
// judge of g on f for some n from bound+1 to 8, or if the sets of starts,
// where few enough to list, hold a family none among another's larger than
// bound. It returns the largest such family, or -1 where the sets are too
// many (more than 16) to try every subset.
func checkAboveBound(t *testing.T, name string, f *forms.Form, g statesim.Goal, steps []statesim.Action, bound int) int {
	t.Helper()
	resolved := slices.DeleteFunc(slices.Clone(steps), func(a statesim.Action) bool {
		_, err := statesim.Resolve(f, a)
		return err != nil || a.Op == statesim.Submit
	})
	sp := NewSpace(f, &g)
	px := new(Prefixes)
	px.Reset(NewJudge(f, sp, g, nil), steps)
	for n := 1; n <= 8; n++ {
		if n > bound && px.Apart(n) {
			t.Fatalf("%s, goal %v: Apart(%d) holds above the bound %d", name, g, n, bound)
		}
	}
	sets := startSets(f, sp, g, resolved)
	if len(sets) > 16 {
		return -1
	}
	got := largestAntichain(sets)
	if got > bound {
		t.Fatalf("%s, goal %v: %d sets of starts none among another's, above the bound %d", name, g, got, bound)
	}
	return got
}

// everyWant wants, of every element of f but the Submit button, the value
// steps leave it with from the zero start.
func everyWant(t *testing.T, f *forms.Form, steps []statesim.Action) statesim.Goal {
	t.Helper()
	out, err := statesim.Run(f, make(statesim.State, len(f.Elements)), append(slices.Clone(steps), statesim.SubmitAction))
	if err != nil {
		t.Fatal(err)
	}
	var wants []statesim.Want
	for i, e := range f.Elements {
		if e.Kind != forms.Submit {
			wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: out.Final[i]})
		}
	}
	return statesim.Goal{Wants: wants}
}

// TestApartBoundCases checks ApartBound, as TestApartBound does, on steps
// of shapes the random steps miss: clicks on radio buttons, two radio
// groups, steps that do not resolve and Submit, a move that clamps, and
// text boxes typed into and entered. The bound is pinned for a goal on
// every element; for 40 random goals, which may only lower it, it is
// checked against Apart and the sets of starts.
func TestApartBoundCases(t *testing.T) {
	two := &forms.Form{Family: "two_groups", Refer: forms.ByOrdinal, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Radio, Ordinal: 1, Group: "g0"},
		{ID: "e1", Kind: forms.Radio, Ordinal: 2, Group: "g0"},
		{ID: "e2", Kind: forms.Radio, Ordinal: 3, Group: "g1"},
		{ID: "e3", Kind: forms.Radio, Ordinal: 4, Group: "g1"},
		{ID: "e4", Kind: forms.Checkbox, Ordinal: 1, Group: "g2"},
		{ID: "e5", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 4, Step: 2, Group: "g3"},
		{ID: "e6", Kind: forms.TextBox, Ordinal: 1, Group: "g4"},
		{ID: "e7", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}, TextValues: []string{"ab", "a", "b"}}
	ref := func(kind forms.Kind, ordinal int) forms.Ref { return forms.Ref{Kind: kind, Ordinal: ordinal} }
	radio := func(k int) forms.Ref { return ref(forms.Radio, k) }
	box, slider, text := ref(forms.Checkbox, 1), ref(forms.Slider, 1), ref(forms.TextBox, 1)
	tests := []struct {
		name  string
		steps []statesim.Action
		bound int
	}{
		{"clicks on radio buttons of two groups", []statesim.Action{{Op: statesim.Click, Target: radio(1)}, {Op: statesim.Click, Target: radio(3)}, {Op: statesim.Select, Target: radio(2)}}, 2},
		{"a click on a checkbox", []statesim.Action{{Op: statesim.Click, Target: box}, {Op: statesim.Select, Target: radio(4)}}, 2},
		{"a step that does not resolve and Submit", []statesim.Action{{Op: statesim.Check, Target: ref(forms.Checkbox, 9)}, statesim.SubmitAction, {Op: statesim.Check, Target: box}, {Op: statesim.Set, Target: slider, N: 3}}, 2},
		{"moves that clamp", []statesim.Action{{Op: statesim.Move, Target: slider, N: 2}, {Op: statesim.Move, Target: slider, N: 4}, {Op: statesim.Set, Target: slider, N: 2}}, 6},
		{"typing and entering", []statesim.Action{{Op: statesim.Type, Target: text, Text: "a"}, {Op: statesim.Type, Target: text, Text: "b"}, {Op: statesim.Enter, Target: text, Text: "ab"}, {Op: statesim.Clear, Target: text}}, 6},
		{"sets alone on four parts", []statesim.Action{{Op: statesim.Select, Target: radio(1)}, {Op: statesim.Select, Target: radio(3)}, {Op: statesim.Uncheck, Target: box}, {Op: statesim.Enter, Target: text, Text: "b"}}, 6},
	}
	rng := rand.New(rand.NewPCG(2, 7))
	for _, tc := range tests {
		resolved := slices.DeleteFunc(slices.Clone(tc.steps), func(a statesim.Action) bool {
			_, err := statesim.Resolve(two, a)
			return err != nil || a.Op == statesim.Submit
		})
		if bound := ApartBound(two, everyWant(t, two, resolved), tc.steps); bound != tc.bound {
			t.Errorf("%s: bound %d with a want on every element, want %d", tc.name, bound, tc.bound)
		}
		for range 40 {
			g := reachedGoal(t, two, resolved, rng, 0.5, 3)
			bound := ApartBound(two, g, tc.steps)
			if bound > tc.bound {
				t.Fatalf("%s, goal %v: bound %d, above the %d of a want on every element", tc.name, g, bound, tc.bound)
			}
			checkAboveBound(t, tc.name, two, g, tc.steps, bound)
		}
	}
}

// TestApartBoundGoals pins ApartBound's use of the goal, on a form whose
// third radio button enables a slider and whose checkbox enables two more
// radio buttons: units without wants count for one set, a want on a
// conditional element (or on a radio group with conditional buttons)
// gives no bound, and a want on an element the form lacks gives 0. Each
// bound is also checked against Apart and the sets of starts.
func TestApartBoundGoals(t *testing.T) {
	gated := &forms.Form{Family: "gated", Refer: forms.ByOrdinal, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Radio, Ordinal: 1, Group: "g0"},
		{ID: "e1", Kind: forms.Radio, Ordinal: 2, Group: "g0"},
		{ID: "e2", Kind: forms.Radio, Ordinal: 3, Group: "g0"},
		{ID: "e3", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 4, Step: 1, Group: "g1", EnabledBy: &forms.Enabler{Element: 2}},
		{ID: "e4", Kind: forms.Checkbox, Ordinal: 1, Group: "g2"},
		{ID: "e5", Kind: forms.Radio, Ordinal: 4, Group: "g3", EnabledBy: &forms.Enabler{Element: 4}},
		{ID: "e6", Kind: forms.Radio, Ordinal: 5, Group: "g3", EnabledBy: &forms.Enabler{Element: 4}},
		{ID: "e7", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
	if err := gated.Validate(); err != nil {
		t.Fatal(err)
	}
	ref := func(kind forms.Kind, ordinal int) forms.Ref { return forms.Ref{Kind: kind, Ordinal: ordinal} }
	radio := func(k int) forms.Ref { return ref(forms.Radio, k) }
	box, slider := ref(forms.Checkbox, 1), ref(forms.Slider, 1)
	want := func(r forms.Ref, n int) statesim.Want { return statesim.Want{Target: r, Value: statesim.Value{N: n}} }
	mixed := []statesim.Action{{Op: statesim.Select, Target: radio(1)}, {Op: statesim.Select, Target: radio(3)}, {Op: statesim.Move, Target: slider, N: 1}, {Op: statesim.Click, Target: box}, {Op: statesim.Select, Target: radio(4)}}
	tests := []struct {
		name  string
		wants []statesim.Want
		steps []statesim.Action
		bound int
	}{
		{"no wants", nil, mixed, 1},
		{"a want on the enabling radio group alone", []statesim.Want{want(radio(3), 1)}, mixed, 1},
		{"a want on the checkbox, which enables radio buttons", []statesim.Want{want(box, 1)}, mixed, 2},
		{"the radio group and the checkbox", []statesim.Want{want(radio(1), 1), want(box, 0)}, mixed, 2},
		{"a want on the slider, which a radio button enables", []statesim.Want{want(radio(3), 1), want(slider, 2)}, mixed, math.MaxInt},
		{"a want on a radio group with conditional buttons", []statesim.Want{want(radio(5), 1)}, mixed, math.MaxInt},
		{"a want on an element the form lacks", []statesim.Want{want(ref(forms.Checkbox, 2), 1)}, mixed, 0},
		{"moves on the slider, a want on the radio group", []statesim.Want{want(radio(2), 1)}, []statesim.Action{{Op: statesim.Move, Target: slider, N: 1}, {Op: statesim.Set, Target: slider, N: 3}, {Op: statesim.Select, Target: radio(2)}}, 1},
	}
	for _, tc := range tests {
		g := statesim.Goal{Wants: tc.wants}
		bound := ApartBound(gated, g, tc.steps)
		if bound != tc.bound {
			t.Errorf("%s: bound %d, want %d", tc.name, bound, tc.bound)
		}
		checkAboveBound(t, tc.name, gated, g, tc.steps, bound)
	}
}
