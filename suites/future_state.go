package suites

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	Register(Suite{
		Name:    "future_state",
		Summary: "Say whether two plans from the pictured state leave the form in the same state just before Submit.",
		Build:   buildFutureState,
	})
}

// futureCell returns the horizon and whether the answer is Yes for index:
// within a family's questions, indices cycle through horizons, then Yes and
// No, so every (family, horizon) cell is balanced.
func futureCell(sp *Spec, index int64) (h int, yes bool) {
	_, lo, hi, local := sp.cell(index)
	nh := int64(hi - lo + 1)
	return lo + int(local%nh), (local/nh)%2 == 0
}

// multisetKey identifies a plan's actions regardless of order.
func multisetKey(plan []statesim.Action) string {
	keys := make([]string, len(plan))
	for i, a := range plan {
		keys[i] = planKey([]statesim.Action{a})
	}
	slices.Sort(keys)
	return strings.Join(keys, "|")
}

func buildFutureState(sp *Spec, index int64) (Question, error) {
	h, yes := futureCell(sp, index)
	return build("future_state", sp, index, func(rng *rand.Rand, fam *forms.Family) (Question, error) {
		f := fam.NewForm(rng)
		start := statesim.RandomState(&f, rng, 0.5)
		a := make([]statesim.Action, h)
		for i := range a {
			a[i] = perturb.Step(&f, rng)
		}
		outA, err := statesim.Run(&f, start, a)
		if err != nil {
			return Question{}, err
		}
		// Half the pairs are reorderings (same actions), half rewrites (other
		// actions), for Yes and No alike, so "same actions means Yes" is chance.
		reorder := h > 1 && rng.IntN(2) == 0
		b, ok := secondPlan(&f, start, a, outA.Final, yes, reorder, rng)
		if !ok {
			return Question{}, errRetry
		}
		outB, _ := statesim.Run(&f, start, b)
		if outA.Final.Equal(outB.Final) != yes {
			return Question{}, errRetry
		}
		q := Question{Horizon: h}
		q.Meta = Meta{Form: f, Start: start, Pictures: []statesim.State{start}}
		q.Meta.Plans = [][]statesim.Action{withSubmit(a), withSubmit(b)}
		q.Meta.Finals, q.Meta.Valid = finals(&f, start, q.Meta.Plans)
		q.Choices = []string{"Yes", "No"}
		q.Labels = []string{"correct", "the final states differ"}
		q.Answer, q.AnswerIdx = "Yes", 0
		if !yes {
			q.Labels = []string{"the final states are the same", "correct"}
			q.Answer, q.AnswerIdx = "No", 1
		}
		q.Meta.Answer = q.Answer
		q.Question = "Plan A:\n" + PlanText(&f, q.Meta.Plans[0]) + "\nPlan B:\n" + PlanText(&f, q.Meta.Plans[1]) +
			"\nBoth plans start from the form in the screenshot. Just before Submit is hit, is the form in the same state under Plan A as under Plan B?"
		q.Caption = statesim.Describe(&f, start)
		c := 0
		if !yes {
			c = -1
		}
		q.ImageNeeded = dependsOnStart(&f, start, 1, c, samePartOK(&f, q.Meta.Plans[0], q.Meta.Plans[1]))
		return q, nil
	})
}

// samePartOK says, for start t, whether the two plans agree on a part.
func samePartOK(f *forms.Form, a, b []statesim.Action) func(t statesim.State, part int) []bool {
	parts := groups(f)
	return func(t statesim.State, p int) []bool {
		oa, _ := statesim.Run(f, t, a)
		ob, _ := statesim.Run(f, t, b)
		same := true
		for _, i := range parts[p] {
			same = same && oa.Final[i] == ob.Final[i]
		}
		return []bool{same}
	}
}

// secondPlan derives plan B from plan A: by reordering A's actions when
// reorder is set, otherwise by replacing some of them, so that B ends in A's
// final state exactly when same is set. A No prefers a near miss: states
// that differ in one element.
func secondPlan(f *forms.Form, start statesim.State, a []statesim.Action, final statesim.State, same, reorder bool, rng *rand.Rand) ([]statesim.Action, bool) {
	ms := multisetKey(a)
	var fallback []statesim.Action
	for try := 0; try < 60; try++ {
		b := slices.Clone(a)
		if reorder {
			rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		} else {
			for k := 1 + rng.IntN(len(b)); k > 0; k-- {
				b[rng.IntN(len(b))] = perturb.Step(f, rng)
			}
			if multisetKey(b) == ms {
				continue
			}
		}
		if planKey(b) == planKey(a) {
			continue
		}
		out, err := statesim.Run(f, start, b)
		if err != nil {
			continue
		}
		if same != out.Final.Equal(final) {
			continue
		}
		if same || len(out.Final.Diff(final)) == 1 {
			return b, true
		}
		if fallback == nil {
			fallback = b
		}
	}
	return fallback, fallback != nil
}
