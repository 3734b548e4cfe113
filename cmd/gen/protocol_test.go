package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
)

func TestProtocolBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown protocol", []string{"--protocol", "papers"}, `the only protocol is "paper"`},
		{"paper tasks without preset", []string{"--paper-tasks", "figures"}, "only with --preset paper"},
		{"bad paper tasks", []string{"--preset", "paper", "--paper-tasks", "table"}, "use appendix or figures"},
		{"shuffle at 5 options", []string{"--protocol", "paper", "--choices", "5"}, "4 fixed reorderings"},
		{"groups of four", []string{"--protocol", "paper", "--suites", "temporal_order", "--n", "301"}, "multiple of 4, such as 304"},
		{"shuffle at horizon 3", []string{"--protocol", "paper", "--suites", "plan_shuffle", "--horizon", "3-5"}, "largest 5"},
		{"preset and --n", []string{"--preset", "paper", "--n", "10"}, "--n: --preset paper fixes the families and counts"},
		{"preset and --families", []string{"--preset", "paper", "--families", "checkboxes"}, "--families: --preset paper fixes the families and counts"},
		{"preset and --config", []string{"--preset", "paper", "--config", "testdata/none.yaml"}, "--config: --preset paper fixes the families and counts"},
		{"preset and --families after it", []string{"--families", "radio_slider", "--preset", "paper", "--protocol", "paper"}, "--families: --preset paper"},
		{"preset and future_state's horizon", []string{"--preset", "paper", "--horizon", "2"}, "--horizon: --preset paper fixes future_state's horizons"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "o")
			_, _, err := runGen(t, append([]string{"--out", out, "--chrome", "/nonexistent/chromium"}, tc.args...)...)
			var u usageError
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &u) {
				t.Fatalf("error %v, want a usage error containing %q", err, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a bad command left %s behind", out)
			}
		})
	}
}

// TestProtocolPaper generates every suite under --protocol paper, checks
// what the protocol promises in the files, and runs gen verify on them.
func TestProtocolPaper(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--n", "96", "--no-images", "--quiet", "--protocol", "paper"); err != nil {
		t.Fatal(err)
	}
	read := func(suite string) []dataset.Row {
		rows, err := dataset.ReadRows(filepath.Join(dir, suite, "test-00000-of-00001.parquet"))
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	groups := map[string][]question.Meta{}
	for _, r := range read("temporal_order") {
		var m question.Meta
		if err := json.Unmarshal([]byte(r.Metadata), &m); err != nil {
			t.Fatal(err)
		}
		groups[r.GroupID] = append(groups[r.GroupID], m)
	}
	if len(groups) != 24 {
		t.Fatalf("%d temporal_order groups, want 24", len(groups))
	}
	for id, g := range groups {
		kinds := map[string]bool{}
		for _, m := range g {
			kinds[m.Order+"/"+m.Format] = true
		}
		if len(g) != 4 || len(kinds) != 4 {
			t.Errorf("group %s: %d rows, %d order x format", id, len(g), len(kinds))
		}
	}
	differ := 0
	rows := read("future_state")
	for _, r := range rows {
		if r.GroupID != r.ID {
			t.Errorf("future_state row %d: group_id %s, want its own id", *r.Index, r.GroupID)
		}
		var m question.Meta
		if err := json.Unmarshal([]byte(r.Metadata), &m); err != nil {
			t.Fatal(err)
		}
		if len(m.Plans[0]) != len(m.Plans[1]) {
			differ++
		}
	}
	if differ*10 < len(rows)*3 {
		t.Errorf("%d of %d future_state pairs differ in length, want 30%% or more", differ, len(rows))
	}
	for _, r := range read("plan_shuffle") {
		if *r.Horizon != 4 && *r.Horizon != 5 || r.ImageNeeded == nil || *r.ImageNeeded {
			t.Fatalf("plan_shuffle row %d: horizon %d, image_needed %v", *r.Index, *r.Horizon, *r.ImageNeeded)
		}
	}
	card, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil || !strings.Contains(string(card), "Made under `--protocol paper`") {
		t.Errorf("the card does not say the protocol: %v", err)
	}
	if _, _, err := runGen(t, "verify", dir); err != nil {
		t.Fatalf("gen verify: %v", err)
	}
}
