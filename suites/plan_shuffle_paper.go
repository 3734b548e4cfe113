package suites

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

// PaperOrders are the seed paper's fixed reorderings of a plan of 4 or 5
// steps, by plan length: entry k of an order is the position, in the
// original plan, of the step that comes k-th. The first is the original
// order, the second the reversed one.
var PaperOrders = map[int][][]int{
	4: {{0, 1, 2, 3}, {3, 2, 1, 0}, {3, 2, 0, 1}, {2, 3, 1, 0}},
	5: {{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {4, 3, 2, 0, 1}, {3, 2, 1, 0, 4}},
}

// errPaperShuffle is the error of a plan_shuffle cell the paper's
// reorderings do not cover.
var errPaperShuffle = errors.New("the paper's fixed reorderings exist for plans of 4 and 5 steps, as 4 options")

// drawPlanShufflePaper draws a plan_shuffle question as the seed paper
// makes them: horizon steps and Submit, run from a random start, define
// the task; the options are the paper's fixed reorderings of the steps
// (Submit stays last), and the original order must be the only one that
// completes the task from the start, or from any other start the family
// can give. The original is always the answer,
// and the set of options gives away which one it is (no other option's
// reorderings give the same set), so a reader of the text alone who
// knows this finds the answer: such rows have image_needed false.
func drawPlanShufflePaper(c *cell, rng *rand.Rand) (question.Question, error) {
	orders, ok := PaperOrders[c.h]
	if !ok || c.sp.choices() != len(orders) {
		return question.Question{}, errPaperShuffle
	}
	f := c.fam.NewForm(rng)
	steps, touched, ok := distinctSteps(&f, c.h, rng)
	if !ok {
		return question.Question{}, errRetry
	}
	start := statesim.RandomState(&f, rng, 0.3)
	out, err := statesim.Run(&f, start, withSubmit(steps))
	if err != nil {
		return question.Question{}, err
	}
	g := goalFromState(&f, out.Final, touched)
	j := newJudge(&f, g)
	cands := make([]candidate, len(orders))
	plans := make([][]statesim.Action, len(orders))
	for k, order := range orders {
		plan := make([]statesim.Action, 0, c.h+1)
		for _, from := range order {
			plan = append(plan, steps[from])
		}
		plan = append(plan, statesim.SubmitAction)
		if k > 0 && j.correct(plan, start) {
			return question.Question{}, errRetry // another order completes the task too
		}
		cands[k] = candidate{start: start, plan: plan}
		plans[k] = plan
	}
	if OtherCanBeCorrect(&f, g, start, plans, 0) {
		return question.Question{}, errRetry // from another start, another order
	}
	q, err := finishAt(c, &f, g, cands, 0, "The plans below hold the same steps in different orders. "+whichPlan, rng)
	if err != nil {
		return question.Question{}, err
	}
	q.Meta.Starts = nil // no option but the original has a start of its own
	q.ImageNeeded = false
	return q, nil
}

// OtherCanBeCorrect reports whether a plan other than plans[k] reaches g
// from some start of the space of f, g and start (startspace.NewSpace): a
// paper plan_shuffle draw is kept only when none does, so that no other
// reordering completes the task from any start.
func OtherCanBeCorrect(f *forms.Form, g statesim.Goal, start statesim.State, plans [][]statesim.Action, k int) bool {
	sp := startspace.NewSpace(f, &g, start)
	j := startspace.NewJudge(f, sp, g, plans)
	for o := range plans {
		if o != k && j.CanBeCorrect(o) {
			return true
		}
	}
	return false
}

// PaperOriginal returns the option of plans (each ending in Submit) whose
// paper reorderings give exactly the set of plans: the original order, the
// answer of a plan_shuffle row made under the Paper protocol. It returns
// -1 when no option or more than one does so.
func PaperOriginal(plans [][]statesim.Action) int {
	found := -1
	for k, p := range plans {
		if len(p) == 0 {
			return -1
		}
		orders, ok := PaperOrders[len(p)-1]
		if !ok || len(orders) != len(plans) {
			return -1
		}
		all := true
		for _, order := range orders {
			re := make([]statesim.Action, 0, len(p))
			for _, from := range order {
				re = append(re, p[from])
			}
			re = append(re, p[len(p)-1])
			if !slices.ContainsFunc(plans, func(q []statesim.Action) bool { return slices.Equal(q, re) }) {
				all = false
				break
			}
		}
		if all {
			if found >= 0 {
				return -1
			}
			found = k
		}
	}
	return found
}

// paperOriginal reads plan_shuffle's questions made under the Paper
// protocol knowing how that protocol makes their options: the paper's
// fixed reorderings of one plan, the original the answer. It picks the
// option whose reorderings are the option set, and so beats chance.
var paperOriginal = textonly.Reader{Name: "the paper's original order", Score: func(v *textonly.View) []float64 {
	o := PaperOriginal(v.Meta.Plans)
	return textonly.Each(v, func(j int) float64 { return textonly.B2F(j == o) })
}}
