package blind

import (
	"cmp"
	"slices"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/textonly"
)

// openRow is what every reader of one open-ended question shares: the
// view of it, how its reply is judged, the wants no step taken named, in
// the task's order, and the elements the wants name.
type openRow struct {
	q       *question.Question
	view    textonly.OpenView
	scoring suites.Scoring
	left    []int
	at      []int
}

// newOpenRow returns the shared part of scoring q, judged as scoring says.
func newOpenRow(q *question.Question, scoring suites.Scoring) *openRow {
	m := &q.Meta
	o := &openRow{q: q, view: textonly.OpenView{Form: &m.Form, Goal: *m.Goal, Taken: m.History, Horizon: q.Horizon}, scoring: scoring}
	for k, done := range suites.Taken(*m.Goal, m.History) {
		if !done {
			o.left = append(o.left, k)
		}
	}
	if scoring != suites.ByAction {
		o.at = m.Goal.Indices(&m.Form)
	}
	return o
}

// hit reports whether reader r's reply to the row is right: for a suite
// that asks for a plan, a shortest plan (it names exactly the missed
// wants); for one that asks for the next action, an action that begins
// one.
func (o *openRow) hit(r textonly.OpenReader) bool {
	q, m := o.q, &o.q.Meta
	rank := r.Rank(&o.view)
	order := slices.Clone(o.left)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rank[b], rank[a]) })
	if o.scoring == suites.ByAction {
		return suites.Begins(&m.Form, m.Start, *m.Goal, suites.SetAction(&m.Form, m.Goal.Wants[order[0]]))
	}
	for _, k := range order[:q.Horizon] {
		if m.Start[o.at[k]] == m.Goal.Wants[k].Value {
			return false
		}
	}
	return true
}

// addOpen scores an open-ended question with every open reader its suite
// registers: credit 1 for a right reply, against the row's bound
// (Meta.Chance).
func (c *Cell) addOpen(q *question.Question) {
	s, _ := suites.Lookup(q.Suite)
	if s.Scoring == suites.ByPoint {
		c.addPoint(q, s.Readers)
		return
	}
	if c.Scores == nil {
		c.Scores = make([]Score, len(s.OpenReaders))
		for k, r := range s.OpenReaders {
			c.Scores[k].Reader = r.Name
		}
	}
	p := q.Meta.Chance
	row := newOpenRow(q, s.Scoring)
	for k, r := range s.OpenReaders {
		if row.hit(r) {
			c.Scores[k].Credit++
		}
		c.Scores[k].Var += p * (1 - p)
	}
	c.chance += p
	c.Rows++
}

// addPoint scores a question that asks for a click point with readers,
// each picking one of the elements it may name (suites.GroundView): credit
// 1 for the named one, shared among ties, against the row's bound
// (Meta.Chance, 1/elements).
func (c *Cell) addPoint(q *question.Question, readers []textonly.Reader) {
	if c.Scores == nil {
		c.Scores = make([]Score, len(readers))
		for k, r := range readers {
			c.Scores[k].Reader = r.Name
		}
	}
	v, answer := suites.GroundView(q)
	p := q.Meta.Chance
	for k, r := range readers {
		sc := r.Score(&v)
		best := slices.Max(sc)
		ties, hit := 0.0, false
		for j, x := range sc {
			if x == best {
				ties++
				hit = hit || j == answer
			}
		}
		if hit {
			c.Scores[k].Credit += 1 / ties
		}
		c.Scores[k].Var += p/ties - p*p
	}
	c.chance += p
	c.Rows++
}
