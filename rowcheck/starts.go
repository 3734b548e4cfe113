package rowcheck

import (
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
)

// CheckCandidates checks a multiple-choice row's candidate starts and its
// image_needed. metadata.starts must hold, per option, a state of the form
// from which that option and no other reaches the goal, the answer's being
// the pictured start; then the answer differs with the start, and
// image_needed must be true. A row without such starts has image_needed
// decided by an exact search over every start the family can give
// (startspace.Judge.OnlyCorrect): true when some start makes another option
// than the answer the only correct one.
func (r *Row) CheckCandidates() {
	m := r.Meta
	f := &m.Form
	idx := r.AnswerIdx()
	witnessed := len(m.Starts) == len(m.Plans) && len(m.Plans) > 1
	if len(m.Starts) > 0 && len(m.Starts) != len(m.Plans) {
		r.Addf("metadata has %d starts for %d plans", len(m.Starts), len(m.Plans))
	}
	if witnessed && m.Goal != nil {
		for k, s := range m.Starts {
			if err := statesim.Validate(f, s); err != nil {
				r.Addf("metadata start of option %s: %v", Letter(k), err)
				witnessed = false
				continue
			}
			for j, plan := range m.Plans {
				if RunFrom(f, s, plan).Reaches(f, m.Goal) != (j == k) {
					r.Addf("from the start of option %s, option %s %s", Letter(k), Letter(j), pickWord(j == k, "does not reach the goal", "reaches the goal too"))
					witnessed = false
				}
			}
		}
		if idx >= 0 && idx < len(m.Starts) && !m.Starts[idx].Equal(m.Start) {
			r.Addf("the answer's start in metadata.starts is not the pictured start")
		}
	}
	needed := witnessed
	if !witnessed && m.Goal != nil && idx >= 0 && idx < len(m.Plans) {
		sp := startspace.NewSpace(f, m.Goal, append([]statesim.State{m.Start}, m.Starts...)...)
		j := startspace.NewJudge(f, sp, *m.Goal, m.Plans)
		for k := range m.Plans {
			if k != idx && j.OnlyCorrect(k) {
				needed = true
				break
			}
		}
	}
	r.CheckNeeded(needed)
}

// CheckPairStarts checks a row comparing two plans (the answer Yes when
// they end alike): its two candidate starts (the plans agree from the
// first and differ from the second; the pictured one is the answer's) and
// its image_needed, true exactly when some start the family can give
// flips the answer.
func (r *Row) CheckPairStarts() {
	row, m := r.Col, r.Meta
	f := &m.Form
	if len(m.Plans) != 2 {
		return
	}
	yes := row.Answer == "Yes"
	witnessed := false
	if len(m.Starts) != 0 {
		if len(m.Starts) != 2 {
			r.Addf("metadata has %d starts, want 2", len(m.Starts))
		} else {
			witnessed = true
			for k, s := range m.Starts {
				if err := statesim.Validate(f, s); err != nil {
					r.Addf("metadata start %d: %v", k+1, err)
					witnessed = false
					continue
				}
				a, b := RunFrom(f, s, m.Plans[0]), RunFrom(f, s, m.Plans[1])
				if !a.Valid || !b.Valid || a.Out.Final.Equal(b.Out.Final) != (k == 0) {
					r.Addf("from metadata start %d the plans %s", k+1, pickWord(k == 0, "do not agree", "agree"))
					witnessed = false
				}
			}
			pictured := m.Starts[1]
			if yes {
				pictured = m.Starts[0]
			}
			if !pictured.Equal(m.Start) {
				r.Addf("the pictured start is not the metadata start where the answer is %s", row.Answer)
			}
		}
	}
	needed := witnessed
	if !witnessed {
		j := startspace.NewJudge(f, startspace.NewSpace(f, nil, m.Start), statesim.Goal{}, m.Plans)
		same, differ := j.Verdicts()
		needed = (yes && differ) || (!yes && same)
	}
	r.CheckNeeded(needed)
}

// CheckNeeded compares the image_needed column with what was derived.
func (r *Row) CheckNeeded(needed bool) {
	row := r.Col
	if row.ImageNeeded == nil || *row.ImageNeeded != needed {
		got := "null"
		if row.ImageNeeded != nil {
			got = pickWord(*row.ImageNeeded, "true", "false")
		}
		r.Addf("image_needed is %s, but re-derived it is %s", got, pickWord(needed, "true", "false"))
	}
}
