package verify

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/suites"
)

// TestPDDL checks that the PDDL checks catch a damaged domain file or
// problem_pddl, naming what is wrong.
func TestPDDL(t *testing.T) {
	tests := []struct {
		name string
		// damage changes the dataset at dir and returns the rows (by
		// suite and index) that must fail.
		damage func(t *testing.T, dir string) int
		want   string
	}{
		{"domain file missing", func(t *testing.T, dir string) int {
			if err := os.Remove(layout.DomainPath(dir, "checkboxes")); err != nil {
				t.Fatal(err)
			}
			return familyRows(t, dir, "checkboxes")
		}, "family checkboxes: its PDDL domain"},
		{"domain file changed", func(t *testing.T, dir string) int {
			path := layout.DomainPath(dir, "radio_slider")
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			wrong := strings.Replace(string(raw), "(not (selected ?o))", "(selected ?o)", 1)
			if err := os.WriteFile(path, []byte(wrong), 0o644); err != nil {
				t.Fatal(err)
			}
			return familyRows(t, dir, "radio_slider")
		}, "radio_slider.domain.pddl is not the PDDL domain of the row's form"},
		{"domain file unreadable as PDDL", func(t *testing.T, dir string) int {
			if err := os.WriteFile(layout.DomainPath(dir, "slider_checkboxes"), []byte("(define (domain x)"), 0o644); err != nil {
				t.Fatal(err)
			}
			return familyRows(t, dir, "slider_checkboxes")
		}, "never closed"},
		{"problem of another row", func(t *testing.T, dir string) int {
			rewrite(t, dir, "future_state", func(t *testing.T, rows []dataset.Row) []dataset.Row {
				rows[3].ProblemPDDL = rows[3+len(rows)/2].ProblemPDDL
				return rows
			})
			return 1
		}, "problem_pddl is not the PDDL problem of the metadata"},
		{"start changed", func(t *testing.T, dir string) int {
			rewrite(t, dir, "edge_case", func(t *testing.T, rows []dataset.Row) []dataset.Row {
				for i := range rows {
					if p := rows[i].ProblemPDDL; strings.Contains(p, "(:init\n    ; the start state\n    (checked ") {
						rows[i].ProblemPDDL = strings.Replace(p, "    (checked ", "    ; (checked ", 1)
						return rows
					}
				}
				t.Fatal("no edge_case row starts with a checked box")
				return rows
			})
			return 1
		}, "under the PDDL interpreter: pddl: plan"},
		{"problem empty", func(t *testing.T, dir string) int {
			rewrite(t, dir, "plan_shuffle", func(t *testing.T, rows []dataset.Row) []dataset.Row {
				rows[0].ProblemPDDL = ""
				return rows
			})
			return 1
		}, "problem_pddl is empty"},
		{"a plan the domain cannot run", func(t *testing.T, dir string) int {
			rewrite(t, dir, "temporal_order", func(t *testing.T, rows []dataset.Row) []dataset.Row {
				rows[1].PlansPDDL[0] = strings.Replace(rows[1].PlansPDDL[0], "(submit)", "(submit now)", 1)
				return rows
			})
			return 1
		}, "the interpreter finds it valid false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, clean)
			n := tc.damage(t, dir)
			rep, err := Dir(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Failed != int64(n) {
				t.Errorf("%d rows fail, want %d", rep.Failed, n)
			}
			for _, f := range rep.Failures {
				if !strings.Contains(f.Reason, tc.want) {
					t.Errorf("%s %d: %s; want %q", f.Suite, f.Index, f.Reason, tc.want)
					break
				}
			}
		})
	}
}

// familyRows counts the rows of a family in the dataset at dir.
func familyRows(t *testing.T, dir, family string) int {
	t.Helper()
	n := 0
	for _, suite := range suites.Drawn() {
		rows, err := dataset.ReadRows(suiteFile(t, dir, suite))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Family == family {
				n++
			}
		}
	}
	return n
}
