package verify

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"

	"github.com/formplan/formplan/dataset"
)

// pairs is what the checks of pair_id carry over the whole dataset: a
// paired probe (gen --probes) must show the very picture bytes of its
// planning row, which may be in a suite read after it, so each side is
// kept (a hash of its picture) and compared once every file is read.
type pairs struct {
	planning map[string]*pairEnd   // by id: planning rows with a pair_id
	probes   map[string][]*pairEnd // by pair_id: the probe rows
	unpaired *pairEnd              // the first planning row without a pair_id
}

// pairEnd is one row of a pair, as the pairing checks need it.
type pairEnd struct {
	file, suite, id string
	index           int64
	family          string
	horizon         int64
	picture         [sha256.Size]byte
	failed          bool // the row's own checks already failed it
}

func newPairs() *pairs {
	return &pairs{planning: map[string]*pairEnd{}, probes: map[string][]*pairEnd{}}
}

// add records row, of file in the suite st checks; failed says whether
// the row's own checks failed it. A planning row's pair_id must be its
// own id.
func (ps *pairs) add(row *dataset.Row, file string, st *suiteState, failed bool, p *problems) {
	e := &pairEnd{file: file, suite: st.name, id: row.ID, index: -1, family: row.Family, failed: failed}
	if row.Index != nil {
		e.index = *row.Index
	}
	if row.Horizon != nil {
		e.horizon = *row.Horizon
	}
	if row.Image != nil {
		e.picture = sha256.Sum256(row.Image.Bytes)
	}
	switch {
	case st.su.Probe && st.su.Paired:
		if row.PairID == "" {
			p.addf("pair_id is null: a paired probe names its planning row")
			return
		}
		ps.probes[row.PairID] = append(ps.probes[row.PairID], e)
	case row.PairID == "":
		if ps.unpaired == nil {
			ps.unpaired = e
		}
	case row.PairID != row.ID:
		p.addf("pair_id %q, want the row's own id %s: a planning row heads its pair", row.PairID, row.ID)
	default:
		ps.planning[row.ID] = e
	}
}

// finish checks the pairs once every row is read and adds the rows they
// fail to rep: every probe's planning row is in the dataset with the same
// picture bytes, family and horizon; every planning row has as many
// probes as the others; and where there are probes, every planning row
// has a pair.
func (ps *pairs) finish(rep *Report) {
	fail := func(e *pairEnd, format string, args ...any) {
		if !e.failed {
			e.failed = true
			rep.Failed++
			for i := range rep.Suites {
				if rep.Suites[i].Suite == e.suite {
					rep.Suites[i].Failed++
				}
			}
		}
		if len(rep.Failures) < MaxFailures {
			rep.Failures = append(rep.Failures, Failure{File: e.file, Suite: e.suite, ID: e.id, Index: e.index, Reason: fmt.Sprintf(format, args...)})
		}
	}
	if len(ps.probes) > 0 && ps.unpaired != nil {
		fail(ps.unpaired, "pair_id is null, but the dataset pairs probes with its planning rows")
	}
	want := -1 // probes per planning row: the first one's
	for _, id := range slices.Sorted(maps.Keys(ps.planning)) {
		e, n := ps.planning[id], len(ps.probes[id])
		switch {
		case n == 0:
			fail(e, "pair_id set, but no probe row names it")
		case want < 0:
			want = n
		case n != want:
			fail(e, "%d probes name it, but %d name another planning row", n, want)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(ps.probes)) {
		head, ok := ps.planning[id]
		for _, e := range ps.probes[id] {
			switch {
			case !ok:
				fail(e, "pair_id %s names no planning row of the dataset", id)
			case e.picture != head.picture:
				fail(e, "its picture is not the bytes of its planning row's (%s row %d)", head.suite, head.index)
			case e.family != head.family || e.horizon != head.horizon:
				fail(e, "family %s, horizon %d, but its planning row's are %s, %d", e.family, e.horizon, head.family, head.horizon)
			}
		}
	}
}
