package statesim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestApart checks Prefixes.Apart against working it out by hand: for
// random steps on every built-in family and a conditional form, every
// sequence of all the steps is replayed by the plain judge from every
// value of every part, the distinct sets of starts are listed, and the
// largest family of them none of which is among another's is found by
// trying every subset; Apart(n) must hold exactly up to its size. It also
// finds, where the starts are few enough to list, the most options the
// steps can give (each holding from a start no other holds from) and
// checks that they are never more than that family's size, which is why
// a sampler may give up steps that are not Apart.
func TestApart(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	var fs []forms.Form
	for _, fam := range forms.Builtins() {
		for range 30 {
			fs = append(fs, fam.NewForm(rng))
		}
	}
	for range 10 {
		fs = append(fs, *conditionalForm())
	}
	px := new(Prefixes)
	checked, options, wide := 0, 0, 0
	for _, f := range fs {
		vocab := Vocabulary(&f)
		var steps []Action
		for _, k := range rng.Perm(len(vocab))[:min(len(vocab), 1+rng.IntN(5))] {
			steps = append(steps, vocab[k])
		}
		out, err := Run(&f, RandomState(&f, rng, 0.5), append(slices.Clone(steps), SubmitAction))
		if err != nil {
			t.Fatal(err)
		}
		var wants []Want
		for i, e := range f.Elements {
			if e.Kind != forms.Submit && rng.IntN(4) > 0 {
				wants = append(wants, Want{Target: f.RefOf(i), Value: out.Final[i]})
			}
		}
		g := Goal{Wants: wants}
		sp := NewSpace(&f, &g)
		px.Reset(NewJudge(&f, sp, g, nil), steps)

		plain := NewJudge(&f, sp, g, [][]Action{nil})
		var sets []startSet
		for _, seq := range sequences(steps) {
			plain.SetPlan(0, append(slices.Clone(seq), SubmitAction))
			s := make(startSet, len(sp.Parts))
			live := true
			for p := range sp.Parts {
				for k, v := range sp.Values[p] {
					if plain.holds(0, p, v) {
						s[p] = append(s[p], k)
					}
				}
				live = live && len(s[p]) > 0
			}
			if live && !slices.ContainsFunc(sets, s.equal) {
				sets = append(sets, s)
			}
		}
		if len(sets) > 16 {
			continue
		}
		got := largestAntichain(sets)
		for n := 1; n <= len(sets)+1; n++ {
			if apart := px.Apart(n); apart != (got >= n) {
				t.Fatalf("%s, steps %v: Apart(%d) %v, but by hand the largest family is %d (%d sets of starts)", f.Family, steps, n, apart, got, len(sets))
			}
		}
		checked++
		if got >= 2 {
			wide++
		}
		if most, ok := mostOptions(sets); ok {
			if most > got {
				t.Fatalf("%s, steps %v: %d options can be told apart, more than the largest family, %d", f.Family, steps, most, got)
			}
			options++
		}
	}
	if checked < 150 || options < 100 || wide < 50 {
		t.Errorf("%d step sets checked, %d with their options counted, %d of width 2 or more: too few", checked, options, wide)
	}
}

// startSet is, per part, the indices of the values a sequence holds from.
type startSet [][]int

func (a startSet) equal(b startSet) bool {
	return slices.EqualFunc(a, b, slices.Equal)
}

// among reports whether every start of a is one of b's.
func (a startSet) among(b startSet) bool {
	for p := range a {
		for _, v := range a[p] {
			if !slices.Contains(b[p], v) {
				return false
			}
		}
	}
	return true
}

// sequences lists every sequence of distinct steps, the empty one first.
func sequences(steps []Action) [][]Action {
	out := [][]Action{nil}
	for k := 0; k < len(out); k++ {
		for _, s := range steps {
			if !slices.Contains(out[k], s) {
				out = append(out, append(slices.Clone(out[k]), s))
			}
		}
	}
	return out
}

// largestAntichain tries every subset of sets.
func largestAntichain(sets []startSet) int {
	best := 0
	for mask := 0; mask < 1<<len(sets); mask++ {
		n, ok := 0, true
		for a := range sets {
			if mask&(1<<a) == 0 {
				continue
			}
			n++
			for b := range sets {
				if b != a && mask&(1<<b) != 0 && sets[a].among(sets[b]) {
					ok = false
				}
			}
		}
		if ok {
			best = max(best, n)
		}
	}
	return best
}

// mostOptions tries every subset of sets for one where each has a start
// no other of the subset holds from, and returns the largest size; false
// when some set has too many starts to list.
func mostOptions(sets []startSet) (int, bool) {
	starts := make([][][]int, len(sets))
	for k, s := range sets {
		starts[k] = [][]int{nil}
		for _, vals := range s {
			var next [][]int
			for _, pre := range starts[k] {
				for _, v := range vals {
					next = append(next, append(slices.Clone(pre), v))
				}
			}
			if starts[k] = next; len(next) > 2000 {
				return 0, false
			}
		}
	}
	holds := func(s startSet, start []int) bool {
		for p, v := range start {
			if !slices.Contains(s[p], v) {
				return false
			}
		}
		return true
	}
	best := 0
	for mask := 0; mask < 1<<len(sets); mask++ {
		n, ok := 0, true
		for a := range sets {
			if mask&(1<<a) == 0 {
				continue
			}
			n++
			own := slices.ContainsFunc(starts[a], func(start []int) bool {
				for b := range sets {
					if b != a && mask&(1<<b) != 0 && holds(sets[b], start) {
						return false
					}
				}
				return true
			})
			ok = ok && own
		}
		if ok {
			best = max(best, n)
		}
	}
	return best, true
}

// TestApartLimits checks Apart where it does not compare sets: a part
// acted on by more steps than maxPartSteps is taken to be Apart, and a
// want on an element the form lacks leaves no start to hold from.
func TestApartLimits(t *testing.T) {
	var fam forms.Family
	for _, b := range forms.Builtins() {
		if b.Name == "slider_checkboxes" {
			fam = b
		}
	}
	rng := rand.New(rand.NewPCG(7, 1))
	f := fam.NewForm(rng)
	slider := slices.IndexFunc(f.Elements, func(e forms.Element) bool { return e.Kind == forms.Slider })
	if slider < 0 {
		t.Fatal("no slider on a slider_checkboxes form")
	}
	var steps []Action
	for a := range Actions(&f) {
		if i, err := Resolve(&f, a); err == nil && i == slider {
			steps = append(steps, a)
		}
	}
	if len(steps) <= maxPartSteps {
		t.Fatalf("%d steps on the slider, want more than %d", len(steps), maxPartSteps)
	}
	steps = steps[:maxPartSteps+1]
	tests := []struct {
		name string
		want Want
		n    int
		ok   bool
	}{
		{"too many steps on a part to compare", Want{Target: f.RefOf(slider), Value: Clean(&f)[slider]}, 4, true},
		{"a want on an element the form lacks", Want{Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 99}, Value: Value{N: 1}}, 1, false},
	}
	px := new(Prefixes)
	for _, tt := range tests {
		g := Goal{Wants: []Want{tt.want}}
		px.Reset(NewJudge(&f, NewSpace(&f, &g), g, nil), steps)
		if got := px.Apart(tt.n); got != tt.ok {
			t.Errorf("%s: Apart(%d) = %v, want %v", tt.name, tt.n, got, tt.ok)
		}
	}
}
