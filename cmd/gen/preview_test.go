package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/fixture"
)

func TestPreviewUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no dir", nil, "needs the dataset directory"},
		{"two dirs", []string{"a", "b"}, `unexpected argument "b"`},
		{"n zero", []string{"--n", "0", "a"}, "--n 0: show at least 1"},
		{"n negative", []string{"--n", "-3", "a"}, "--n -3"},
		{"unknown flag", []string{"--colour", "a"}, "unknown flag"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runGen(t, append([]string{"preview"}, tc.args...)...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			var u usageError
			if !errors.As(err, &u) {
				t.Errorf("%v is not a usage error (exit status 2)", err)
			}
		})
	}
}

func TestPreviewHelp(t *testing.T) {
	out, errOut, err := runGen(t, "preview", "--help")
	if err != nil {
		t.Fatal(err)
	}
	if out != "" {
		t.Errorf("help wrote %q to stdout", out)
	}
	for _, want := range []string{"gen preview [flags] DIR", "--n", "--out", "Examples:", "gen preview out"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("help lacks %q:\n%s", want, errOut)
		}
	}
}

func TestPreviewRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if _, _, err := runGen(t, "--out", dir, "--no-images", "--n", "3", "--quiet", "--suites", strings.Join(fixture.TextOnly(), ",")); err != nil {
		t.Fatal(err)
	}

	out, _, err := runGen(t, "preview", dir)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "preview", "index.html")
	if out != path+"\n" {
		t.Errorf("printed %q, want the path %q", out, path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), `<article class="card"`); n != 3*len(fixture.TextOnly()) {
		t.Errorf("%d cards, want 3 for each of %d suites", n, len(fixture.TextOnly()))
	}
	if !strings.Contains(string(b), "no image (generated with --no-images)") {
		t.Error("rows without images are not marked as such")
	}

	custom := filepath.Join(t.TempDir(), "look", "g.html")
	out, _, err = runGen(t, "preview", "--n", "1", "--out", custom, dir)
	if err != nil {
		t.Fatal(err)
	}
	if out != custom+"\n" {
		t.Errorf("printed %q, want %q", out, custom)
	}
	b, err = os.ReadFile(custom)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), `<article class="card"`); n != len(fixture.TextOnly()) {
		t.Errorf("--n 1: %d cards, want 1 for each of %d suites", n, len(fixture.TextOnly()))
	}

	_, _, err = runGen(t, "preview", filepath.Join(dir, "missing"))
	var u usageError
	if err == nil || errors.As(err, &u) || !strings.HasPrefix(err.Error(), "preview: ") {
		t.Errorf("missing directory: error %v, want a preview error that is not a usage error", err)
	}
}
