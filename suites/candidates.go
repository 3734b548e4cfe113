package suites

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
)

// A multiple-choice question is built from candidates: start states, each
// with the option a suite's procedure makes for it. Every option is
// correct from its own start and from no other start of the set, and the
// start pictured is chosen uniformly at random, independently of how the
// set was found. The text shows only the set of options (in an order that
// does not depend on which is pictured), so whatever a reader of the text
// alone does, each option is the answer with probability 1/N.

// spacePool keeps spaces of starts for builders that make one per draw
// and keep nothing of it past the call: values they take from it are
// copied into states of their own (Space.Put).
var spacePool = sync.Pool{New: func() any { return new(startspace.Space) }}

// candidate is a start state and the option made for it.
type candidate struct {
	start statesim.State
	hist  []statesim.Action // the mistakes that made start from the clean form, if any
	plan  []statesim.Action // the option, with its Submit
}

// judge tells whether plans reach a goal from start states, in a scratch
// state it reuses.
type judge struct {
	f   *forms.Form
	g   statesim.Goal
	at  []int
	tmp statesim.State
}

func newJudge(f *forms.Form, g statesim.Goal) *judge {
	return &judge{f: f, g: g, at: g.Indices(f), tmp: make(statesim.State, len(f.Elements))}
}

// correct reports whether plan, run from s, applies, submits and meets
// the goal.
func (j *judge) correct(plan []statesim.Action, s statesim.State) bool {
	out, err := statesim.RunTo(j.f, s, plan, j.tmp)
	return err == nil && out.Submitted && j.g.UnmetAt(j.at, out.Final) == 0
}

// collect draws candidates one at a time until it holds n: a draw is kept
// when its plan is correct from its own start, from no start kept before,
// and no plan kept before is correct from its start. So every kept plan is
// correct from its own start and no other. It gives up after budget draws
// (draw may also fail on its own), returning false. A draw may live in
// memory the next draw reuses: collect keeps copies.
func collect(j *judge, n, budget int, draw func() (candidate, bool)) ([]candidate, bool) {
	return collectBy(n, budget, draw,
		func(c candidate) bool { return j.correct(c.plan, c.start) },
		func(c, k candidate) bool { return j.correct(c.plan, k.start) || j.correct(k.plan, c.start) },
		func(c candidate) candidate {
			return candidate{start: c.start.Clone(), hist: slices.Clone(c.hist), plan: slices.Clone(c.plan)}
		})
}

// collectBy is collect's loop for any kind of draw: a draw is kept when
// it fits and clashes with none kept before (clash is given the draw,
// then the one kept), until it holds n or budget draws were made. A draw
// may live in memory the next draw reuses: own copies a draw out of it
// when it is kept.
func collectBy[T any](n, budget int, draw func() (T, bool), fits func(T) bool, clash func(c, k T) bool, own func(T) T) ([]T, bool) {
	out := make([]T, 0, n)
	for try := 0; try < budget && len(out) < n; try++ {
		c, ok := draw()
		if !ok || !fits(c) {
			continue
		}
		if !slices.ContainsFunc(out, func(k T) bool { return clash(c, k) }) {
			out = append(out, own(c))
		}
	}
	return out, len(out) == n
}

// finishMCQ completes a multiple-choice question of cell c on form f with
// goal g from its candidates: it pictures one chosen uniformly, puts its
// option at the position the cell's balance gives and the others in random
// order around it, words the task and the question (lead asks it), and
// fills the metadata, labels, caption and image_needed.
func finishMCQ(c *cell, f *forms.Form, g statesim.Goal, cands []candidate, lead string, rng *rand.Rand) (question.Question, error) {
	return finishAt(c, f, g, cands, rng.IntN(len(cands)), lead, rng)
}

// finishAt is finishMCQ with the pictured candidate given: pic.
func finishAt(c *cell, f *forms.Form, g statesim.Goal, cands []candidate, pic int, lead string, rng *rand.Rand) (question.Question, error) {
	n := len(cands)
	ans := c.slot("answer", n)
	order := make([]int, 0, n) // display position -> candidate
	for _, k := range rng.Perm(n) {
		if k != pic {
			order = append(order, k)
		}
	}
	order = append(order[:ans], append([]int{pic}, order[ans:]...)...)

	var q question.Question
	g.Text = statesim.Instruction(f, g.Wants)
	start := cands[pic].start
	q.Meta = question.Meta{Form: *f, Start: start, History: cands[pic].hist, Goal: &g, Pictures: []statesim.State{start}}
	q.Choices, q.Labels = make([]string, n), make([]string, n)
	q.Meta.Plans, q.Meta.Starts = make([][]statesim.Action, n), make([]statesim.State, n)
	var words wording
	for k, ci := range order {
		q.Meta.Plans[k] = cands[ci].plan
		q.Meta.Starts[k] = cands[ci].start
		q.Choices[k] = planText(f, cands[ci].plan, &words)
		for _, prev := range q.Choices[:k] {
			if prev == q.Choices[k] {
				return question.Question{}, errRetry
			}
		}
	}
	q.Meta.Finals, q.Meta.Valid = finals(f, start, q.Meta.Plans)
	for k, ci := range order {
		q.Labels[k] = "correct"
		if ci != pic {
			q.Labels[k] = whyWrong(f, g, q.Meta.Plans[k], start, q.Meta.Finals[k])
		}
	}
	q.AnswerIdx, q.Answer = ans, question.Letters[ans:ans+1]
	q.Meta.Answer = q.Answer
	q.Task = g.Text
	q.Question = "Task: " + g.Text + "\nThe screenshot shows the form now. " + lead + "\n" + OptionList(q.Choices)
	q.Caption = statesim.Describe(f, start)
	q.History = HistoryText(f, cands[pic].hist)
	// Every option is the only correct one from its own start, a start the
	// family can give: the answer would differ for those starts.
	q.ImageNeeded = n > 1
	return q, nil
}

// whyWrong says what goes wrong when plan is run from s, given the state it
// ends in just before Submit (nil for an invalid plan): a step that cannot
// be done, no Submit, a step that acted while it was disabled on an element
// whose want the final state misses, or else the first want it misses.
func whyWrong(f *forms.Form, g statesim.Goal, plan []statesim.Action, s, final statesim.State) string {
	if final == nil {
		if _, err := statesim.Run(f, s, plan); err != nil {
			if se, ok := err.(*statesim.StepError); ok {
				return "step " + strconv.Itoa(se.Step+1) + " cannot be done on this form"
			}
		}
	}
	if final == nil || !slices.ContainsFunc(plan, func(a statesim.Action) bool { return a.Op == statesim.Submit }) {
		return "never hits Submit"
	}
	const ends = "ends where "
	missed := -1 // the element of the first want missed
	for _, w := range g.Wants {
		i, err := f.Find(w.Target)
		if err != nil {
			return "the task names an element the form lacks"
		}
		if final[i] == w.Value {
			continue
		}
		if k := disabledStep(f, s, plan, i); k >= 0 {
			return disabledLabel(f, plan[k], k)
		}
		if missed < 0 {
			missed = i
		}
	}
	if missed >= 0 {
		b := statesim.AppendDescription([]byte(ends), f, final, missed)
		if c := b[len(ends)]; c >= 'A' && c <= 'Z' {
			b[len(ends)] = c + 'a' - 'A'
		}
		return string(b[:len(b)-1]) // without the sentence's period
	}
	return "reaches the goal" // not reached for a kept set
}
