package verify

import (
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// checkCandidates checks a multiple-choice row's candidate starts and its
// image_needed. metadata.starts must hold, per option, a state of the form
// from which that option and no other reaches the goal, the answer's being
// the pictured start; then the answer differs with the start, and
// image_needed must be true. A row without such starts has image_needed
// decided by an exact search over every start the family can give
// (statesim.Judge.OnlyCorrect): true when some start makes another option
// than the answer the only correct one.
func checkCandidates(row *dataset.Row, m *question.Meta, p *problems) {
	f := &m.Form
	idx := answerIdx(row)
	witnessed := len(m.Starts) == len(m.Plans) && len(m.Plans) > 1
	if len(m.Starts) > 0 && len(m.Starts) != len(m.Plans) {
		p.addf("metadata has %d starts for %d plans", len(m.Starts), len(m.Plans))
	}
	if witnessed && m.Goal != nil {
		for k, s := range m.Starts {
			if err := statesim.Validate(f, s); err != nil {
				p.addf("metadata start of option %s: %v", letter(k), err)
				witnessed = false
				continue
			}
			for j, plan := range m.Plans {
				if runFrom(f, s, plan).reaches(f, m.Goal) != (j == k) {
					p.addf("from the start of option %s, option %s %s", letter(k), letter(j), pickWord(j == k, "does not reach the goal", "reaches the goal too"))
					witnessed = false
				}
			}
		}
		if idx >= 0 && idx < len(m.Starts) && !m.Starts[idx].Equal(m.Start) {
			p.addf("the answer's start in metadata.starts is not the pictured start")
		}
	}
	needed := witnessed
	if !witnessed && m.Goal != nil && idx >= 0 && idx < len(m.Plans) {
		sp := statesim.NewSpace(f, m.Goal, append([]statesim.State{m.Start}, m.Starts...)...)
		j := statesim.NewJudge(f, sp, *m.Goal, m.Plans)
		for k := range m.Plans {
			if k != idx && j.OnlyCorrect(k) {
				needed = true
				break
			}
		}
	}
	checkNeeded(row, needed, p)
}

// checkPairStarts checks a future_state row's two candidate starts (the
// plans agree from the first and differ from the second; the pictured one
// is the answer's) and its image_needed: true exactly when some start the
// family can give flips the answer.
func checkPairStarts(row *dataset.Row, m *question.Meta, p *problems) {
	f := &m.Form
	if len(m.Plans) != 2 {
		return
	}
	yes := row.Answer == "Yes"
	witnessed := false
	if len(m.Starts) != 0 {
		if len(m.Starts) != 2 {
			p.addf("metadata has %d starts, want 2", len(m.Starts))
		} else {
			witnessed = true
			for k, s := range m.Starts {
				if err := statesim.Validate(f, s); err != nil {
					p.addf("metadata start %d: %v", k+1, err)
					witnessed = false
					continue
				}
				a, b := runFrom(f, s, m.Plans[0]), runFrom(f, s, m.Plans[1])
				if !a.valid || !b.valid || a.out.Final.Equal(b.out.Final) != (k == 0) {
					p.addf("from metadata start %d the plans %s", k+1, pickWord(k == 0, "do not agree", "agree"))
					witnessed = false
				}
			}
			pictured := m.Starts[1]
			if yes {
				pictured = m.Starts[0]
			}
			if !pictured.Equal(m.Start) {
				p.addf("the pictured start is not the metadata start where the answer is %s", row.Answer)
			}
		}
	}
	needed := witnessed
	if !witnessed {
		j := statesim.NewJudge(f, statesim.NewSpace(f, nil, m.Start), statesim.Goal{}, m.Plans)
		same, differ := j.Verdicts()
		needed = (yes && differ) || (!yes && same)
	}
	checkNeeded(row, needed, p)
}

// checkNeeded compares the image_needed column with what was derived.
func checkNeeded(row *dataset.Row, needed bool, p *problems) {
	if row.ImageNeeded == nil || *row.ImageNeeded != needed {
		got := "null"
		if row.ImageNeeded != nil {
			got = pickWord(*row.ImageNeeded, "true", "false")
		}
		p.addf("image_needed is %s, but re-derived it is %s", got, pickWord(needed, "true", "false"))
	}
}

func pickWord(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
