package perturb

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

func TestGoalIsValidAndFollowsInTask(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, fam := range forms.Builtins() {
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
	for _, fam := range forms.Builtins() {
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
	for _, fam := range forms.Builtins() {
		for i := 0; i < 300; i++ {
			f := fam.NewForm(rng)
			clean := statesim.Clean(&f)
			g := Goal(&fam, &f, rng)
			n := 1 + rng.IntN(3)
			errs, start := Errors(&f, clean, g, n, rng)
			if len(errs) > n {
				t.Fatalf("%d errors, asked for %d", len(errs), n)
			}
			s := clean
			for _, e := range errs {
				next, err := statesim.Apply(&f, s, e.Action)
				if err != nil {
					t.Fatal(err)
				}
				if next.Equal(s) || g.Unmet(&f, next) < g.Unmet(&f, s) {
					t.Fatalf("%s: error %+v changes nothing or helps", fam.Name, e)
				}
				s = next
			}
			if !s.Equal(start) {
				t.Fatalf("%s: replaying the errors gives %s, not the start %s", fam.Name, s, start)
			}
		}
	}
}

func TestCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		radix []int
		n     int
	}{{[]int{2}, 2}, {[]int{2, 2}, 3}, {[]int{2, 2}, 4}, {[]int{2, 2, 2}, 5}, {[]int{2, 2, 2}, 8}, {[]int{3, 2}, 5}, {[]int{4}, 4}} {
		size := 1
		for _, r := range tc.radix {
			size *= r
		}
		seen := map[string]int{}
		for i := 0; i < 2000; i++ {
			codes := Codes(tc.radix, tc.n, rng)
			if len(codes) != tc.n || slices.ContainsFunc(codes[0], func(d int) bool { return d != 0 }) {
				t.Fatalf("Codes(%v, %d) = %v", tc.radix, tc.n, codes)
			}
			distinct := map[string]bool{}
			for _, c := range codes {
				for p, d := range c {
					if d < 0 || d >= tc.radix[p] {
						t.Fatalf("Codes(%v, %d) = %v: digit out of range", tc.radix, tc.n, codes)
					}
				}
				key := fmt.Sprint(c)
				if distinct[key] {
					t.Fatalf("Codes(%v, %d) = %v: repeated", tc.radix, tc.n, codes)
				}
				distinct[key] = true
				seen[key]++
			}
		}
		// Every code but the all-zero one is drawn about equally often.
		if len(seen) != size {
			t.Errorf("Codes(%v, %d): %d distinct codes drawn, want %d", tc.radix, tc.n, len(seen), size)
		}
		exp := 2000 * float64(tc.n-1) / float64(size-1)
		for key, k := range seen {
			if key != fmt.Sprint(make([]int, len(tc.radix))) && (float64(k) < 0.85*exp || float64(k) > 1.15*exp) {
				t.Errorf("Codes(%v, %d): code %s drawn %d times, expected about %.0f", tc.radix, tc.n, key, k, exp)
			}
		}
	}
}
