package suites

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

func init() {
	register(Suite{
		Name:    "plan_shuffle",
		Summary: "Pick the one order of a set of steps (Submit among them) that completes the task from the pictured state.",
		Horizon: "steps in every option besides Hit Submit (steps after Submit are listed but never happen)",
		Paper: "the options are the paper's four fixed reorderings of a 4- or 5-step plan (original, reversed and two more), Submit last; " +
			"the original is always the answer and the set gives it away, so these rows have image_needed false",
		PaperHorizon: Range{Min: 4, Max: 5},
		draw:         drawPlanShuffle,

		Readers:      textonly.MCQ,
		PaperReaders: []textonly.Reader{paperOriginal},
		PaperCaveat:  "Under `--protocol paper`, plan_shuffle's text gives the answer away (`image_needed` false).",

		// Row checks (package verify).
		Pictures: 1,
		Check:    checkPlanShuffle,
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
	touched = make([]bool, len(f.Elements))
	steps, ok = appendDistinctSteps(make([]statesim.Action, 0, h+1), touched, f, h, rng)
	return steps, touched, ok
}

// appendDistinctSteps is distinctSteps appending the steps to steps and
// marking them in touched, which must be all false, as long as f's
// elements: for a caller that draws many sets of steps in reused memory.
func appendDistinctSteps(steps []statesim.Action, touched []bool, f *forms.Form, h int, rng *rand.Rand) ([]statesim.Action, bool) {
	at := len(steps)
	for tries := 0; len(steps)-at < h && tries < 20*h; tries++ {
		a := perturb.Step(f, rng)
		if !slices.Contains(steps[at:], a) {
			steps = append(steps, a)
			i, _ := f.Find(a.Target)
			touched[i] = true
		}
	}
	return steps, len(steps)-at == h
}

// shuffle puts items in a random order.
func shuffle(items []statesim.Action, rng *rand.Rand) {
	rng.Shuffle(len(items), func(a, b int) { items[a], items[b] = items[b], items[a] })
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
func drawPlanShuffle(c *cell, rng *rand.Rand) (question.Question, error) {
	if c.sp.Protocol == Paper {
		return drawPlanShufflePaper(c, rng)
	}
	n := c.sp.choices()
	// Most draws are given up: their form, steps, reference run and judge
	// live in memory the next draw reuses.
	sc := orderPool.Get().(*orderScratch)
	defer orderPool.Put(sc)
	f := &sc.form
	c.fam.DrawForm(f, rng)
	sc.touched = append(sc.touched[:0], make([]bool, len(f.Elements))...)
	touched := sc.touched
	items, ok := appendDistinctSteps(sc.items[:0], touched, f, c.h, rng)
	items = append(items, statesim.SubmitAction)
	sc.items = items
	if !ok {
		return question.Question{}, errRetry
	}
	sc.ref = statesim.AppendRandomState(sc.ref[:0], f, rng, 0.3)
	sc.order = append(sc.order[:0], items...)
	shuffle(sc.order, rng)
	sc.final = slices.Grow(sc.final[:0], len(sc.ref))[:len(sc.ref)] // RunTo copies the start in
	out, err := statesim.RunTo(f, sc.ref, sc.order, sc.final)
	if err != nil {
		return question.Question{}, err
	}
	g := goalFromState(f, out.Final, touched)
	cands, err := drawOrders(sc, f, g, items, n, rng)
	if err != nil {
		return question.Question{}, err
	}
	kept := f.Clone() // the question's own: the next draw reuses sc.form
	return finishMCQ(c, &kept, g, cands, "The plans below hold the same steps in different orders; steps after Hit Submit never happen. "+whichPlan, rng)
}

// orderScratch is the memory of drawPlanShuffle and drawOrders, kept for
// reuse: a question draws many forms and sets of steps (63 forms a
// question of radio_slider), each with its reference run, a space of
// starts and a judge, a tree of every sequence of 5 steps has 326 nodes,
// and 6 items have 720 orders. Nothing of it goes into a question: the
// form, the options and the goal are copied out.
type orderScratch struct {
	form      forms.Form       // the form drawn (Family.DrawForm)
	space     startspace.Space // the starts of the task
	judge     startspace.Judge // of the task on space, for px
	px        startspace.Prefixes
	items     []statesim.Action // the steps drawn, then Submit
	order     []statesim.Action // the reference order of the items
	touched   []bool            // per element: a step acts on it
	ref       statesim.State    // the reference start
	final     statesim.State    // the reference order's state before Submit
	left      []int             // indices into perms[len(items)] not yet tried
	cur, vals []int             // the order drawn, as indices into items; its start's value per part
}

// orderPool holds one orderScratch per worker, more or less.
var orderPool = sync.Pool{New: func() any { return new(orderScratch) }}

// drawOrders draws candidates for the orders of items (distinct steps
// drawn on f, so each resolves, then Submit) until it holds n, by
// collect's rule (collectBy): a candidate is a random order with a start
// drawn uniformly, part by part, among the starts of sc.space (the space
// of g on f, which it resets) from which it completes the task g,
// and it is kept when no order kept before completes the task from its
// start and it completes the task from no start kept before. Which starts
// an order completes the task from depends only on the steps before its
// Submit, looked up in the tree of such sequences. It returns errRetry
// when it holds fewer than n. The kept set is checked again by running
// every plan from every start; a disagreement is a bug in the tree,
// returned as an error that stops the run rather than a question built on
// it.
func drawOrders(sc *orderScratch, f *forms.Form, g statesim.Goal, items []statesim.Action, n int, rng *rand.Rand) ([]candidate, error) {
	// Steps whose sequences cannot be told apart by their starts give no n
	// options, whatever the orders drawn: with few items, where every
	// order would be tried before giving up, they are given up at once.
	// With 7 items or more a set gives up after 30 shuffles per option,
	// and the test (every part's whole tree) cost more than it saved:
	// 4-7% slower at horizons 6-8. ApartBound says no for most such steps
	// from the form, the goal and the steps alone, before the space and
	// the tree are made.
	steps := items[:len(items)-1]
	few := len(items) < len(perms) // every order can be listed
	if few && startspace.ApartBound(f, g, steps) < n {
		return nil, errRetry
	}
	space, px := &sc.space, &sc.px
	space.Reset(f, &g)
	sc.judge.Reset(f, space, g, nil)
	px.Reset(&sc.judge, steps)
	if few && !px.Apart(n) {
		return nil, errRetry
	}
	submit := len(items) - 1
	// With few items every order is tried at most once, in random order
	// (a lazy shuffle of the table of orders), so a set of steps that
	// cannot give n options is given up quickly; with more, one order is
	// shuffled again and again and repeats are rare.
	budget := 30 * n
	var left []int
	if few {
		left = sc.left[:0]
		for k := range perms[len(items)] {
			left = append(left, k)
		}
		sc.left = left
		budget = len(left)
	}
	cur := sc.cur[:0]
	for k := range items {
		cur = append(cur, k)
	}
	vals := sc.vals[:0]
	for range space.Parts {
		vals = append(vals, 0)
	}
	sc.cur, sc.vals = cur, vals
	type drawn struct {
		node  int   // the sequence of the steps before Submit
		vals  []int // the start's value index per part
		order []int // the order, as indices into items
	}
	draw := func() (drawn, bool) {
		if left != nil {
			k := rng.IntN(len(left))
			copy(cur, perms[len(items)][left[k]])
			left[k] = left[len(left)-1]
			left = left[:len(left)-1]
		} else {
			rng.Shuffle(len(cur), func(a, b int) { cur[a], cur[b] = cur[b], cur[a] })
		}
		node := px.Root()
		for _, s := range cur {
			if s == submit {
				break
			}
			node = px.Extend(node, s)
		}
		for p := range space.Parts {
			m := px.Count(node, p)
			if m == 0 {
				return drawn{}, false
			}
			vals[p] = px.Nth(node, p, rng.IntN(m))
		}
		return drawn{node, vals, cur}, true // copied out by own if kept
	}
	// The order completes the task from its own start (false only for an
	// order that cannot be run), and no order kept clashes with it.
	out, ok := collectBy(n, budget, draw,
		func(d drawn) bool { return px.Holds(d.node, d.vals) },
		func(d, k drawn) bool { return px.Holds(d.node, k.vals) || px.Holds(k.node, d.vals) },
		func(d drawn) drawn { return drawn{d.node, slices.Clone(d.vals), slices.Clone(d.order)} })
	if !ok {
		return nil, errRetry
	}
	cands := make([]candidate, n)
	for a, d := range out {
		start := make(statesim.State, len(f.Elements))
		plan := make([]statesim.Action, len(d.order))
		for p, v := range d.vals {
			space.Put(start, p, space.Values[p][v])
		}
		for k, s := range d.order {
			plan[k] = items[s]
		}
		cands[a] = candidate{start: start, plan: plan}
	}
	j := newJudge(f, g)
	for a, c := range cands {
		for b, o := range cands {
			if j.correct(c.plan, o.start) != (a == b) {
				return nil, fmt.Errorf("suites: plan_shuffle: option %d run from start %d disagrees with the table of step sequences", a, b)
			}
		}
	}
	return cands, nil
}
