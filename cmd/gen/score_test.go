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
	for _, want := range []string{"suite", "oracle", "mymodel", "edge_case", "100.0% [75.8, 100.0] n=12", "33.3% [6.1, 79.2] n=3 (1 unparsed)",
		"Overall", "Paired", "McNemar"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if !regexpLine(out, "edge_case", "oracle", "mymodel", "3", "100.0%", "33.3%") {
		t.Errorf("no paired line of oracle and mymodel on edge_case:\n%s", out)
	}
	if raw, err := os.ReadFile(jsonOut); err != nil || !strings.Contains(string(raw), `"unparsed": 1`) || !strings.Contains(string(raw), `"overall"`) || !strings.Contains(string(raw), `"paired"`) {
		t.Errorf("--json: %v\n%s", err, raw)
	}
	// The same replies under two prompt styles: two lines per cell, and
	// the per-row file says what was taken out of each reply and why not.
	styled := filepath.Join(t.TempDir(), "styled.jsonl")
	var two []string
	for _, style := range []string{"instruct", "cot"} {
		for _, l := range lines {
			two = append(two, strings.Replace(l, "{", `{"model": "m", "prompt_style": "`+style+`", `, 1))
		}
	}
	if err := os.WriteFile(styled, []byte(strings.Join(two, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	perRow := filepath.Join(t.TempDir(), "rows.jsonl")
	out, _, err = runGen(t, "score", dir, styled, "--by", "suite", "--per-row", perRow)
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []string{"instruct", "cot"} {
		if !regexpLine(out, "edge_case", "m", style, "33.3% [6.1, 79.2] n=3 (1 unparsed)") {
			t.Errorf("no %s line:\n%s", style, out)
		}
	}
	raw, err := os.ReadFile(perRow)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if len(got) != 6 || !strings.Contains(got[0], `"extracted":"`+rows[0].Answer+`","answer":"`+rows[0].Answer+`","correct":true`) ||
		!strings.Contains(got[2], `"extracted":null`) || !strings.Contains(got[2], `"why":"two different answers"`) || !strings.Contains(got[5], `"prompt_style":"cot"`) {
		t.Errorf("--per-row:\n%s", raw)
	}
	// A repeat names both files.
	again := filepath.Join(t.TempDir(), "again.jsonl")
	if err := os.WriteFile(again, []byte(two[1]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runGen(t, "score", dir, styled, again, "--per-row", perRow+".2"); err == nil ||
		!strings.Contains(err.Error(), "in "+styled+" and again in "+again) {
		t.Errorf("a repeated reply: %v", err)
	}
	if _, err := os.Stat(perRow + ".2"); !os.IsNotExist(err) {
		t.Errorf("a failed run left --per-row: %v", err)
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
		{[]string{dir, "--oracle", "--per-row", filepath.Join(dir, "no", "rows.jsonl")}, "--per-row " + filepath.Join(dir, "no", "rows.jsonl") + ": no folder"},
		{[]string{dir, "--oracle", "--html", dir}, "is a folder"},
	} {
		_, _, err := runGen(t, append([]string{"score"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("gen score %v: %v, want an error with %q", tc.args, err, tc.want)
		}
		var u usageError
		if (strings.Contains(tc.want, "unknown") || strings.Contains(tc.want, "folder")) && !errors.As(err, &u) {
			t.Errorf("gen score %v: not a usage error", tc.args)
		}
	}
}
