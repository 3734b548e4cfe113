package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/internal/fixture"
)

// --resume reads every page of a file it would keep: a file whose page is
// corrupt but whose footer is intact is made again.
func TestResumeRedoesCorruptPage(t *testing.T) {
	out := t.TempDir()
	args := []string{"--n", "40", "--no-images", "--suites", "edge_case,future_state", "--out", out}
	if _, _, err := runGen(t, args...); err != nil {
		t.Fatal(err)
	}
	want := filetree.MustHashes(t, out)
	fixture.FlipPageByte(t, filepath.Join(out, "edge_case", "test-00000-of-00001.parquet"), "question")
	stdout, _, err := runGen(t, append(args, "--resume")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(stdout, "\n") {
		kept := strings.Contains(line, "kept")
		if strings.HasPrefix(line, "edge_case") && kept || strings.HasPrefix(line, "future_state") && !kept {
			t.Errorf("want the corrupt edge_case redone and future_state kept:\n%s", stdout)
		}
	}
	sameFiles(t, want, filetree.MustHashes(t, out), "%s differs from the first run after resume")
}

// gen card writes a card only for files of one run.
func TestCardRefusesMixedRuns(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for k, dir := range []string{a, b} {
		if _, _, err := runGen(t, "--n", "10", "--no-images", "--quiet", "--suites", "edge_case,future_state", "--seed", strconv.Itoa(k+1), "--out", dir); err != nil {
			t.Fatal(err)
		}
	}
	// Put b's future_state beside a's edge_case, as a careless copy would.
	raw, err := os.ReadFile(filepath.Join(b, "future_state", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(a, "future_state", "test-00000-of-00001.parquet"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = runGen(t, "card", a)
	if err == nil || !strings.Contains(err.Error(), "come from different runs") {
		t.Fatalf("gen card on mixed runs: %v", err)
	}
}
