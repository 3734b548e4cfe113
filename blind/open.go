package blind

import (
	"cmp"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// An OpenView is what a reader of the text alone may use on an
// open-ended question: the form, the task, the steps already taken
// (next_action) and the horizon, which the row's bound allows it to know.
// It holds no start state and no gold plan.
type OpenView struct {
	Form    *forms.Form
	Goal    statesim.Goal
	Taken   []statesim.Action
	Horizon int
}

// An OpenReader ranks the wants of an open-ended question, most likely
// missed first. It writes a plan of set actions (suites.SetAction) for
// the first Horizon of them (plan_generation), or the set action of the
// first (next_action).
type OpenReader struct {
	Name string
	Rank func(v *OpenView) []float64 // per want; higher: guessed missed first
}

// byWant ranks the wants by key.
func byWant(key func(v *OpenView, k int) float64) func(v *OpenView) []float64 {
	return func(v *OpenView) []float64 {
		out := make([]float64, len(v.Goal.Wants))
		for k := range out {
			out[k] = key(v, k)
		}
		return out
	}
}

// Open are the readers of the open-ended suites: surface orders of the
// task's wants, and the exact bound, which guesses the wants the text
// makes most likely missed (suites.MissedOdds).
var Open = []OpenReader{
	{"first wants", byWant(func(v *OpenView, k int) float64 { return -float64(k) })},
	{"last wants", byWant(func(v *OpenView, k int) float64 { return float64(k) })},
	{"wanted checked or selected first", byWant(func(v *OpenView, k int) float64 { return float64(v.Goal.Wants[k].Value.N) })},
	{"by element kind", byWant(func(v *OpenView, k int) float64 { return float64(v.Goal.Wants[k].Target.Kind) })},
	{"exact bound: the likeliest missed", func(v *OpenView) []float64 {
		return suites.MissedOdds(v.Form, v.Goal, v.Taken, v.Horizon)
	}},
}

// openRow is what every reader of one open-ended question shares: the
// view of it, the wants no step taken named, in the task's order, and
// the elements the wants name.
type openRow struct {
	q    *question.Question
	view OpenView
	left []int
	at   []int
}

// newOpenRow returns the shared part of scoring q.
func newOpenRow(q *question.Question) *openRow {
	m := &q.Meta
	o := &openRow{q: q, view: OpenView{Form: &m.Form, Goal: *m.Goal, Taken: m.History, Horizon: q.Horizon}}
	for k, done := range suites.Taken(*m.Goal, m.History) {
		if !done {
			o.left = append(o.left, k)
		}
	}
	if q.Suite != "next_action" {
		o.at = m.Goal.Indices(&m.Form)
	}
	return o
}

// hit reports whether reader r's reply to the row is right: for
// plan_generation a shortest plan (it names exactly the missed wants),
// for next_action an action that begins one.
func (o *openRow) hit(r OpenReader) bool {
	q, m := o.q, &o.q.Meta
	rank := r.Rank(&o.view)
	order := slices.Clone(o.left)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rank[b], rank[a]) })
	if q.Suite == "next_action" {
		return suites.Begins(&m.Form, m.Start, *m.Goal, suites.SetAction(&m.Form, m.Goal.Wants[order[0]]))
	}
	for _, k := range order[:q.Horizon] {
		if m.Start[o.at[k]] == m.Goal.Wants[k].Value {
			return false
		}
	}
	return true
}

// addOpen scores an open-ended question with every open reader: credit
// 1 for a right reply, against the row's bound (Meta.Chance).
func (c *Cell) addOpen(q *question.Question) {
	if c.Scores == nil {
		c.Scores = make([]Score, len(Open))
		for k, r := range Open {
			c.Scores[k].Reader = r.Name
		}
	}
	p := q.Meta.Chance
	row := newOpenRow(q)
	for k, r := range Open {
		if row.hit(r) {
			c.Scores[k].Credit++
		}
		c.Scores[k].Var += p * (1 - p)
	}
	c.chance += p
	c.Rows++
}
