package suites

import (
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	register(Suite{
		Name:    "plan_semantic",
		Summary: "Pick the correct plan among copies of it that differ in one step, each the step another start state would need.",
		Horizon: "actions before Submit in the correct plan (every option has as many)",
		Paper:   "only the prompts change",
		draw:    drawPlanSemantic,
	})
}

// directStep returns the step that gives element i the value want asks for,
// whatever it held: check or uncheck, set the slider, select, enter the text.
func directStep(f *forms.Form, i int, w statesim.Want) statesim.Action {
	a := statesim.Action{Target: w.Target}
	switch f.Elements[i].Kind {
	case forms.Checkbox:
		a.Op = statesim.Uncheck
		if w.Value.N == 1 {
			a.Op = statesim.Check
		}
	case forms.Slider:
		a.Op, a.N = statesim.Set, w.Value.N
	case forms.Radio:
		a.Op = statesim.Select
	case forms.TextBox:
		a.Op, a.Text = statesim.Enter, w.Value.S
	}
	return a
}

// fixStep returns the one step that gives element i, holding v, the value
// want asks for, as a person reading v off the screen would take it: a
// click, a slider move by the difference, a selection, typing what a
// partly typed text lacks or entering the whole text.
func fixStep(f *forms.Form, i int, v statesim.Value, w statesim.Want) statesim.Action {
	switch f.Elements[i].Kind {
	case forms.Checkbox:
		return statesim.Action{Op: statesim.Click, Target: w.Target}
	case forms.Slider:
		return statesim.Action{Op: statesim.Move, Target: w.Target, N: w.Value.N - v.N}
	case forms.TextBox:
		if strings.HasPrefix(w.Value.S, v.S) {
			return statesim.Action{Op: statesim.Type, Target: w.Target, Text: w.Value.S[len(v.S):]}
		}
	}
	return directStep(f, i, w)
}

// semanticScratch is drawPlanSemantic's memory, kept for reuse: the wrong
// values of every free want, one after another.
type semanticScratch struct {
	wrong  []statesim.State
	bounds []int
}

// semanticPool holds one semanticScratch per worker, more or less.
var semanticPool = sync.Pool{New: func() any { return new(semanticScratch) }}

// drawPlanSemantic draws a form and a task and splits the task's wants:
// horizon-1 of them are set by steps that work from any start (check,
// set, select, enter), shared by every option in one drawn order; the rest
// are free. A candidate start has every free want met but one, left at a
// wrong value, and its option puts the step that fixes that one, as read
// off the screen, at a drawn position among the shared steps.
func drawPlanSemantic(c *cell, rng *rand.Rand) (Question, error) {
	n := c.sp.choices()
	f := c.fam.NewForm(rng)
	g := statesim.Goal{Wants: perturb.Wants(c.fam, &f, rng)}
	if len(g.Wants) < c.h {
		return Question{}, errRetry
	}
	at := g.Indices(&f)
	perm := rng.Perm(len(g.Wants))
	shared := make([]statesim.Action, 0, c.h)
	for _, k := range perm[:c.h-1] {
		shared = append(shared, directStep(&f, at[k], g.Wants[k]))
	}
	free := perm[c.h-1:]
	pos := rng.IntN(c.h)
	space := spacePool.Get().(*statesim.Space)
	defer spacePool.Put(space)
	space.Reset(&f, &g)
	j := newJudge(&f, g)
	sc := semanticPool.Get().(*semanticScratch)
	defer func() {
		clear(sc.wrong) // values of a space that goes back to its pool
		semanticPool.Put(sc)
	}()
	// Per free want free[x], the values of its part that miss it:
	// sc.wrong[sc.bounds[x]:sc.bounds[x+1]].
	sc.wrong, sc.bounds = sc.wrong[:0], append(sc.bounds[:0], 0)
	for _, k := range free {
		sc.wrong = space.AppendMissing(sc.wrong, at[k], g.Wants[k].Value)
		sc.bounds = append(sc.bounds, len(sc.wrong))
	}
	var start statesim.State
	var plan []statesim.Action
	draw := func() (candidate, bool) { // in memory reused: collect copies what it keeps
		start = statesim.AppendRandomState(start[:0], &f, rng, 0.5)
		for _, k := range free {
			statesim.ApplyAt(&f, start, at[k], directStep(&f, at[k], g.Wants[k]))
		}
		x := rng.IntN(len(free))
		k, wrong := free[x], sc.wrong[sc.bounds[x]:sc.bounds[x+1]]
		i := at[k]
		if len(wrong) == 0 {
			return candidate{}, false
		}
		space.Put(start, space.PartOf[i], wrong[rng.IntN(len(wrong))])
		plan = append(plan[:0], shared[:pos]...)
		plan = append(plan, fixStep(&f, i, start[i], g.Wants[k]))
		plan = append(plan, shared[pos:]...)
		plan = append(plan, statesim.SubmitAction)
		return candidate{start: start, plan: plan}, true
	}
	cands, ok := collect(j, n, 30*n, draw)
	if !ok {
		return Question{}, errRetry
	}
	return finishMCQ(c, &f, g, cands, whichPlan, rng)
}
