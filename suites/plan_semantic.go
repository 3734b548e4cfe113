package suites

import (
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
		Name:    "plan_semantic",
		Summary: "Pick the correct plan among copies of it that differ in one step, each the step another start state would need.",
		Horizon: "actions before Submit in the correct plan (every option has as many)",
		Paper:   "only the prompts change",
		draw:    drawPlanSemantic,

		Readers: textonly.MCQ,

		// Row checks (package verify).
		Pictures: 1,
		Check:    checkPlanSemantic,
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
		if forms.IsTextPrefix(w.Value.S, v.S) {
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
	steps  []statesim.Action // fixes' scratch
}

// semanticPool holds one semanticScratch per worker, more or less.
var semanticPool = sync.Pool{New: func() any { return new(semanticScratch) }}

// semanticTask is what drawPlanSemantic's candidates of one form share: the
// task's wants split into those set by shared steps and the free ones.
type semanticTask struct {
	f      *forms.Form
	g      statesim.Goal
	at     []int             // per want, its element
	free   []int             // the free wants, indices into g.Wants
	shared []statesim.Action // the steps every option holds, in order
	pos    int               // where the fix goes among them
	space  *startspace.Space
	sc     *semanticScratch // per free want free[x], the values of its part that miss it: sc.wrong[sc.bounds[x]:sc.bounds[x+1]]
	start  statesim.State   // the last candidate's, in memory reused
	plan   []statesim.Action
}

// newSemanticTask draws the task of form f for horizon h and splits its
// wants, in space and sc, which it resets; it reports false when the task
// has fewer than h wants.
func newSemanticTask(fam *forms.Family, f *forms.Form, h int, space *startspace.Space, sc *semanticScratch, rng *rand.Rand) (*semanticTask, bool) {
	g := statesim.Goal{Wants: perturb.Wants(fam, f, rng)}
	if len(g.Wants) < h {
		return nil, false
	}
	t := &semanticTask{f: f, g: g, at: g.Indices(f), space: space, sc: sc}
	perm := rng.Perm(len(g.Wants))
	t.shared = make([]statesim.Action, 0, h)
	for _, k := range perm[:h-1] {
		t.shared = append(t.shared, directStep(f, t.at[k], g.Wants[k]))
	}
	t.free = perm[h-1:]
	t.pos = rng.IntN(h)
	space.Reset(f, &t.g)
	sc.wrong, sc.bounds = sc.wrong[:0], append(sc.bounds[:0], 0)
	for _, k := range t.free {
		sc.wrong = space.AppendMissing(sc.wrong, t.at[k], g.Wants[k].Value)
		sc.bounds = append(sc.bounds, len(sc.wrong))
	}
	return t, true
}

// draw draws a candidate, in memory the next draw reuses: a start with
// every free want met but one, left at a wrong value, and the option with
// the step that fixes it at t.pos among the shared steps.
func (t *semanticTask) draw(rng *rand.Rand) (candidate, bool) {
	f, sc := t.f, t.sc
	t.start = statesim.AppendRandomState(t.start[:0], f, rng, 0.5)
	for _, k := range t.free {
		statesim.ApplyAt(f, t.start, t.at[k], directStep(f, t.at[k], t.g.Wants[k]))
	}
	x := rng.IntN(len(t.free))
	k, wrong := t.free[x], sc.wrong[sc.bounds[x]:sc.bounds[x+1]]
	i := t.at[k]
	if len(wrong) == 0 {
		return candidate{}, false
	}
	t.space.Put(t.start, t.space.PartOf[i], wrong[rng.IntN(len(wrong))])
	t.plan = append(t.plan[:0], t.shared[:t.pos]...)
	t.plan = append(t.plan, fixStep(f, i, t.start[i], t.g.Wants[k]))
	t.plan = append(t.plan, t.shared[t.pos:]...)
	t.plan = append(t.plan, statesim.SubmitAction)
	return candidate{start: t.start, plan: t.plan}, true
}

// fixes counts the different steps a candidate can put in the fix's
// place: fixStep from each wrong value of each free want. The rest of
// every option is the same, so the options number no more than that: two
// with the same fix are one plan, each correct from the other's start. A
// checkbox or a radio group has one fix whatever its wrong value (a click,
// a selection), a slider one a value, a text box one per typed rest and
// the whole text.
func (t *semanticTask) fixes() int {
	sc, n := t.sc, 0
	for x, k := range t.free {
		i := t.at[k]
		in := slices.Index(t.space.Parts[t.space.PartOf[i]], i) // i's place in its part's values
		steps := sc.steps[:0]
		for _, v := range sc.wrong[sc.bounds[x]:sc.bounds[x+1]] {
			if a := fixStep(t.f, i, v[in], t.g.Wants[k]); !slices.Contains(steps, a) {
				steps = append(steps, a)
			}
		}
		sc.steps = steps
		n += len(steps)
	}
	return n
}

// drawPlanSemantic draws a form and a task and splits the task's wants:
// horizon-1 of them are set by steps that work from any start (check,
// set, select, enter), shared by every option in one drawn order; the rest
// are free. A candidate start has every free want met but one, left at a
// wrong value, and its option puts the step that fixes that one, as read
// off the screen, at a drawn position among the shared steps.
func drawPlanSemantic(c *cell, rng *rand.Rand) (question.Question, error) {
	n := c.sp.choices()
	f := c.fam.NewForm(rng)
	space := spacePool.Get().(*startspace.Space)
	defer spacePool.Put(space)
	sc := semanticPool.Get().(*semanticScratch)
	defer func() {
		clear(sc.wrong) // values of a space that goes back to its pool
		semanticPool.Put(sc)
	}()
	t, ok := newSemanticTask(c.fam, &f, c.h, space, sc, rng)
	if !ok {
		return question.Question{}, errRetry
	}
	if t.fixes() < n {
		// Options with the same step in the fix's place are the same
		// plan and clash: no draw could give n of them.
		return question.Question{}, errRetry
	}
	cands, ok := collect(newJudge(&f, t.g), n, 30*n, func() (candidate, bool) { return t.draw(rng) })
	if !ok {
		return question.Question{}, errRetry
	}
	return finishMCQ(c, &f, t.g, cands, whichPlan, rng)
}
