package episode

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
)

// twoActions returns, for a checkboxes episode at horizon 1, a click on
// the box its task wants changed and a click on Submit.
func twoActions(t *testing.T, e *Episode) []string {
	t.Helper()
	i, err := e.Form.Find(e.unmet()[0].Target) // horizon 1: the one want the start misses
	if err != nil {
		t.Fatal(err)
	}
	submit := -1
	for k, el := range e.Form.Elements {
		if el.Kind == forms.Submit {
			submit = k
		}
	}
	return []string{fmt.Sprintf("click('%s')", e.Form.Elements[i].ID), fmt.Sprintf("click('%s')", e.Form.Elements[submit].ID)}
}

// TestSuccessChanceByHand checks cases worked out on paper. With the two
// actions "click the wanted box" and "click Submit", a run succeeds when
// Submit comes first at an even step k (an odd number of clicks before it
// leaves the box as wanted): the sum of 2^-k over even k up to the budget.
func TestSuccessChanceByHand(t *testing.T) {
	for _, budget := range []int{1, 2, 3, 4, 7, 12} {
		t.Run(fmt.Sprint("budget ", budget), func(t *testing.T) {
			e, _ := reset(t, 3, Spec{Family: "checkboxes", Horizon: 1, Budget: budget, Observe: textOnly})
			got, err := SuccessChance(e, twoActions(t, e))
			if err != nil {
				t.Fatal(err)
			}
			want := 0.0
			for k := 2; k <= budget; k += 2 {
				want += math.Pow(2, -float64(k))
			}
			if math.Abs(got-want) > 1e-12 {
				t.Fatalf("budget %d: chance %v, want %v", budget, got, want)
			}
		})
	}
	t.Run("submit only", func(t *testing.T) {
		e, _ := reset(t, 3, Spec{Family: "checkboxes", Horizon: 1, Observe: textOnly})
		got, err := SuccessChance(e, twoActions(t, e)[1:])
		if err != nil || got != 0 {
			t.Fatalf("submitting a start that misses a want: chance %v (%v), want 0", got, err)
		}
	})
}

// TestSuccessChanceAgreesWithPlay plays random runs with Step and requires
// the share that succeed to lie within the 99.9% interval of the computed
// chance, for every built-in family, with the actions of the example
// random agent (clients/python/examples/random_agent.py).
func TestSuccessChanceAgreesWithPlay(t *testing.T) {
	const runs = 2000
	for _, fam := range forms.Defaults() {
		t.Run(fam.Name, func(t *testing.T) {
			spec := Spec{Family: fam.Name, Horizon: 1, Observe: textOnly}
			e, _ := reset(t, 5, spec)
			acts := RandomAgentActions(e)
			p, err := SuccessChance(e, acts)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			wins := 0
			for range runs {
				run, _ := reset(t, 5, spec)
				for !run.Done {
					if _, err := run.Step(context.Background(), acts[rng.IntN(len(acts))]); err != nil {
						t.Fatal(err)
					}
				}
				wins += int(run.Reward)
			}
			sd := math.Sqrt(p * (1 - p) / runs)
			got := float64(wins) / runs
			if math.Abs(got-p) > 3.29*sd+1e-9 {
				t.Fatalf("%d of %d runs succeeded (%.4f); the computed chance is %.4f (sd %.4f)", wins, runs, got, p, sd)
			}
			t.Logf("%s: computed %.4f, played %.4f over %d runs of %d actions", fam.Name, p, got, runs, len(acts))
		})
	}
}

func TestSuccessChanceRefusesPictures(t *testing.T) {
	e, _ := reset(t, 3, Spec{Family: "checkboxes", Horizon: 1, Observe: textOnly})
	e.Spec.Observe = []string{ObserveScreenshot, ObserveText}
	if _, err := SuccessChance(e, twoActions(t, e)); err == nil {
		t.Fatal("an episode with pictures: no error")
	}
	e.Spec.Observe = textOnly
	if _, err := SuccessChance(e, nil); err == nil {
		t.Fatal("no actions: no error")
	}
}
