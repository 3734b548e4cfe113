package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

// runGen runs gen with args and returns its output and error.
func runGen(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"unknown flag", []string{"--colour"}, true, "unknown flag"},
		{"unknown suite", []string{"--suites", "edge_cases"}, true, `unknown suite "edge_cases"`},
		{"unknown family", []string{"--families", "sliders"}, true, `unknown family "sliders"`},
		{"horizon min above max", []string{"--horizon", "4-2"}, true, "MIN is greater than MAX"},
		{"horizon zero", []string{"--horizon", "0-3"}, true, "at least 1 action"},
		{"horizon too long", []string{"--horizon", "1-40"}, true, "at most 12"},
		{"horizon garbage", []string{"--horizon", "long"}, true, "write MIN-MAX"},
		{"n zero", []string{"--n", "0"}, true, "at least 1"},
		{"n negative", []string{"--n", "-5"}, true, "at least 1"},
		{"choices one", []string{"--choices", "1"}, true, "use 2 to 8"},
		{"choices nine", []string{"--choices", "9"}, true, "use 2 to 8"},
		{"bad preset", []string{"--preset", "huge"}, true, `only preset is "paper"`},
		{"stray argument", []string{"extra"}, true, "unexpected argument"},
		{"unwritable out", []string{"--out", filepath.Join(blocker, "sub"), "--no-images"}, false, "choose a writable --out"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "o")
			args := append([]string{"--out", out}, tc.args...)
			_, _, err := runGen(t, args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			var u usageError
			if errors.As(err, &u) != tc.usage {
				t.Errorf("usage error = %v, want %v", errors.As(err, &u), tc.usage)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a bad command left %s behind", out)
			}
		})
	}
}

// hashTree returns the SHA-256 of every file under dir.
func hashTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	sums := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sums[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, run := range []struct{ dir, workers string }{{a, "1"}, {b, "4"}} {
		if _, _, err := runGen(t, "--out", run.dir, "--n", "60", "--no-images", "--workers", run.workers, "--quiet", "--seed", "9"); err != nil {
			t.Fatal(err)
		}
	}
	ha, hb := hashTree(t, a), hashTree(t, b)
	if len(ha) != 5 {
		t.Fatalf("%d files, want one per suite: %v", len(ha), ha)
	}
	for k, v := range ha {
		if hb[k] != v {
			t.Errorf("%s differs between --workers 1 and 4", k)
		}
	}
}

func TestGenerateRows(t *testing.T) {
	dir := t.TempDir()
	stdout, _, err := runGen(t, "--out", dir, "--n", "30", "--no-images", "--suites", "future_state,edge_case", "--families", "checkboxes,radio_textboxes", "--horizon", "2-3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "60 questions") {
		t.Errorf("summary: %q", stdout)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "future_state", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	fams := map[string]int{}
	for _, r := range rows {
		fams[r.Family]++
		if *r.Horizon < 2 || *r.Horizon > 3 {
			t.Errorf("horizon %d outside 2-3", *r.Horizon)
		}
		if r.Answer != "Yes" && r.Answer != "No" {
			t.Errorf("answer %q", r.Answer)
		}
	}
	if len(rows) != 30 || fams["checkboxes"] != 15 || fams["radio_textboxes"] != 15 {
		t.Errorf("%d rows, by family %v", len(rows), fams)
	}
}

func TestHelpAndVersion(t *testing.T) {
	_, stderr, err := runGen(t, "--help")
	if err != nil || !strings.Contains(stderr, "Examples:") || !strings.Contains(stderr, "--horizon") {
		t.Errorf("--help: %v\n%s", err, stderr)
	}
	stdout, _, err := runGen(t, "--version")
	if err != nil || !strings.HasPrefix(stdout, "gen ") {
		t.Errorf("--version: %q, %v", stdout, err)
	}
}
