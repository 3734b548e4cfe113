package suites

import (
	"cmp"
	"math/rand/v2"
	"slices"

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
// No, then reordering and rewriting, then whether the plans share their last
// step, so every (family, horizon) cell is
// balanced and as many Yes as No pairs use the same actions.
func futureCell(sp *Spec, index int64) (h int, yes, reorder, lastSame bool) {
	_, lo, hi, local := sp.cell(index)
	nh := int64(hi - lo + 1)
	h = lo + int(local%nh)
	yes = (local/nh)%2 == 0
	reorder = h > 1 && (local/(2*nh))%2 == 0
	// A reordering of two steps that keeps the last one is no reordering.
	lastSame = h > 1 && (local/(4*nh))%2 == 0 && !(reorder && h == 2)
	return h, yes, reorder, lastSame
}

// sameActions reports whether a and b hold the same actions, in any order.
func sameActions(a, b []statesim.Action) bool {
	if len(a) != len(b) {
		return false
	}
	return slices.Equal(sortedActions(a), sortedActions(b))
}

func sortedActions(p []statesim.Action) []statesim.Action {
	s := slices.Clone(p)
	slices.SortFunc(s, compareActions)
	return s
}

func compareActions(x, y statesim.Action) int {
	return cmp.Or(cmp.Compare(x.Op, y.Op), cmp.Compare(x.Target.Kind, y.Target.Kind), cmp.Compare(x.Target.Ordinal, y.Target.Ordinal),
		cmp.Compare(x.Target.Label, y.Target.Label), cmp.Compare(x.N, y.N), cmp.Compare(x.Text, y.Text))
}

func buildFutureState(sp *Spec, index int64) (Question, error) {
	h, yes, reorder, lastSame := futureCell(sp, index)
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
		b, ok := secondPlan(&f, start, a, outA.Final, yes, reorder, lastSame, rng)
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
		pt := partitionOf(&f)
		first := make([]bool, len(pt.parts)) // the parts the plans act on
		for _, pp := range partPlans(&f, pt, q.Meta.Plans) {
			for _, p := range pp.parts {
				first[p] = true
			}
		}
		q.ImageNeeded = dependsOnStart(&f, pt, start, 1, c, first, samePartOK(&f, pt, q.Meta.Plans[0], q.Meta.Plans[1]))
		return q, nil
	})
}

// samePartOK says, for start t, whether the two plans agree on a part.
func samePartOK(f *forms.Form, pt partition, a, b []statesim.Action) func(t statesim.State, part int) []bool {
	steps := partPlans(f, pt, [][]statesim.Action{a, b})
	sa, sb := make(statesim.State, len(f.Elements)), make(statesim.State, len(f.Elements))
	res := make([]bool, 1) // reused: dependsOnStart copies what it keeps
	return func(t statesim.State, p int) []bool {
		fa := replay(f, pt, sa, t, steps[0], p)
		fb := replay(f, pt, sb, t, steps[1], p)
		same := true
		for _, i := range pt.parts[p] {
			same = same && fa[i] == fb[i]
		}
		res[0] = same
		return res
	}
}

// secondPlan derives plan B from plan A: by reordering A's actions when
// reorder is set, otherwise by replacing some of them, so that B ends in A's
// final state exactly when same is set, and shares A's last step exactly
// when lastSame is set. A No prefers a near miss: states that differ in one
// element.
func secondPlan(f *forms.Form, start statesim.State, a []statesim.Action, final statesim.State, same, reorder, lastSame bool, rng *rand.Rand) ([]statesim.Action, bool) {
	var fallback []statesim.Action
	sortedA := sortedActions(a)
	b := make([]statesim.Action, len(a))      // reused by every try
	s := make(statesim.State, len(start))     // the state b leads to
	sorted := make([]statesim.Action, len(a)) // b's actions, sorted
	for try := 0; try < 60; try++ {
		copy(b, a)
		if reorder {
			rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		} else {
			for k := 1 + rng.IntN(len(b)); k > 0; k-- {
				b[rng.IntN(len(b))] = perturb.Step(f, rng)
			}
			copy(sorted, b)
			slices.SortFunc(sorted, compareActions)
			if slices.Equal(sorted, sortedA) {
				continue
			}
		}
		if slices.Equal(a, b) || (b[len(b)-1] == a[len(a)-1]) != lastSame {
			continue
		}
		copy(s, start)
		ok := true
		for _, act := range b {
			ok = ok && statesim.ApplyInPlace(f, s, act) == nil
		}
		if !ok || same != s.Equal(final) {
			continue
		}
		if same || len(s.Diff(final)) == 1 {
			return slices.Clone(b), true
		}
		if fallback == nil {
			fallback = slices.Clone(b)
		}
	}
	return fallback, fallback != nil
}
