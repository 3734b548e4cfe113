package suites

import (
	"slices"

	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// checkTemporalOrder checks a temporal_order row: both pictures lie on the
// recorded run, horizon actions apart in run order; the run completes the
// task; the earlier picture has strictly more unmet wants and is the
// answer; order and distance agree; swapping the pictures flips the
// answer, so image_needed is true. Under the paper protocol the pictures
// are also the first and the last state of the run (checkPaperTemporal).
func checkTemporalOrder(r *rowcheck.Row) {
	checkTemporalRun(r)
	if r.Meta.Protocol == Paper {
		checkPaperTemporal(r)
	}
}

// checkTemporalRun checks what every temporal_order row must hold; see
// checkTemporalOrder.
func checkTemporalRun(r *rowcheck.Row) {
	row, m, runs := r.Col, r.Meta, r.Runs
	f := &m.Form
	r.CheckLetter()
	r.CheckNoHistory()
	if !slices.Equal(row.Choices, []string{"Picture 1", "Picture 2"}) {
		r.Addf("choices %q, want [Picture 1, Picture 2]", row.Choices)
	}
	if m.Format != FormatMCQ && m.Format != FormatFree {
		r.Addf("metadata format %q, want %s or %s", m.Format, FormatMCQ, FormatFree)
	}
	r.CheckNeeded(true) // swapping the pictures flips the answer
	if len(runs) != 1 || len(m.Pictures) != 2 || m.Goal == nil {
		r.Addf("metadata has %d plans and %d pictures, want 1 and 2", len(runs), len(m.Pictures))
		return
	}
	run := runs[0]
	if !run.Reaches(f, m.Goal) {
		r.Addf("the recorded run does not complete the task")
		return
	}
	d := []int{m.Goal.Unmet(f, m.Pictures[0]), m.Goal.Unmet(f, m.Pictures[1])}
	if m.Distance != nil && !slices.Equal(m.Distance, d) {
		r.Addf("metadata distance %v, re-simulation gives %v", m.Distance, d)
	}
	if d[0] == d[1] {
		r.Addf("both pictures have %d unmet wants", d[0])
		return
	}
	earlier, order := 0, EarlierFirst
	if d[1] > d[0] {
		earlier, order = 1, LaterFirst
	}
	if idx := r.AnswerIdx(); idx != earlier {
		r.Addf("answer_idx %d, but Picture %d is the earlier (%d unmet wants against %d)", idx, earlier+1, d[earlier], d[1-earlier])
	}
	if m.Order != order {
		r.Addf("metadata order %q, want %q", m.Order, order)
	}
	// The states of the run, from start to just before Submit.
	traj := []statesim.State{m.Start}
	for _, a := range m.Plans[0][:run.Out.Steps] {
		next, err := statesim.Apply(f, traj[len(traj)-1], a)
		if err != nil {
			r.Addf("the recorded run does not apply: %v", err)
			return
		}
		traj = append(traj, next)
	}
	first, second := m.Pictures[earlier], m.Pictures[1-earlier]
	onRun := func(s statesim.State) bool { return slices.ContainsFunc(traj, s.Equal) }
	if !onRun(first) || !onRun(second) {
		r.Addf("a picture is not a state of the recorded run")
		return
	}
	if row.Horizon == nil {
		return
	}
	h := int(*row.Horizon)
	gap := false
	for i := range traj {
		if h >= 1 && i+h < len(traj) && traj[i].Equal(first) && traj[i+h].Equal(second) {
			gap = true
			break
		}
	}
	if !gap {
		r.Addf("the pictures are not %d actions apart, earlier first, on the recorded run", h)
	}
}

// checkPaperTemporal checks that a temporal_order row of the paper protocol
// pictures the first and the last state of its run before Submit, and that
// its start misses exactly horizon wants, one fixed per step.
func checkPaperTemporal(r *rowcheck.Row) {
	row, m, runs := r.Col, r.Meta, r.Runs
	if len(runs) != 1 || len(m.Pictures) != 2 || !runs[0].Valid {
		return // checkTemporalRun reports these
	}
	pics := slices.Clone(m.Pictures)
	if m.Order == LaterFirst {
		pics[0], pics[1] = pics[1], pics[0]
	}
	if !pics[0].Equal(m.Start) || !pics[1].Equal(runs[0].Out.Final) {
		r.Addf("under the paper protocol the pictures must be the first and the last state of the run")
	}
	if row.Horizon != nil && int64(runs[0].Out.Steps) != *row.Horizon {
		r.Addf("horizon %d, but the run has %d steps before Submit", *row.Horizon, runs[0].Out.Steps)
	}
	if g := m.Goal; g != nil && row.Horizon != nil {
		// Exactly horizon wants wrong at the start, one fixed per step.
		s := m.Start.Clone()
		unmet := g.Unmet(&m.Form, s)
		if int64(unmet) != *row.Horizon {
			r.Addf("horizon %d, but the start misses %d wants", *row.Horizon, unmet)
		}
		for k, a := range m.Plans[0] {
			if a.Op == statesim.Submit {
				break
			}
			if statesim.ApplyInPlace(&m.Form, s, a) != nil {
				break // checkTemporalRun reports it
			}
			now := g.Unmet(&m.Form, s)
			if now != unmet-1 {
				r.Addf("step %d of the run leaves %d wants unmet after %d: each step must fix one", k+1, now, unmet)
				break
			}
			unmet = now
		}
	}
}
