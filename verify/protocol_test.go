package verify

import (
	"context"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// paperDataset writes every suite under the Paper protocol, 36 questions
// each (whole groups of four for temporal_order), into a new directory.
func paperDataset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	fams := forms.Paper()
	for _, name := range suites.Drawn() {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: 3, Families: fams, Protocol: suites.Paper, Mix: suites.Even(36, len(fams))}
		if s.PaperHorizon.Min > 0 {
			spec.Horizon = s.PaperHorizon
		}
		var err error
		if spec.Horizons, err = suites.Fit(s, &spec, false); err != nil {
			t.Fatal(err)
		}
		plan := pipeline.Plan{Out: dir, Suites: []suites.Suite{s}, Counts: []int64{spec.Total()}, Spec: spec, Workers: 2, Version: "test"}
		if _, err := pipeline.Run(context.Background(), plan); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTamperedPaper changes one row of a dataset made under the Paper
// protocol, in a way each of its checks should catch.
func TestTamperedPaper(t *testing.T) {
	clean := paperDataset(t)
	if rep, err := Dir(context.Background(), clean); err != nil || !rep.OK() {
		t.Fatalf("the clean paper dataset fails: %v %+v", err, rep)
	}
	tests := []struct {
		name  string
		suite string
		edit  func(t *testing.T, rows []dataset.Row) int
		want  string
	}{
		{"plan_shuffle image_needed set", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			rows[5].ImageNeeded = ptr(true)
			return 5
		}, "image_needed is true, but re-derived it is false"},
		{"plan_shuffle option not a paper reordering", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[6]
			k := (int(*r.AnswerIdx) + 1) % len(r.Choices)
			editMeta(t, r, func(m *question.Meta) {
				p := m.Plans[k]
				p[0], p[1] = p[1], p[0]
			})
			return 6
		}, "not the paper's reorderings"},
		{"future_state lengths without the protocol", "future_state", func(t *testing.T, rows []dataset.Row) int {
			i := find(t, rows, func(r *dataset.Row) bool {
				m := meta(t, r)
				return len(m.Plans[0]) != len(m.Plans[1])
			})
			editMeta(t, &rows[i], func(m *question.Meta) { m.Protocol = "" })
			return i
		}, "but plan B has"},
		{"temporal_order group_id", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			rows[6].GroupID = rows[6].ID
			return 6
		}, "group_id"},
		{"temporal_order kind twice in a group", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			first := meta(t, &rows[8])
			for i := 9; i < 12; i++ {
				if m := meta(t, &rows[i]); m.Order == first.Order {
					editMeta(t, &rows[i], func(m *question.Meta) { m.Format = first.Format })
					return i
				}
			}
			t.Fatal("no row of the group shares the first row's order")
			return 0
		}, "is also"},
		{"temporal_order picture inside the run", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			i := find(t, rows, func(r *dataset.Row) bool { return *r.Index%4 != 0 && *r.Horizon >= 2 })
			editMeta(t, &rows[i], func(m *question.Meta) {
				// The earlier picture becomes the state after the run's
				// first step, so it no longer is the run's first state.
				s := m.Start.Clone()
				if err := applyFirst(m, s); err != nil {
					t.Fatal(err)
				}
				k := 0
				if m.Order == suites.LaterFirst {
					k = 1
				}
				m.Pictures[k] = s
				m.Distance = nil
			})
			return i
		}, "first and the last state"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, clean)
			var index int64
			rewrite(t, dir, tc.suite, func(t *testing.T, rows []dataset.Row) []dataset.Row {
				index = *rows[tc.edit(t, rows)].Index
				return rows
			})
			f, _ := onlyFailure(t, dir, Options{})
			if f.Index != index || f.Suite != tc.suite || !strings.Contains(f.Reason, tc.want) {
				t.Errorf("failure %s index %d: %q; want %s index %d, reason with %q", f.Suite, f.Index, f.Reason, tc.suite, index, tc.want)
			}
		})
	}
}

// applyFirst applies the first step of the recorded run to s.
func applyFirst(m *question.Meta, s statesim.State) error {
	return statesim.ApplyInPlace(&m.Form, s, m.Plans[0][0])
}
