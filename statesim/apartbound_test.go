package statesim

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestApartBound checks ApartBound on random steps (1 to 5) of the
// built-in families without conditions, with goals the steps reach: the
// largest family of sets of starts none among another's, found by hand
// (startSets, then every subset of them), is never above the bound, and
// Apart(n) is false for every n above the bound up to 8, as plan_shuffle's
// sampler needs when it gives up such steps before resetting a Prefixes.
// The bound must also be tight often enough to matter, and give nothing
// on a form with conditions. TestApartBoundCases does the same on steps
// the vocabulary does not draw.
func TestApartBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	px := new(Prefixes)
	checked, exact, below := 0, 0, 0
	for _, fam := range forms.Builtins() {
		for range 120 {
			f := fam.NewForm(rng)
			steps := randomSteps(&f, rng, 5)
			bound := ApartBound(&f, steps)
			if f.Conditional() {
				if bound != math.MaxInt {
					t.Fatalf("%s: a form with conditions, bound %d", f.Family, bound)
				}
				continue
			}
			g := reachedGoal(t, &f, steps, rng, 0.5, 4)
			sp := NewSpace(&f, &g)
			px.Reset(NewJudge(&f, sp, g, nil), steps)
			for n := max(bound+1, 1); n <= 8; n++ {
				if px.Apart(n) {
					t.Fatalf("%s, steps %v: Apart(%d) holds above the bound %d", f.Family, steps, n, bound)
				}
			}
			if bound < 8 {
				below++
			}
			sets := startSets(&f, sp, g, steps)
			if len(sets) > 16 {
				continue
			}
			got := largestAntichain(sets)
			if got > bound {
				t.Fatalf("%s, steps %v: %d sets of starts none among another's, above the bound %d", f.Family, steps, got, bound)
			}
			checked++
			if got == bound {
				exact++
			}
		}
	}
	t.Logf("%d step sets checked by hand, the bound exact on %d; %d bounds below 8", checked, exact, below)
	if checked < 200 || exact < checked/4 || below < checked/2 {
		t.Errorf("%d step sets checked by hand, the bound exact on %d; %d bounds below 8: too few", checked, exact, below)
	}
}

// TestApartBoundCases checks ApartBound, as TestApartBound does, on steps
// of shapes the random steps miss: clicks on radio buttons, two radio
// groups, steps that do not resolve and Submit, a move that clamps, and
// text boxes typed into and entered.
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
		steps []Action
		bound int
	}{
		{"clicks on radio buttons of two groups", []Action{{Op: Click, Target: radio(1)}, {Op: Click, Target: radio(3)}, {Op: Select, Target: radio(2)}}, 2},
		{"a click on a checkbox", []Action{{Op: Click, Target: box}, {Op: Select, Target: radio(4)}}, 2},
		{"a step that does not resolve and Submit", []Action{{Op: Check, Target: ref(forms.Checkbox, 9)}, SubmitAction, {Op: Check, Target: box}, {Op: Set, Target: slider, N: 3}}, 2},
		{"moves that clamp", []Action{{Op: Move, Target: slider, N: 2}, {Op: Move, Target: slider, N: 4}, {Op: Set, Target: slider, N: 2}}, 6},
		{"typing and entering", []Action{{Op: Type, Target: text, Text: "a"}, {Op: Type, Target: text, Text: "b"}, {Op: Enter, Target: text, Text: "ab"}, {Op: Clear, Target: text}}, 6},
		{"sets alone on four parts", []Action{{Op: Select, Target: radio(1)}, {Op: Select, Target: radio(3)}, {Op: Uncheck, Target: box}, {Op: Enter, Target: text, Text: "b"}}, 6},
	}
	rng := rand.New(rand.NewPCG(2, 7))
	px := new(Prefixes)
	for _, tc := range tests {
		bound := ApartBound(two, tc.steps)
		if bound != tc.bound {
			t.Errorf("%s: bound %d, want %d", tc.name, bound, tc.bound)
		}
		resolved := slices.DeleteFunc(slices.Clone(tc.steps), func(a Action) bool {
			_, err := resolve(two, a)
			return err != nil || a.Op == Submit
		})
		for range 40 {
			g := reachedGoal(t, two, resolved, rng, 0.5, 3)
			sp := NewSpace(two, &g)
			px.Reset(NewJudge(two, sp, g, nil), tc.steps)
			for n := bound + 1; n <= 8; n++ {
				if px.Apart(n) {
					t.Fatalf("%s: Apart(%d) holds above the bound %d", tc.name, n, bound)
				}
			}
			if sets := startSets(two, sp, g, resolved); len(sets) <= 16 {
				if got := largestAntichain(sets); got > bound {
					t.Fatalf("%s: %d sets of starts none among another's, above the bound %d", tc.name, got, bound)
				}
			}
		}
	}
}
