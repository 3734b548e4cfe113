package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestDistinctRefused asks for more plan_generation questions of
// radio_slider at horizon 1 than it has distinct ones (613; --n 3100
// gives it 620): gen refuses with status 2, in one line naming the cell,
// how many it gives and what to do. With pictures it refuses before it
// looks for a browser (--chrome points nowhere) and leaves nothing;
// without, once the run comes to the cell, leaving no file of the suite.
func TestDistinctRefused(t *testing.T) {
	const want = "plan_generation: radio_slider at horizon 1 gives only 613 distinct questions (a row found none new in 10000 more draws), but the run asks for 620: ask for at most 613 of that family and horizon (a smaller --n or --config count) or leave radio_slider out of --families"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"pictures", []string{"--chrome", "/nonexistent/chromium"}},
		{"text only", []string{"--no-images"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			_, _, err := runGen(t, append([]string{"--quiet", "--out", dir, "--suites", "plan_generation", "--n", "3100"}, tc.args...)...)
			var u usageError
			if !errors.As(err, &u) || err.Error() != want {
				t.Fatalf("err = %v, want the usage error\n%s", err, want)
			}
			if tc.name == "pictures" {
				if _, statErr := os.Stat(dir); !errors.Is(statErr, os.ErrNotExist) {
					t.Errorf("the refused run left %s behind", dir)
				}
				return
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "plan_generation", "*")); len(left) > 0 {
				t.Errorf("the refused run left %v", left)
			}
		})
	}
}

// TestDistinctRefusedNoHorizon is TestDistinctRefused for a suite without
// horizon: perception's radio_slider cell holds 372 distinct questions at
// 4 options (its member questions vary only in the slider's look), and
// the refusal names the family alone.
func TestDistinctRefusedNoHorizon(t *testing.T) {
	const want = "perception: radio_slider with 4 options gives only 372 distinct questions (a row found none new in 10000 more draws), but the run asks for 600: ask for at most 372 of that family (a smaller --n or --config count) or leave radio_slider out of --families"
	dir := filepath.Join(t.TempDir(), "out")
	_, _, err := runGen(t, "--quiet", "--out", dir, "--suites", "perception", "--n", "3000", "--chrome", "/nonexistent/chromium")
	var u usageError
	if !errors.As(err, &u) || err.Error() != want {
		t.Fatalf("err = %v, want the usage error\n%s", err, want)
	}
	if _, statErr := os.Stat(dir); !errors.Is(statErr, os.ErrNotExist) {
		t.Errorf("the refused run left %s behind", dir)
	}
}
