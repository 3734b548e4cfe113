package perturb

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

func TestGoalIsValidAndFollowsInTask(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, fam := range forms.Defaults() {
		for i := 0; i < 500; i++ {
			f := fam.NewForm(rng)
			g := Goal(&fam, &f, rng)
			if err := g.Validate(&f); err != nil {
				t.Fatalf("%s: %v", fam.Name, err)
			}
			counts := map[forms.Kind]int{}
			for _, w := range g.Wants {
				counts[w.Target.Kind]++
			}
			want := map[string]map[forms.Kind]int{
				"checkboxes":        {forms.Checkbox: f.Count(forms.Checkbox)},
				"slider_checkboxes": {forms.Slider: 1, forms.Checkbox: 3},
				"radio_textboxes":   {forms.Radio: 1, forms.TextBox: 1},
			}[fam.Name]
			for k, n := range want {
				if counts[k] != n {
					t.Fatalf("%s: %d wants on %ss, want %d (%v)", fam.Name, counts[k], k, n, g.Wants)
				}
			}
		}
	}
}

func TestStepIsInTheVocabulary(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, fam := range forms.Defaults() {
		f := fam.NewForm(rng)
		vocab := map[statesim.Action]bool{}
		for _, a := range statesim.Vocabulary(&f) {
			vocab[a] = true
		}
		kinds := map[forms.Kind]bool{}
		for i := 0; i < 2000; i++ {
			a := Step(&f, rng)
			if !vocab[a] {
				t.Fatalf("%s: step %+v is not in the vocabulary", fam.Name, a)
			}
			kinds[a.Target.Kind] = true
		}
		for _, e := range f.Elements {
			if e.Kind != forms.Submit && !kinds[e.Kind] {
				t.Errorf("%s: no step on a %s in 2000 draws", fam.Name, e.Kind)
			}
		}
	}
}

func TestErrorsAreMistakes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	enclosed := map[string]int{} // mistakes on a disabled element, per family
	for _, fam := range forms.Defaults() {
		for i := 0; i < 300; i++ {
			f := fam.NewForm(rng)
			clean := statesim.Clean(&f)
			g := Goal(&fam, &f, rng)
			n := 1 + rng.IntN(3)
			errs, start := Errors(&f, clean, g, n, rng)
			mistakes := 0
			s := clean
			for k := 0; k < len(errs); k++ {
				// One mistake: its step, with the steps that enabled its
				// element before it and disabled it after.
				next, from := s, k
				for ; k < len(errs); k++ {
					var err error
					if next, err = statesim.Apply(&f, next, errs[k].Action); err != nil {
						t.Fatal(err)
					}
					if errs[k].Kind != Enabling && (k+1 == len(errs) || errs[k+1].Kind != Disabling) {
						break
					}
				}
				if errs[from].Kind == Enabling {
					enclosed[fam.Name]++
				}
				if errs[from].Kind == Enabling && statesim.Enabled(&f, s, mustFind(t, &f, errs[from+1].Action)) {
					t.Fatalf("%s: steps %+v enable an element that was enabled", fam.Name, errs[from:k+1])
				}
				if next.Equal(s) || g.Unmet(&f, next) < g.Unmet(&f, s) {
					t.Fatalf("%s: mistake %+v changes nothing or helps", fam.Name, errs[from:k+1])
				}
				mistakes++
				s = next
			}
			if mistakes > n {
				t.Fatalf("%d mistakes, asked for %d", mistakes, n)
			}
			if !s.Equal(start) {
				t.Fatalf("%s: replaying the errors gives %s, not the start %s", fam.Name, s, start)
			}
		}
		f := fam.NewForm(rng)
		if f.Conditional() != (enclosed[fam.Name] > 0) {
			t.Errorf("%s: %d mistakes made on disabled elements in 300 forms", fam.Name, enclosed[fam.Name])
		}
	}
}

func mustFind(t *testing.T, f *forms.Form, a statesim.Action) int {
	t.Helper()
	i, err := f.Find(a.Target)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// twinDraw draws a form of fam, a task and a random state from a, and
// the same draws from b, a twin of a, so that both stay at one point.
func twinDraw(fam *forms.Family, a, b *rand.Rand) (forms.Form, statesim.Goal, statesim.State) {
	f := fam.NewForm(a)
	fam.NewForm(b)
	g := Goal(fam, &f, a)
	Goal(fam, &f, b)
	s := statesim.RandomState(&f, a, 0.3)
	statesim.RandomState(&f, b, 0.3)
	return f, g, s
}

// twinIntN draws a number below n from a, and the same from b.
func twinIntN(n int, a, b *rand.Rand) int {
	b.IntN(n)
	return a.IntN(n)
}

// TestMistakesAsErrors checks that one Mistakes used again and again, on
// forms of every family, draws what Errors (a Mistakes of its own each
// time) draws from a twin source, half the time from the state its last
// call returned. TestSameQuestions checks that the draws are those of
// before.
func TestMistakesAsErrors(t *testing.T) {
	a, b := rand.New(rand.NewPCG(8, 1)), rand.New(rand.NewPCG(8, 1))
	var m Mistakes
	var last statesim.State
	for _, fam := range forms.Defaults() {
		for range 200 {
			f, g, s := twinDraw(&fam, a, b)
			if last != nil && len(last) == len(s) {
				if twinIntN(2, a, b) == 0 {
					s = last // a state Make returned, which Make may overwrite
				}
			}
			n := twinIntN(3, a, b) + 1
			wantErrs, wantState := Errors(&f, s, g, n, b) // before Make overwrites s
			gotErrs, gotState := m.Make(&f, s, g, n, a)
			last = gotState
			if len(gotErrs) != len(wantErrs) || !gotState.Equal(wantState) {
				t.Fatalf("%s: Make gave %+v ending in %s, Errors %+v ending in %s", fam.Name, gotErrs, gotState, wantErrs, wantState)
			}
			for k := range wantErrs {
				if gotErrs[k] != wantErrs[k] {
					t.Fatalf("%s: mistake %d is %+v, Errors made %+v", fam.Name, k, gotErrs[k], wantErrs[k])
				}
			}
		}
	}
}

// wholeStates is Errors as it was first written: each try applies the
// mistake drawn (drawMistake) to a copy of the whole state, compares the
// whole states and counts every want again. Make counts only where a
// plain mistake acts.
func wholeStates(f *forms.Form, s statesim.State, g statesim.Goal, n int, rng *rand.Rand) ([]Error, statesim.State) {
	var out []Error
	s = s.Clone()
	unmet := g.Unmet(f, s)
	for tries, made := 0, 0; made < n && tries < 50; tries++ {
		i := rng.IntN(len(f.Elements))
		er, ok := drawMistake(f, s, &g, i, rng)
		if !ok {
			continue
		}
		e := &f.Elements[i]
		ers := []Error{er}
		if e.EnabledBy != nil && !statesim.Enabled(f, s, i) {
			var members []int
			ers = appendEnclosed(nil, &members, f, s, i, er, rng)
		}
		t := s.Clone()
		for _, x := range ers {
			statesim.ApplyInPlace(f, t, x.Action)
		}
		if u := g.Unmet(f, t); !t.Equal(s) && u >= unmet {
			s, unmet = t, u
			out = append(out, ers...)
			made++
		}
	}
	return out, s
}

// TestMistakesLikeWholeStates checks Make, which looks at a plain
// mistake's element (or radio group) alone, against wholeStates, which
// compares and counts whole states, from twin sources on forms of every
// family, mistakes on disabled elements among them: the same mistakes, the same
// state, and the sources left at the same point.
func TestMistakesLikeWholeStates(t *testing.T) {
	a, b := rand.New(rand.NewPCG(5, 2)), rand.New(rand.NewPCG(5, 2))
	var m Mistakes
	enclosed := 0 // mistakes made on disabled elements, with their steps
	for _, fam := range forms.Defaults() {
		for range 300 {
			f, g, s := twinDraw(&fam, a, b)
			n := twinIntN(3, a, b) + 1
			wantErrs, wantState := wholeStates(&f, s, g, n, b)
			gotErrs, gotState := m.Make(&f, s, g, n, a)
			if !slices.Equal(gotErrs, wantErrs) || !gotState.Equal(wantState) {
				t.Fatalf("%s: Make gave %+v ending in %s, whole states %+v ending in %s", fam.Name, gotErrs, gotState, wantErrs, wantState)
			}
			if a.Uint64() != b.Uint64() {
				t.Fatalf("%s: Make drew other numbers than whole states", fam.Name)
			}
			for _, e := range gotErrs {
				if e.Kind == Enabling {
					enclosed++
				}
			}
		}
	}
	if enclosed == 0 {
		t.Error("no mistake on a disabled element was made")
	}
}
