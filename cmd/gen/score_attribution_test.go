package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

// TestScoreAttribution scores the oracle, and a model answering the same
// planning rows from the picture (wrong on one) and from the caption,
// on what gen --probes 2 writes: the table, --json and the report show
// the attribution and the perception gap.
func TestScoreAttribution(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--n", "6", "--quiet", "--suites", "edge_case", "--families", "checkboxes", "--horizon", "2", "--probes", "2"); err != nil {
		t.Fatal(err)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "edge_case", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for k, r := range rows {
		image := r.Answer
		if k == 0 { // wrong from the picture on the first row
			image = map[bool]string{true: "B", false: "A"}[r.Answer == "A"]
		}
		lines = append(lines, `{"id": "`+r.ID+`", "response": "Answer: `+image+`", "model": "m", "setting": "image"}`,
			`{"id": "`+r.ID+`", "response": "Answer: `+r.Answer+`", "model": "m", "setting": "caption"}`)
	}
	preds := filepath.Join(t.TempDir(), "m.jsonl")
	if err := os.WriteFile(preds, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	jsonOut, htmlOut := filepath.Join(out, "s.json"), filepath.Join(out, "r.html")
	table, _, err := runGen(t, "score", dir, preds, "--oracle", "--by", "suite", "--json", jsonOut, "--html", htmlOut)
	if err != nil {
		t.Fatal(err)
	}
	if !regexpLine(table, "edge_case", "checkboxes", "2", "oracle", "6", "100.0% [61.0, 100.0] n=6", "100.0% [61.0, 100.0] n=6", "- n=0", "- n=0") {
		t.Errorf("no attribution line of the oracle:\n%s", table)
	}
	if !regexpLine(table, "edge_case", "checkboxes", "2", "m (image)", "6", "83.3", "100.0", "+16.7") {
		t.Errorf("no perception gap of m:\n%s", table)
	}
	raw, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Attribution []struct {
			Model string `json:"model"`
			Pairs int    `json:"pairs"`
		} `json:"attribution"`
		Gaps []struct {
			Gap float64 `json:"gap"`
		} `json:"perception_gaps"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Attribution) != 1 || s.Attribution[0].Model != "oracle" || s.Attribution[0].Pairs != 6 || len(s.Gaps) != 1 {
		t.Errorf("--json: %s", raw)
	}
	if page, err := os.ReadFile(htmlOut); err != nil || !strings.Contains(string(page), "Was it the eyes or the plan?") {
		t.Errorf("--html has no attribution section (%v)", err)
	}
}
