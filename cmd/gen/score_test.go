package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

func TestScoreCommand(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--n", "12", "--no-images", "--quiet", "--suites", "edge_case,temporal_order"); err != nil {
		t.Fatal(err)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "edge_case", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	// A model's file: right on the first row (after reasoning), wrong on
	// the second, unparsed on the third.
	wrong := "A"
	if rows[1].Answer == "A" {
		wrong = "B"
	}
	preds := filepath.Join(t.TempDir(), "mymodel.jsonl")
	lines := []string{
		`{"id": "` + rows[0].ID + `", "response": "Plan A misses it.\nAnswer: ` + rows[0].Answer + `"}`,
		`{"id": "` + rows[1].ID + `", "response": "` + wrong + `"}`,
		`{"id": "` + rows[2].ID + `", "response": "A or B"}`,
	}
	if err := os.WriteFile(preds, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonOut := filepath.Join(t.TempDir(), "score.json")
	out, stderr, err := runGen(t, "score", dir, preds, "--oracle", "--by", "suite", "--json", jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	// A partial run is noted, the whole one is not.
	if !strings.Contains(stderr, "mymodel answered 3 of the dataset's 24 questions") || strings.Contains(stderr, "oracle") {
		t.Errorf("stderr %q", stderr)
	}
	for _, want := range []string{"suite", "oracle", "mymodel", "edge_case", "100.0% [75.8, 100.0] n=12", "33.3% [6.1, 79.2] n=3 (1 unparsed)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if raw, err := os.ReadFile(jsonOut); err != nil || !strings.Contains(string(raw), `"unparsed": 1`) {
		t.Errorf("--json: %v\n%s", err, raw)
	}
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	notXLSX := filepath.Join(t.TempDir(), "m_formplan_edge_case.xlsx")
	for _, f := range []string{empty, notXLSX} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "needs the dataset directory"},
		{[]string{dir}, "nothing to score"},
		{[]string{dir, "--responder", "always-Z"}, `unknown responder "always-Z"`},
		{[]string{dir, "--oracle", "--by", "colour"}, `unknown breakdown "colour"`},
		{[]string{t.TempDir(), "--oracle"}, "no Parquet files"},
		{[]string{dir, empty}, "hold no replies"},
		{[]string{dir, notXLSX}, "not an Excel workbook"},
		{[]string{dir, filepath.Join(t.TempDir(), "a.png")}, "cannot tell what kind of file"},
	} {
		_, _, err := runGen(t, append([]string{"score"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("gen score %v: %v, want an error with %q", tc.args, err, tc.want)
		}
		var u usageError
		if strings.Contains(tc.want, "unknown") && !errors.As(err, &u) {
			t.Errorf("gen score %v: not a usage error", tc.args)
		}
	}
}
