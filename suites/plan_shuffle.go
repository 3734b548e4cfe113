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
		Name:    "plan_shuffle",
		Summary: "Pick the one order of a set of steps (Submit among them) that completes the task from the pictured state.",
		Horizon: "steps in every option besides Hit Submit (steps after Submit are listed but never happen)",
		Paper: "the options are the paper's four fixed reorderings of a 4- or 5-step plan (original, reversed and two more), Submit last; " +
			"the original is always the answer and the set gives it away, so these rows have image_needed false",
		PaperHorizon: [2]int{4, 5},
		draw:         drawPlanShuffle,
	})
}

// goalFromState names, for every element the family's tasks constrain, the
// value it has in s: every checkbox and slider, the selected radio button
// of each group, and the text boxes in touched that hold text; but no
// element s leaves disabled, whose value a form does not submit.
func goalFromState(f *forms.Form, s statesim.State, touched []bool) statesim.Goal {
	var wants []statesim.Want
	for i, e := range f.Elements {
		if !statesim.Submitted(f, s, i) {
			continue
		}
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

// distinctSteps draws h distinct steps on f (room is left for a Submit)
// and marks the elements they touch; it fails when 20*h draws give fewer.
func distinctSteps(f *forms.Form, h int, rng *rand.Rand) (steps []statesim.Action, touched []bool, ok bool) {
	steps = make([]statesim.Action, 0, h+1)
	touched = make([]bool, len(f.Elements))
	for tries := 0; len(steps) < h && tries < 20*h; tries++ {
		a := perturb.Step(f, rng)
		if !slices.Contains(steps, a) {
			steps = append(steps, a)
			i, _ := f.Find(a.Target)
			touched[i] = true
		}
	}
	return steps, touched, len(steps) == h
}

// shuffled returns items in a random order.
func shuffled(items []statesim.Action, rng *rand.Rand) []statesim.Action {
	out := slices.Clone(items)
	rng.Shuffle(len(out), func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out
}

// perms[k] lists every order of k items, for k up to 6 (720 orders).
var perms = func() (t [7][][]int) {
	t[0] = [][]int{{}}
	for k := 1; k < len(t); k++ {
		for _, p := range t[k-1] {
			for at := 0; at <= len(p); at++ {
				q := make([]int, 0, k)
				q = append(q, p[:at]...)
				q = append(q, k-1)
				t[k] = append(t[k], append(q, p[at:]...))
			}
		}
	}
	return t
}()

// drawPlanShuffle draws a form, horizon distinct steps and, from a
// reference start and order, a task. A candidate is a random order of the
// steps and Submit (where Submit falls decides which steps happen; slider
// moves also clamp), with a start drawn uniformly, part by part, among the
// starts the family can give from which that order completes the task.
func drawPlanShuffle(c *cell, rng *rand.Rand) (Question, error) {
	if c.sp.Protocol == Paper {
		return drawPlanShufflePaper(c, rng)
	}
	n := c.sp.choices()
	f := c.fam.NewForm(rng)
	items, touched, ok := distinctSteps(&f, c.h, rng)
	if !ok {
		return Question{}, errRetry
	}
	items = append(items, statesim.SubmitAction)
	ref := statesim.RandomState(&f, rng, 0.3)
	out, err := statesim.Run(&f, ref, shuffled(items, rng))
	if err != nil {
		return Question{}, err
	}
	g := goalFromState(&f, out.Final, touched)
	space := statesim.NewSpace(&f, &g)
	j := newJudge(&f, g)
	// Draws reuse one order, one judge and one list of values; only a
	// draw that has starts is copied out.
	order := slices.Clone(items)
	sj := statesim.NewJudge(&f, space, g, [][]statesim.Action{order})
	sj.Tabulate() // every order is made of the same steps
	picked := make([]statesim.State, len(space.Parts))
	var vs []statesim.State
	// With few items every order is tried at most once, in random order
	// (a lazy shuffle of the table of orders), so a set of steps that
	// cannot give n options is given up quickly; with more, orders are
	// drawn at random and repeats are rare.
	budget := 30 * n
	var left []int // indices into perms[len(items)] not yet tried
	if len(items) < len(perms) {
		left = make([]int, len(perms[len(items)]))
		for k := range left {
			left[k] = k
		}
		budget = len(left)
	}
	// Which starts an order completes the task from depends only on the
	// steps before its Submit, so orders are judged once per such prefix.
	type holding struct {
		done bool
		vs   []statesim.State
	}
	memo := map[string][]holding{}
	var key []byte
	draw := func() (candidate, bool) {
		var held []holding // this order's prefix's lists, nil when not memoized
		if left != nil {
			k := rng.IntN(len(left))
			perm := perms[len(items)][left[k]]
			left[k] = left[len(left)-1]
			left = left[:len(left)-1]
			key = key[:0]
			for i, from := range perm {
				order[i] = items[from]
				if len(key) == i && from != len(items)-1 {
					key = append(key, byte(from))
				}
			}
			if held = memo[string(key)]; held == nil {
				held = make([]holding, len(space.Parts))
				memo[string(key)] = held
			}
		} else {
			rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		}
		judged := false
		for p := range space.Parts {
			var list []statesim.State // the starts of part p the order holds from
			if held == nil || !held[p].done {
				if !judged {
					sj.SetPlan(0, order)
					judged = true
				}
				vs = sj.AppendHolding(vs[:0], 0, p)
				list = vs
				if held != nil {
					held[p] = holding{true, slices.Clone(vs)}
				}
			} else {
				list = held[p].vs
			}
			if len(list) == 0 {
				return candidate{}, false
			}
			picked[p] = list[rng.IntN(len(list))]
		}
		start := make(statesim.State, len(f.Elements))
		for p, v := range picked {
			space.Put(start, p, v)
		}
		return candidate{start: start, plan: slices.Clone(order)}, true
	}
	cands, ok := collect(j, n, budget, draw)
	if !ok {
		return Question{}, errRetry
	}
	return finishMCQ(c, &f, g, cands, "The plans below hold the same steps in different orders; steps after Hit Submit never happen. "+whichPlan, rng)
}
