package verify

import (
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// groupSize is how many rows ask about one item of the suite under
// protocol.
func (st *suiteState) groupSize(protocol string) int64 {
	if st.known && protocol == suites.Paper && st.su.Group > 1 {
		return int64(st.su.Group)
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
	size := st.groupSize(m.Protocol)
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
