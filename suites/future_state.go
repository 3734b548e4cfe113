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
		pt := partitionOf(&f)
		// Half the pairs are reorderings (same actions), half rewrites (other
		// actions), for Yes and No alike, so "same actions means Yes" is chance.
		b, ok := secondPlan(&f, pt, start, a, outA.Final, yes, reorder, lastSame, rng)
		if !ok {
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
		pr := splitRuns(&f, pt, q.Meta.Plans)
		rank := make([]int, len(pt.parts)) // the parts the plans act on first
		for p := range rank {
			if !pr.touches(0, p) && !pr.touches(1, p) {
				rank[p] = 1
			}
		}
		q.ImageNeeded = dependsOnStart(&f, pt, start, 1, c, rank, samePartOK(&f, pt, pr))
		return q, nil
	})
}

// samePartOK says, for start t, whether the two plans of pr (both valid)
// agree on a part.
func samePartOK(f *forms.Form, pt partition, pr *partRuns) func(t statesim.State, part int) []bool {
	fa := make(statesim.State, len(pr.tmp)) // plan A's values of the part
	res := make([]bool, 1)                  // reused: dependsOnStart copies what it keeps
	return func(t statesim.State, p int) []bool {
		res[0] = true
		if pr.rep[1*pr.parts+p] == 0 {
			return res // the same steps on this part
		}
		sa := pr.replay(f, pt, t, 0, p)
		for _, m := range pt.parts[p] {
			fa[m] = sa[m]
		}
		fb := pr.replay(f, pt, t, 1, p)
		for _, m := range pt.parts[p] {
			res[0] = res[0] && fa[m] == fb[m]
		}
		return res
	}
}

// secondPlan derives plan B from plan A: by reordering A's actions when
// reorder is set, otherwise by replacing some of them, so that B ends in A's
// final state exactly when same is set, and shares A's last step exactly
// when lastSame is set. A No prefers a near miss: states that differ in one
// element.
func secondPlan(f *forms.Form, pt partition, start statesim.State, a []statesim.Action, final statesim.State, same, reorder, lastSame bool, rng *rand.Rand) ([]statesim.Action, bool) {
	if reorder && !same && !mayNotCommute(f, pt, a) {
		return nil, false // every two steps commute: no order changes the state
	}
	h := len(a)
	// A try's plan B is held as indices into pool: A's steps, then the steps
	// drawn to replace some of them. Indices move cheaply; actions do not.
	pool := make([]statesim.Action, h, 2*h)
	copy(pool, a)
	idx := make([]int, h)
	step := func(k int) statesim.Action { return pool[idx[k]] }
	s := make(statesim.State, len(start)) // the state B leads to
	var sortedA, sorted []statesim.Action
	var fallback []statesim.Action
	for try := 0; try < 60; try++ {
		pool = pool[:h]
		for k := range idx {
			idx[k] = k
		}
		if reorder {
			rng.Shuffle(h, func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		} else {
			for k := 1 + rng.IntN(h); k > 0; k-- {
				pos := rng.IntN(h)
				idx[pos] = len(pool)
				pool = append(pool, perturb.Step(f, rng))
			}
		}
		// The cheap checks first: B must differ from A and keep (or change)
		// its last step as asked.
		if (step(h-1) == a[h-1]) != lastSame || sameSteps(a, step) {
			continue
		}
		copy(s, start)
		ok := true
		for k := 0; k < h && ok; k++ {
			ok = statesim.ApplyInPlace(f, s, step(k)) == nil
		}
		if !ok || same != s.Equal(final) {
			continue
		}
		if !reorder {
			// A rewrite must not be a reordering in disguise.
			if sortedA == nil {
				sortedA, sorted = sortedActions(a), make([]statesim.Action, h)
			}
			for k := range sorted {
				sorted[k] = step(k)
			}
			slices.SortFunc(sorted, compareActions)
			if slices.Equal(sorted, sortedA) {
				continue
			}
		}
		if same || differing(s, final) == 1 {
			return planOf(h, step), true
		}
		if fallback == nil {
			fallback = planOf(h, step)
		}
	}
	return fallback, fallback != nil
}

// sameSteps reports whether step(k) equals a[k] at every position.
func sameSteps(a []statesim.Action, step func(int) statesim.Action) bool {
	for k := range a {
		if step(k) != a[k] {
			return false
		}
	}
	return true
}

// planOf returns the plan step(0), ..., step(h-1).
func planOf(h int, step func(int) statesim.Action) []statesim.Action {
	p := make([]statesim.Action, h)
	for k := range p {
		p[k] = step(k)
	}
	return p
}

// mayNotCommute reports whether plan has two steps that might not commute:
// different steps on one part of f (one element, or one radio group), other
// than two toggles of one checkbox. Steps on different parts always
// commute, as do equal steps and toggles.
func mayNotCommute(f *forms.Form, pt partition, plan []statesim.Action) bool {
	at := make([]int, len(plan))
	for k, a := range plan {
		i, err := statesim.Resolve(f, a)
		if err != nil {
			return true // let simulation decide
		}
		at[k] = pt.partOf[i]
		for j := 0; j < k; j++ {
			toggles := a.Op == statesim.Click && plan[j].Op == statesim.Click && a.Target.Kind == forms.Checkbox
			if at[j] == at[k] && a != plan[j] && !toggles {
				return true
			}
		}
	}
	return false
}

// differing counts the elements whose values differ in s and t.
func differing(s, t statesim.State) int {
	n := 0
	for i := range s {
		if s[i] != t[i] {
			n++
		}
	}
	return n
}
