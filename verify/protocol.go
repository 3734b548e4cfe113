package verify

import (
	"slices"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// groupSize is how many rows ask about one item in suite under protocol.
func groupSize(suite, protocol string) int64 {
	if s, ok := suites.Lookup(suite); ok && protocol == suites.Paper && s.Group > 1 {
		return int64(s.Group)
	}
	return 1
}

// group is what the rows of one group seen so far share.
type group struct {
	first *question.Meta
	kinds map[string]bool // order/format taken
}

// checkGroup checks group_id and, for a row asked in a group, that it shows
// the same item as the group's first row seen and takes an order x format
// no other row of the group took. Groups are kept until their last row.
func (st *suiteState) checkGroup(row *dataset.Row, m *question.Meta, p *problems) {
	if row.Seed == nil || row.Index == nil {
		return
	}
	size := groupSize(st.name, m.Protocol)
	first := *row.Index - *row.Index%size
	if want := question.ID(uint64(*row.Seed), st.name, first); row.GroupID != want {
		p.addf("group_id %q, want %s, the id of row %d", row.GroupID, want, first)
		return
	}
	if size == 1 {
		return
	}
	g, ok := st.groups[row.GroupID]
	if !ok {
		g = &group{first: m, kinds: map[string]bool{}}
		st.groups[row.GroupID] = g
	}
	kind := m.Order + "/" + m.Format
	if g.kinds[kind] {
		p.addf("another row of group %s is also %s", row.GroupID, kind)
	}
	g.kinds[kind] = true
	a, b := g.first.Pictures, m.Pictures
	samePics := len(a) == 2 && len(b) == 2 && (a[0].Equal(b[0]) && a[1].Equal(b[1]) || a[0].Equal(b[1]) && a[1].Equal(b[0]))
	if !samePics || g.first.Goal == nil || m.Goal == nil || g.first.Goal.Text != m.Goal.Text || !g.first.Start.Equal(m.Start) {
		p.addf("the row does not show the item of the first row of group %s", row.GroupID)
	}
	if *row.Index%size == size-1 {
		delete(st.groups, row.GroupID)
	}
}

// checkPaperTemporal checks that a temporal_order row of the paper protocol
// pictures the first and the last state of its run before Submit.
func checkPaperTemporal(row *dataset.Row, m *question.Meta, runs []run, p *problems) {
	if len(runs) != 1 || len(m.Pictures) != 2 || !runs[0].valid {
		return // checkTemporalOrder reports these
	}
	pics := slices.Clone(m.Pictures)
	if m.Order == suites.LaterFirst {
		pics[0], pics[1] = pics[1], pics[0]
	}
	if !pics[0].Equal(m.Start) || !pics[1].Equal(runs[0].out.Final) {
		p.addf("under the paper protocol the pictures must be the first and the last state of the run")
	}
	if row.Horizon != nil && int64(runs[0].out.Steps) != *row.Horizon {
		p.addf("horizon %d, but the run has %d steps before Submit", *row.Horizon, runs[0].out.Steps)
	}
	if g := m.Goal; g != nil && row.Horizon != nil {
		// Exactly horizon wants wrong at the start, one fixed per step.
		s := m.Start.Clone()
		unmet := g.Unmet(&m.Form, s)
		if int64(unmet) != *row.Horizon {
			p.addf("horizon %d, but the start misses %d wants", *row.Horizon, unmet)
		}
		for k, a := range m.Plans[0] {
			if a.Op == statesim.Submit {
				break
			}
			if statesim.ApplyInPlace(&m.Form, s, a) != nil {
				break // checkTemporalOrder reports it
			}
			now := g.Unmet(&m.Form, s)
			if now != unmet-1 {
				p.addf("step %d of the run leaves %d wants unmet after %d: each step must fix one", k+1, now, unmet)
				break
			}
			unmet = now
		}
	}
}

// checkPaperShuffle checks a plan_shuffle row of the paper protocol: the
// options are the paper's fixed reorderings of the answer, each ending in
// Submit, no other option completes the task from any start the family
// can give, and image_needed is false, since the set gives the answer away.
func checkPaperShuffle(row *dataset.Row, m *question.Meta, p *problems) {
	idx := answerIdx(row)
	if got := suites.PaperOriginal(m.Plans); got != idx {
		p.addf("the options are not the paper's reorderings of the answer (the original order is option %s)", letter(got))
	}
	if m.Goal != nil && idx >= 0 && idx < len(m.Plans) && suites.OtherCanBeCorrect(&m.Form, *m.Goal, m.Start, m.Plans, idx) {
		p.addf("another reordering than the answer completes the task from some start the family can give")
	}
	for k, plan := range m.Plans {
		if len(plan) == 0 || plan[len(plan)-1].Op != statesim.Submit {
			p.addf("option %s does not end with Submit", letter(k))
		}
	}
	if len(m.Starts) != 0 {
		p.addf("metadata has candidate starts, but the paper's options have none")
	}
	checkNeeded(row, false, p)
}

// futureLengthOK reports whether plan B may have steps actions before
// Submit when plan A has horizon: as many, or under the paper protocol
// the other length of the horizon's class.
func futureLengthOK(m *question.Meta, horizon, steps int) bool {
	return steps == horizon || m.Protocol == suites.Paper && steps == suites.PaperPartner(horizon)
}
