package startspace

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// TestPrefixesSameAnswers checks the tree of step sequences against
// replaying each order from every value (appendHolding): for random
// distinct steps on every built-in family and a form whose parts
// conditions tie together, every order of the steps and Submit holds from
// the same values of each part, in the same order, and from the same
// random starts. One Prefixes and one Space are reset for every form, as
// plan_shuffle's pool reuses them (half the time the Prefixes was reset
// on the same judge for other steps first), while the replay runs on a
// space of its own. Some step sets hold a step the form cannot resolve,
// from which no order holds. It runs twice: with the hashes that find
// values and nodes, and with every hash the same, so that comparing them
// alone must tell values and nodes apart. The tables of parts without
// text boxes are kept from one form to the next (keptTable): with them,
// it checks that forms share them (far fewer are kept than such parts
// met), and it runs again with no steps' maps kept and with no tables
// kept.
func TestPrefixesSameAnswers(t *testing.T) {
	t.Run("hashes", func(t *testing.T) {
		px := checkPrefixes(t)
		if px.tab.count == 0 || px.tab.count > 30 || px.tab.entries == 0 {
			t.Errorf("%d tables kept, with %d entries of maps: want a few, shared by the forms", px.tab.count, px.tab.entries)
		}
	})
	t.Run("every hash colliding", func(t *testing.T) {
		defer func(m uint64) { hashMask = m }(hashMask)
		hashMask = 0
		checkPrefixes(t)
	})
	t.Run("no maps kept", func(t *testing.T) {
		defer func(m int) { maxKeptEntries = m }(maxKeptEntries)
		maxKeptEntries = 0
		if px := checkPrefixes(t); px.tab.count == 0 || px.tab.entries != 0 {
			t.Errorf("%d tables kept, with %d entries of maps: want some, with none", px.tab.count, px.tab.entries)
		}
	})
	t.Run("no tables kept", func(t *testing.T) {
		defer func(m int) { maxKept = m }(maxKept)
		maxKept = 0
		if px := checkPrefixes(t); px.tab.count != 0 {
			t.Errorf("%d tables kept, want none", px.tab.count)
		}
	})
}

// checkPrefixes runs TestPrefixesSameAnswers' checks and returns the
// Prefixes it reset for every form.
func checkPrefixes(t *testing.T) *Prefixes {
	rng := rand.New(rand.NewPCG(9, 9))
	fs := sampleForms(rng, 12, 6)
	px, reused := new(Prefixes), new(Space)
	compared, empty := 0, 0
	for n, f := range fs {
		steps := randomSteps(&f, rng, 5)
		if n%7 == 3 {
			// A step on an element the form lacks: no order resolves it.
			steps = append(steps, statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "no such box"}})
		}
		out, err := statesim.Run(&f, statesim.RandomState(&f, rng, 0.5), []statesim.Action{steps[0], statesim.SubmitAction})
		if err != nil {
			t.Fatal(err)
		}
		g := statesim.Goal{Wants: wantsOf(&f, out.Final, rng, 3)}
		sp := NewSpace(&f, &g)
		plain := NewJudge(&f, sp, g, [][]statesim.Action{nil})
		reused.Reset(&f, &g)
		j := NewJudge(&f, reused, g, nil)
		if n%2 == 0 {
			// The Prefixes reset on this judge for other steps first.
			px.Reset(j, steps[len(steps)-1:])
			px.Extend(px.Root(), 0)
		}
		px.Reset(j, steps)
		items := append(slices.Clone(steps), statesim.SubmitAction)
		idx := make([]int, len(items))
		for k := range idx {
			idx[k] = k
		}
		for range 40 {
			rng.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
			order := make([]statesim.Action, len(idx))
			seq := px.Root()
			submitted := false
			for k, s := range idx {
				order[k] = items[s]
				if s == len(steps) {
					submitted = true
				}
				if !submitted {
					seq = px.Extend(seq, s)
				}
			}
			plain.SetPlan(0, order)
			vs := make([]int, len(sp.Parts))
			for p := range sp.Parts {
				want := appendHolding(plain, nil, 0, p)
				if got := px.Count(seq, p); got != len(want) {
					t.Fatalf("%s part %d order %v: %d values hold, want %d", f.Family, p, order, got, len(want))
				}
				for k, w := range want {
					if v := sp.Values[p][px.Nth(seq, p, k)]; !v.Equal(w) {
						t.Fatalf("%s part %d order %v: value %d is %v, want %v", f.Family, p, order, k, v, w)
					}
				}
				if len(want) == 0 {
					empty++
				}
				vs[p] = rng.IntN(len(sp.Values[p]))
				compared++
			}
			start := make(statesim.State, len(f.Elements))
			for p, v := range vs {
				sp.Put(start, p, sp.Values[p][v])
			}
			res, err := statesim.Run(&f, start, order)
			holds := err == nil && res.Submitted && g.Unmet(&f, res.Final) == 0
			if got := px.Holds(seq, vs); got != holds {
				t.Fatalf("%s order %v from %v: Holds says %v, running it %v", f.Family, order, start, got, holds)
			}
		}
	}
	if compared < 2000 || empty == 0 || empty == compared {
		t.Errorf("%d comparisons, %d of them with no value holding: too few of a kind", compared, empty)
	}
	return px
}

// TestPrefixesNoParts checks a form with nothing but Submit: a sequence
// holds from the form's one start exactly when a judge says the order can
// be correct, so an order whose Submit comes before a step the form cannot
// resolve holds (that step never happens) and one with the step first does
// not.
func TestPrefixesNoParts(t *testing.T) {
	f := forms.Form{Family: "bare", Elements: []forms.Element{{ID: "e1", Kind: forms.Submit, Ordinal: 1, Label: "Submit"}}}
	bad := statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "no such box"}}
	g := statesim.Goal{}
	sp := NewSpace(&f, &g)
	if len(sp.Parts) != 0 {
		t.Fatalf("%d parts, want none", len(sp.Parts))
	}
	px := new(Prefixes)
	px.Reset(NewJudge(&f, sp, g, nil), []statesim.Action{bad})
	plain := NewJudge(&f, sp, g, [][]statesim.Action{nil})
	for _, c := range []struct {
		name  string
		seq   int
		order []statesim.Action
		want  bool
	}{
		{"Submit first", px.Root(), []statesim.Action{statesim.SubmitAction, bad}, true},
		{"the bad step first", px.Extend(px.Root(), 0), []statesim.Action{bad, statesim.SubmitAction}, false},
	} {
		plain.SetPlan(0, c.order)
		if judged := plain.CanBeCorrect(0); judged != c.want {
			t.Fatalf("%s: the judge says %v, want %v", c.name, judged, c.want)
		}
		if got := px.Holds(c.seq, nil); got != c.want {
			t.Errorf("%s: Holds says %v, want %v", c.name, got, c.want)
		}
	}
}

// TestPrefixesLackingWant checks that a goal with a want on an element the
// form lacks is met from no value of any part, as the plain judge has it,
// while the same goal without that want is met from the values that hold
// its other want.
func TestPrefixesLackingWant(t *testing.T) {
	f := forms.Form{Family: "two", Refer: forms.ByOrdinal, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Group: "g0"},
		{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Group: "g0"},
		{ID: "e2", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
	box := func(n int) forms.Ref { return forms.Ref{Kind: forms.Checkbox, Ordinal: n} }
	click := statesim.Action{Op: statesim.Click, Target: box(2)}
	for _, c := range []struct {
		name  string
		wants []statesim.Want
		count []int // per part, at the root and after the click
	}{
		{"met where box 1 is checked", []statesim.Want{{Target: box(1), Value: statesim.Value{N: 1}}}, []int{1, 2, 1, 2}},
		{"a box the form lacks", []statesim.Want{{Target: box(1), Value: statesim.Value{N: 1}}, {Target: box(3), Value: statesim.Value{N: 1}}}, []int{0, 0, 0, 0}},
	} {
		g := statesim.Goal{Wants: c.wants}
		sp := NewSpace(&f, &g)
		px := new(Prefixes)
		px.Reset(NewJudge(&f, sp, g, nil), []statesim.Action{click})
		plain := NewJudge(&f, sp, g, [][]statesim.Action{{statesim.SubmitAction}})
		var got []int
		for _, seq := range []int{px.Root(), px.Extend(px.Root(), 0)} {
			for p := range sp.Parts {
				got = append(got, px.Count(seq, p))
			}
		}
		if !slices.Equal(got, c.count) {
			t.Errorf("%s: counts %v, want %v", c.name, got, c.count)
		}
		if can := plain.CanBeCorrect(0); can != (c.count[0] > 0) {
			t.Errorf("%s: the plain judge says Submit first can be correct: %v", c.name, can)
		}
	}
}

// TestPrefixesKeptShapes resets one Prefixes, in turn, for forms whose
// one part has the same elements and the same values but other
// conditions (another threshold, the other element enabling), so that
// only their shapes tell their tables apart. After every Reset, each
// sequence of the steps must hold from the same values as on a Prefixes
// made for that form alone.
func TestPrefixesKeptShapes(t *testing.T) {
	form := func(sliderFirst bool, atLeast int) forms.Form {
		slider := forms.Element{ID: "e0", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1, Group: "g0"}
		box := forms.Element{ID: "e1", Kind: forms.Checkbox, Ordinal: 1, Group: "g1"}
		if sliderFirst {
			box.EnabledBy = &forms.Enabler{Element: 0, AtLeast: atLeast}
		} else {
			slider.EnabledBy = &forms.Enabler{Element: 1}
		}
		return forms.Form{Family: "shapes", Refer: forms.ByOrdinal, Elements: []forms.Element{
			slider, box, {ID: "e2", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		}}
	}
	cases := []struct {
		name string
		f    forms.Form
	}{
		{"box enabled from 5", form(true, 5)},
		{"box enabled from 7", form(true, 7)},
		{"slider enabled by the box", form(false, 0)},
	}
	slider := forms.Ref{Kind: forms.Slider, Ordinal: 1}
	box := forms.Ref{Kind: forms.Checkbox, Ordinal: 1}
	steps := []statesim.Action{{Op: statesim.Set, Target: slider, N: 6}, {Op: statesim.Click, Target: box}, {Op: statesim.Move, Target: slider, N: -2}}
	g := statesim.Goal{Wants: []statesim.Want{{Target: box, Value: statesim.Value{N: 1}}, {Target: slider, Value: statesim.Value{N: 4}}}}
	px, sp := new(Prefixes), new(Space)
	for round := range 3 {
		for _, c := range cases {
			sp.Reset(&c.f, &g)
			fresh := new(Prefixes)
			fresh.Reset(NewJudge(&c.f, NewSpace(&c.f, &g), g, nil), steps)
			px.Reset(NewJudge(&c.f, sp, g, nil), steps)
			if len(sp.Parts) != 1 || len(sp.Values[0]) != 22 {
				t.Fatalf("%s: %d parts, want one of 22 values", c.name, len(sp.Parts))
			}
			held := 0
			for _, order := range [][]int{{}, {0}, {1}, {2}, {0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}, {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
				a, b := px.Root(), fresh.Root()
				for _, s := range order {
					a, b = px.Extend(a, s), fresh.Extend(b, s)
				}
				n := fresh.Count(b, 0)
				if got := px.Count(a, 0); got != n {
					t.Fatalf("round %d, %s, steps %v: %d values hold, want %d", round, c.name, order, got, n)
				}
				for k := range n {
					if px.Nth(a, 0, k) != fresh.Nth(b, 0, k) {
						t.Fatalf("round %d, %s, steps %v: value %d differs", round, c.name, order, k)
					}
				}
				held += n
			}
			if held == 0 {
				t.Fatalf("%s: no sequence holds from any value: the test tells nothing", c.name)
			}
		}
	}
	if px.tab.count != len(cases) {
		t.Errorf("%d tables kept, want one per shape, %d", px.tab.count, len(cases))
	}
}
