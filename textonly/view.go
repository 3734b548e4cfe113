// Package textonly holds readers that see only a question's words (its
// task, question and options, never a picture, caption or history): the
// views they read, and the readers any suite of a given shape can use,
// from surface heuristics (longest option, per-position majority, most
// like the task's words) to a symbolic reader that runs every option from
// every start the family can give and the exact bound, a reader that
// guesses uniformly among the options that are the only correct one for
// some start.
//
// A suite registers the readers of its questions (package suites); package
// blind runs them over cells of fresh questions to show none beats chance:
//
//	v := textonly.NewView(&q)
//	scores := textonly.MCQ[0].Score(&v) // one score per option; the reader picks the highest
package textonly

import (
	"slices"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
)

// View is what a reader of the text alone may use: the question's words
// and their structured form. It holds no start state.
type View struct {
	Suite    string
	Choices  []string
	Task     string
	Question string
	Meta     *question.Meta // only Form, Goal, Plans and Probe are read
	judge    *startspace.Judge
}

// NewView returns the reader's view of q.
func NewView(q *question.Question) View {
	m := &question.Meta{Form: q.Meta.Form, Goal: q.Meta.Goal, Plans: q.Meta.Plans, Probe: q.Meta.Probe}
	return View{Suite: q.Suite, Choices: q.Choices, Task: q.Task, Question: q.Question, Meta: m}
}

// Judge returns the options judged over every start the family can give,
// made once per view.
func (v *View) Judge() *startspace.Judge {
	if v.judge == nil {
		m := v.Meta
		g := statesim.Goal{}
		if m.Goal != nil {
			g = *m.Goal
		}
		v.judge = startspace.NewJudge(&m.Form, startspace.NewSpace(&m.Form, m.Goal), g, m.Plans)
	}
	return v.judge
}

// A Reader scores every choice of a question from its view; it picks the
// highest, uniformly among ties.
type Reader struct {
	Name  string
	Score func(v *View) []float64
}

// An OpenView is what a reader of the text alone may use on an
// open-ended question: the form, the task, the steps already taken (a
// question that asks for the next action) and the horizon, which the
// row's bound allows it to know. It holds no start state and no gold plan.
type OpenView struct {
	Form    *forms.Form
	Goal    statesim.Goal
	Taken   []statesim.Action
	Horizon int
}

// An OpenReader ranks the wants of an open-ended question, most likely
// missed first. It writes a plan of set actions for the first Horizon of
// them (a question that asks for a plan), or the set action of the first
// (one that asks for the next action).
type OpenReader struct {
	Name string
	Rank func(v *OpenView) []float64 // per want; higher: guessed missed first
}

// Each returns f of every choice of v, in order.
func Each(v *View, f func(j int) float64) []float64 {
	s := make([]float64, len(v.Choices))
	for j := range s {
		s[j] = f(j)
	}
	return s
}

// Neg returns a reader called name that scores the opposite way to r.
func Neg(name string, r Reader) Reader {
	return Reader{Name: name, Score: func(v *View) []float64 {
		s := r.Score(v)
		for j := range s {
			s[j] = -s[j]
		}
		return s
	}}
}

// B2F returns 1 for true and 0 for false.
func B2F(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// steps returns option j's plan without its final Submit.
func steps(v *View, j int) []statesim.Action {
	p := v.Meta.Plans[j]
	if k := slices.IndexFunc(p, func(a statesim.Action) bool { return a.Op == statesim.Submit }); k == len(p)-1 {
		return p[:k]
	}
	return p
}

// words returns the lower-case words of a text.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
}
