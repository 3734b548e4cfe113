package suites

import (
	"math/rand/v2"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	Register(Suite{
		Name:    "plan_shuffle",
		Summary: "Pick the correct plan among reorderings of it that all fail, so only the order of the steps tells them apart.",
		Build:   buildPlanShuffle,
	})
}

// orderedPair returns two steps on element i whose order changes the result:
// check or uncheck then click; set then move; clear then type; two types;
// enter then type; two different radio selections.
func orderedPair(f *forms.Form, i int, rng *rand.Rand) []statesim.Action {
	e := &f.Elements[i]
	ref := f.RefOf(i)
	switch e.Kind {
	case forms.Checkbox:
		op := statesim.Check
		if rng.IntN(2) == 0 {
			op = statesim.Uncheck
		}
		return []statesim.Action{{Op: op, Target: ref}, {Op: statesim.Click, Target: ref}}
	case forms.Slider:
		positions := (e.Max-e.Min)/e.Step + 1
		v := e.Min + e.Step*rng.IntN(positions)
		d := e.Step * (1 + rng.IntN(min(positions-1, 5)))
		if v+d > e.Max {
			d = -d
		}
		return []statesim.Action{{Op: statesim.Set, Target: ref, N: v}, {Op: statesim.Move, Target: ref, N: d}}
	case forms.Radio:
		rs := others(f, forms.Radio, ref)
		if len(rs) == 0 {
			return nil
		}
		return []statesim.Action{{Op: statesim.Select, Target: rs[rng.IntN(len(rs))]}, {Op: statesim.Select, Target: ref}}
	case forms.TextBox:
		if len(f.TextValues) < 2 {
			return nil
		}
		p := rng.Perm(len(f.TextValues))
		v1, v2 := f.TextValues[p[0]], f.TextValues[p[1]]
		switch rng.IntN(3) {
		case 0:
			return []statesim.Action{{Op: statesim.Clear, Target: ref}, {Op: statesim.Type, Target: ref, Text: v1}}
		case 1:
			return []statesim.Action{{Op: statesim.Type, Target: ref, Text: v1}, {Op: statesim.Type, Target: ref, Text: v2}}
		}
		return []statesim.Action{{Op: statesim.Enter, Target: ref, Text: v1}, {Op: statesim.Type, Target: ref, Text: v2}}
	}
	return nil
}

// goalFromState names, for every element the family's tasks constrain, the
// value it has in s, preferring elements in touched for text boxes.
func goalFromState(fam *forms.Family, f *forms.Form, s statesim.State, touched []bool) statesim.Goal {
	var wants []statesim.Want
	for i, e := range f.Elements {
		v := s[i]
		switch e.Kind {
		case forms.Checkbox, forms.Slider:
			wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: v})
		case forms.Radio:
			if v.N == 1 {
				wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: v})
			}
		case forms.TextBox:
			if touched[i] && v.S != "" {
				wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: v})
			}
		}
	}
	return statesim.Goal{Wants: wants} // the caller words it once the question is kept
}

// cycle returns a random permutation of 0..n-1 that is one n-cycle.
func cycle(n int, rng *rand.Rand) []int {
	order := rng.Perm(n)
	sigma := make([]int, n)
	for k := range order {
		sigma[order[k]] = order[(k+1)%n]
	}
	return sigma
}

// permutePower returns plan with positions moved by sigma applied k times,
// followed by Submit.
func permutePower(plan []statesim.Action, sigma []int, k int) []statesim.Action {
	out := make([]statesim.Action, len(plan), len(plan)+1)
	for i := range plan {
		out[i] = plan[power(sigma, k, i)]
	}
	return append(out, statesim.SubmitAction)
}

// power returns sigma applied k times to i.
func power(sigma []int, k, i int) int {
	for r := 0; r < k; r++ {
		i = sigma[i]
	}
	return i
}

// reordersFail reports whether every power k of sigma in ks, applied to
// gold, fails to meet g from start. It works on one scratch state, so most
// rejected draws cost no allocations.
func reordersFail(f *forms.Form, start statesim.State, g statesim.Goal, gold []statesim.Action, sigma, ks []int) bool {
	s := make(statesim.State, len(start))
	for _, k := range ks {
		copy(s, start)
		for i := range gold {
			statesim.ApplyInPlace(f, s, gold[power(sigma, k, i)]) // gold ran whole: cannot fail
		}
		if g.Met(f, s) {
			return false
		}
	}
	return true
}

// maxCycles bounds the cycles tried on one gold plan before it is dropped.
const maxCycles = 8

func buildPlanShuffle(sp *Spec, index int64) (Question, error) {
	n := sp.choices()
	steps := max(4, n)
	return build("plan_shuffle", sp, index, func(rng *rand.Rand, fam *forms.Family) (Question, error) {
		f := fam.NewForm(rng)
		start := statesim.RandomState(&f, rng, 0.3)
		// Two order-sensitive pairs on different elements, then filler steps,
		// interleaved at random with each pair kept in its order.
		var elems []int
		for i, e := range f.Elements {
			if e.Kind != forms.Submit {
				elems = append(elems, i)
			}
		}
		rng.Shuffle(len(elems), func(i, j int) { elems[i], elems[j] = elems[j], elems[i] })
		touched := make([]bool, len(f.Elements))
		var chains [][]statesim.Action
		for _, i := range elems {
			if len(chains) == 2 {
				break
			}
			if p := orderedPair(&f, i, rng); p != nil {
				chains = append(chains, p)
				touched[i] = true
			}
		}
		if len(chains) < 2 {
			return Question{}, errRetry
		}
		for used := 4; used < steps; used++ {
			a := perturb.Step(&f, rng)
			if i, _ := f.Find(a.Target); !touched[i] || a.Target.Kind != forms.TextBox {
				chains = append(chains, []statesim.Action{a})
				touched[i] = true
			}
		}
		var gold []statesim.Action
		for len(chains) > 0 {
			k := rng.IntN(len(chains))
			gold = append(gold, chains[k][0])
			if chains[k] = chains[k][1:]; len(chains[k]) == 0 {
				chains = append(chains[:k], chains[k+1:]...)
			}
		}
		if len(gold) != steps {
			return Question{}, errRetry
		}
		out, err := statesim.Run(&f, start, gold)
		if err != nil {
			return Question{}, err
		}
		g := goalFromState(fam, &f, out.Final, touched)
		// Every power of the cycle must fail, not only the ones shown: were
		// the cycle chosen for the powers next to the gold plan, which ones
		// those are would depend on where the gold plan sits, and that would
		// tell. A cycle some of whose powers still reach the goal is drawn
		// again: the draws that pass are uniform over the cycles that work
		// for this gold plan, and redrawing a cycle is far cheaper than a
		// question.
		all := make([]int, steps-1)
		for k := range all {
			all[k] = k + 1
		}
		var sigma []int
		for try := 0; ; try++ {
			if try == maxCycles {
				return Question{}, errRetry
			}
			if sigma = cycle(steps, rng); reordersFail(&f, start, g, gold, sigma, all) {
				break
			}
		}
		c := rng.IntN(n) // where the gold plan sits in the chain of powers
		ks := make([]int, 0, n-1)
		for j := 0; j < n; j++ {
			if j != c {
				ks = append(ks, (j-c+steps)%steps)
			}
		}
		opts := []option{{plan: withSubmit(gold), label: "correct"}}
		for _, k := range ks {
			opts = append(opts, option{plan: permutePower(gold, sigma, k), label: "steps in the wrong order"})
		}
		q := Question{Horizon: steps}
		q.Meta = Meta{Form: f, Start: start, Goal: &g, Pictures: []statesim.State{start}}
		if err := finishMCQ(&q, &f, start, &g, opts, "The plans below use the same steps in different orders. "+whichPlan, rng); err != nil {
			return Question{}, err
		}
		return q, nil
	})
}
