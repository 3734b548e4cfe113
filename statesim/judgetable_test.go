package statesim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestTabulateSameAnswers checks that a judge with tables gives the
// holding values a judge without them gives, for random plans on every
// built-in family and a form whose parts conditions tie together.
func TestTabulateSameAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var fs []forms.Form
	for _, fam := range forms.Builtins() {
		for range 10 {
			fs = append(fs, fam.NewForm(rng))
		}
	}
	fs = append(fs, *conditionalForm())
	compared := 0
	for _, f := range fs {
		vocab := Vocabulary(&f)
		start := RandomState(&f, rng, 0.5)
		plan := make([]Action, 0, 9)
		for range 1 + rng.IntN(8) {
			plan = append(plan, vocab[rng.IntN(len(vocab))])
		}
		out, err := Run(&f, start, append(plan, SubmitAction))
		if err != nil {
			t.Fatal(err)
		}
		var wants []Want
		for i, e := range f.Elements {
			if e.Kind != forms.Submit && e.Kind != forms.Radio {
				wants = append(wants, Want{Target: f.RefOf(i), Value: out.Final[i]})
			}
		}
		g := Goal{Wants: wants}
		sp := NewSpace(&f, &g)
		plain := NewJudge(&f, sp, g, [][]Action{nil})
		tab := NewJudge(&f, sp, g, [][]Action{nil})
		tab.Tabulate()
		for range 30 { // orders of the plan's steps, sharing every step
			order := slices.Clone(append(plan, SubmitAction))
			rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
			plain.SetPlan(0, order)
			tab.SetPlan(0, order)
			for p := range sp.Parts {
				want, got := plain.AppendHolding(nil, 0, p), tab.AppendHolding(nil, 0, p)
				if !slices.EqualFunc(want, got, State.Equal) {
					t.Fatalf("%s part %d order %v: tables give %d values, replay %d", f.Family, p, order, len(got), len(want))
				}
				compared++
			}
		}
	}
	if compared < 1000 {
		t.Errorf("only %d comparisons", compared)
	}
}
