package startspace

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
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
	for _, fam := range forms.Defaults() {
		for range 30 {
			fs = append(fs, fam.NewForm(rng))
		}
	}
	for range 10 {
		fs = append(fs, *testforms.Gated())
	}
	for range 60 {
		fs = append(fs, *offGridForm())
	}
	px := new(Prefixes)
	checked, options, wide := 0, 0, 0
	for _, f := range fs {
		steps := randomSteps(&f, rng, 5)
		g := reachedGoal(t, &f, steps, rng, 0.5, 4)
		sp := NewSpace(&f, &g)
		px.Reset(NewJudge(&f, sp, g, nil), steps)
		sets := startSets(&f, sp, g, steps)
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

// startSets replays every sequence of the steps with the plain judge
// from every value of every part of sp, and lists the distinct sets of
// starts of those that hold from some start.
func startSets(f *forms.Form, sp *Space, g statesim.Goal, steps []statesim.Action) []startSet {
	plain := NewJudge(f, sp, g, [][]statesim.Action{nil})
	var sets []startSet
	for _, seq := range sequences(steps) {
		plain.SetPlan(0, append(slices.Clone(seq), statesim.SubmitAction))
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
	return sets
}

// offGridForm has a radio group of two whose 2nd enables a slider 0..100
// by 3: moving it up from 99 leaves it at 100, a value its part's space
// lacks, so the part's table holds more values than the space.
func offGridForm() *forms.Form {
	return &forms.Form{
		Family: "offgrid",
		Refer:  forms.ByOrdinal,
		Elements: []forms.Element{
			{ID: "e0", Kind: forms.Radio, Ordinal: 1, Group: "g0"},
			{ID: "e1", Kind: forms.Radio, Ordinal: 2, Group: "g0"},
			{ID: "e2", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 100, Step: 3, Group: "g1", EnabledBy: &forms.Enabler{Element: 1}},
			{ID: "e3", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		},
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
func sequences(steps []statesim.Action) [][]statesim.Action {
	out := [][]statesim.Action{nil}
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
	return largestSubset(len(sets), func(mask, a int) bool {
		for b := range sets {
			if b != a && mask&(1<<b) != 0 && sets[a].among(sets[b]) {
				return false
			}
		}
		return true
	})
}

// largestSubset returns the size of the largest subset (a bit mask) of n
// items in which every item a passes fits(mask, a), trying every subset.
func largestSubset(n int, fits func(mask, a int) bool) int {
	best := 0
	for mask := 0; mask < 1<<n; mask++ {
		size, ok := 0, true
		for a := range n {
			if mask&(1<<a) != 0 {
				size++
				ok = ok && fits(mask, a)
			}
		}
		if ok {
			best = max(best, size)
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
	return largestSubset(len(sets), func(mask, a int) bool {
		return slices.ContainsFunc(starts[a], func(start []int) bool {
			for b := range sets {
				if b != a && mask&(1<<b) != 0 && holds(sets[b], start) {
					return false
				}
			}
			return true
		})
	}), true
}

// TestApartLimits checks Apart where it does not compare sets: a part
// acted on by more steps than maxPartSteps is taken to be Apart, and a
// want on an element the form lacks, or one no value of a part no step
// acts on meets, leaves no start to hold from.
func TestApartLimits(t *testing.T) {
	var fam forms.Family
	for _, b := range forms.Defaults() {
		if b.Name == "slider_checkboxes" {
			fam = b
		}
	}
	rng := rand.New(rand.NewPCG(7, 1))
	f := fam.NewForm(rng)
	slider := slices.IndexFunc(f.Elements, func(e forms.Element) bool { return e.Kind == forms.Slider })
	box := slices.IndexFunc(f.Elements, func(e forms.Element) bool { return e.Kind == forms.Checkbox })
	if slider < 0 || box < 0 {
		t.Fatal("no slider or no checkbox on a slider_checkboxes form")
	}
	var steps []statesim.Action
	for a := range statesim.Actions(&f) {
		if i, err := statesim.Resolve(&f, a); err == nil && i == slider {
			steps = append(steps, a)
		}
	}
	if len(steps) <= maxPartSteps {
		t.Fatalf("%d steps on the slider, want more than %d", len(steps), maxPartSteps)
	}
	steps = steps[:maxPartSteps+1]
	tests := []struct {
		name string
		want statesim.Want
		n    int
		ok   bool
	}{
		{"too many steps on a part to compare", statesim.Want{Target: f.RefOf(slider), Value: statesim.Clean(&f)[slider]}, 4, true},
		{"a want on an element the form lacks", statesim.Want{Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 99}, Value: statesim.Value{N: 1}}, 1, false},
		{"a want no start meets, on a part no step acts on", statesim.Want{Target: f.RefOf(box), Value: statesim.Value{N: 2}}, 1, false},
	}
	px := new(Prefixes)
	for _, tt := range tests {
		g := statesim.Goal{Wants: []statesim.Want{tt.want}}
		px.Reset(NewJudge(&f, NewSpace(&f, &g), g, nil), steps)
		if got := px.Apart(tt.n); got != tt.ok {
			t.Errorf("%s: Apart(%d) = %v, want %v", tt.name, tt.n, got, tt.ok)
		}
	}
}

// TestWidthOfProducts checks the matching on products larger than
// TestApart reaches: 1 to 3 parts, each with 2 to 4 distinct sets drawn
// from the subsets of 5 values (up to 36 products, the most the search
// below does at once), against a search over the antichains, and with
// limits below and above the answer.
func TestWidthOfProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 3))
	var w widthScratch
	large := 0
	for range 300 {
		np := 1 + rng.IntN(3)
		parts := make([][]uint8, np) // per part: its sets, as bit sets over 5 values
		w.kept, w.class, w.sub = w.kept[:0], w.class[:0], w.sub[:0]
		sets := 1
		for k := range parts {
			m := 2 + rng.IntN(3)
			for len(parts[k]) < m {
				if b := uint8(1 + rng.IntN(31)); !slices.Contains(parts[k], b) {
					parts[k] = append(parts[k], b)
				}
			}
			var sub []bool
			for _, a := range parts[k] {
				for _, b := range parts[k] {
					sub = append(sub, a&^b == 0)
				}
			}
			w.kept = append(w.kept, k)
			w.class = append(w.class, make([]int, m))
			w.sub = append(w.sub, sub)
			sets *= m
		}
		if sets > 36 {
			continue
		}
		if sets > 16 {
			large++
		}
		// The products as one bit set over the values of all parts.
		prods := make([]uint32, sets)
		for u := range prods {
			x := u
			for k := range parts {
				prods[u] |= uint32(parts[k][x%len(parts[k])]) << (5 * k)
				x /= len(parts[k])
			}
		}
		want := largestFamily(prods)
		for _, limit := range []int{2, want, want + 1, sets + 1} {
			if got := w.width(sets, limit); got != min(want, limit) {
				t.Fatalf("parts %v: width(%d, %d) = %d, want %d", parts, sets, limit, got, min(want, limit))
			}
		}
	}
	if large < 60 {
		t.Errorf("only %d of 300 cases had more than 16 products", large)
	}
}

// largestFamily returns the size of the largest family of products (bit
// sets, one block of bits per part, no block empty) none of which holds
// another, by a search that adds them in order, keeping only those apart
// from every product taken, and gives up a branch whose products left
// cannot beat the best found.
func largestFamily(prods []uint32) int {
	apart := func(a, b uint32) bool { return a&^b != 0 && b&^a != 0 }
	best := 0
	var grow func(taken int, left []uint32)
	grow = func(taken int, left []uint32) {
		best = max(best, taken)
		for k, u := range left {
			if taken+len(left)-k <= best {
				return
			}
			var next []uint32
			for _, v := range left[k+1:] {
				if apart(u, v) {
					next = append(next, v)
				}
			}
			grow(taken+1, next)
		}
	}
	grow(0, prods)
	return best
}
