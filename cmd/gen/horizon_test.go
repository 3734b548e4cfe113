package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHorizonRefusedEveryFamily asks every suite for horizons 2-8: gen
// refuses once, in one line, naming in a sentence of its own every suite x
// family that cannot give them and the largest horizon it allows, and
// writes nothing.
func TestHorizonRefusedEveryFamily(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	_, _, err := runGen(t, "--out", dir, "--n", "3500", "--horizon", "2-8", "--chrome", "/nonexistent/chromium")
	var u usageError
	if !errors.As(err, &u) {
		t.Fatalf("err = %v, want a usage error", err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("the refusal is more than one line: %q", err)
	}
	lines := strings.Split(err.Error(), ". ")
	for _, want := range []string{
		"checkboxes cannot make edge_case questions of horizon 8 with 4 options; it allows horizon 2-7 (largest 7)",
		"radio_textboxes cannot make edge_case questions of horizon 3-8",
		"radio_slider cannot make plan_shuffle questions of horizon 2-3 with 4 options; it allows horizon 4-12 (largest 12)",
		"slider_checkboxes cannot make temporal_order questions of horizon 5-8",
	} {
		found := false
		for _, l := range lines {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("no line starts %q in:\n%s", want, err)
		}
	}
	for _, l := range lines {
		if !strings.Contains(l, "(largest ") {
			t.Errorf("line names no largest horizon: %q", l)
		}
	}
	if _, statErr := os.Stat(dir); !errors.Is(statErr, os.ErrNotExist) {
		t.Errorf("the refused run left %s behind", dir)
	}
}
