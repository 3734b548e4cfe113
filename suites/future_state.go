package suites

import (
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	register(Suite{
		Name:    "future_state",
		Summary: "Say whether two plans from the pictured state leave the form in the same state just before Submit.",
		Horizon: "actions before Submit in Plan A (Plan B has as many)",
		draw:    drawFutureState,
	})
}

// secondPlan derives plan B from plan A: a reordering of A's steps or A
// with some steps replaced by others, never A itself.
func secondPlan(f *forms.Form, a []statesim.Action, rng *rand.Rand) ([]statesim.Action, bool) {
	h := len(a)
	for try := 0; try < 20; try++ {
		b := slices.Clone(a)
		if h > 1 && rng.IntN(2) == 0 {
			rng.Shuffle(h, func(i, j int) { b[i], b[j] = b[j], b[i] })
		} else {
			for k := 1 + rng.IntN(h); k > 0; k-- {
				b[rng.IntN(h)] = perturb.Step(f, rng)
			}
		}
		if !slices.Equal(a, b) {
			return b, true
		}
	}
	return nil, false
}

// drawFutureState draws a form and two plans of the cell's horizon whose
// verdict depends on the start, then two starts from the family's start
// distribution: one from which the plans end in the same state and one
// from which they do not. The cell's balance says which is pictured, so
// the plans' text says nothing of the answer.
func drawFutureState(c *cell, rng *rand.Rand) (Question, error) {
	f := c.fam.NewForm(rng)
	a := make([]statesim.Action, c.h)
	for i := range a {
		a[i] = perturb.Step(&f, rng)
	}
	b, ok := secondPlan(&f, a, rng)
	if !ok {
		return Question{}, errRetry
	}
	plans := [][]statesim.Action{withSubmit(a), withSubmit(b)}
	sj := statesim.NewJudge(&f, statesim.NewSpace(&f, nil), statesim.Goal{}, plans)
	if same, differ := sj.Verdicts(); !same || !differ {
		return Question{}, errRetry // the verdict would not depend on the start
	}
	var agree, differ statesim.State
	fa, fb := make(statesim.State, len(f.Elements)), make(statesim.State, len(f.Elements))
	for try := 0; try < 64 && (agree == nil || differ == nil); try++ {
		s := statesim.RandomState(&f, rng, 0.5)
		outA, errA := statesim.RunTo(&f, s, plans[0], fa)
		outB, errB := statesim.RunTo(&f, s, plans[1], fb)
		if errA != nil || errB != nil {
			return Question{}, errRetry
		}
		switch {
		case outA.Final.Equal(outB.Final) && agree == nil:
			agree = s
		case !outA.Final.Equal(outB.Final) && differ == nil:
			differ = s
		}
	}
	if agree == nil || differ == nil {
		return Question{}, errRetry
	}
	yes := c.slot("answer", 2) == 0
	start := differ
	if yes {
		start = agree
	}
	var q Question
	q.Meta = Meta{Form: f, Start: start, Pictures: []statesim.State{start}, Starts: []statesim.State{agree, differ}, Plans: plans}
	q.Meta.Finals, q.Meta.Valid = finals(&f, start, plans)
	q.Choices = []string{"Yes", "No"}
	q.Labels = []string{"correct", "the final states differ"}
	q.Answer, q.AnswerIdx = "Yes", 0
	if !yes {
		q.Labels = []string{"the final states are the same", "correct"}
		q.Answer, q.AnswerIdx = "No", 1
	}
	q.Meta.Answer = q.Answer
	q.Question = "Plan A:\n" + PlanText(&f, plans[0]) + "\nPlan B:\n" + PlanText(&f, plans[1]) +
		"\nBoth plans start from the form in the screenshot. Just before Submit is hit, is the form in the same state under Plan A as under Plan B?"
	q.Caption = statesim.Describe(&f, start)
	q.ImageNeeded = true // the other start of Starts flips the answer
	return q, nil
}
