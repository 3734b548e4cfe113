package statesim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestApartBound checks ApartBound on random steps (1 to 5) of the
// built-in families without conditions, with goals the steps reach: the
// largest family of sets of starts none among another's, found by hand
// (startSets, trying every subset), is never above the bound, and
// Apart(n) is false for every n from the bound up to 8, as plan_shuffle's
// sampler needs when it gives up such steps before resetting a Prefixes.
// The bound must also be tight often enough to matter, and give nothing
// on a form with conditions.
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
