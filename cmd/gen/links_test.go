package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/filetree"
)

// TestLinksInOut runs gen, gen --force, gen --resume and gen card on an
// output directory whose entries are symbolic links to a folder outside
// it: each refuses naming the link, as a usage error, and the folder
// outside is untouched.
func TestLinksInOut(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "src")
	if _, _, err := runGen(t, "--out", src, "--no-images", "--quiet", "--suites", "edge_case", "--n", "8"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		link string // relative to --out, pointing at the folder outside
		args []string
	}{
		{"suite folder", "edge_case", []string{"--suites", "edge_case", "--n", "8"}},
		{"forced, a suite the run does not write", "future_state", []string{"--suites", "edge_case", "--n", "8", "--force"}},
		{"resume, the data file", "edge_case/test-00000-of-00001.parquet", []string{"--suites", "edge_case", "--n", "8", "--resume"}},
		{"card", "README.md", []string{"card"}},
		{"card, the pddl folder", "pddl", []string{"card"}},
		{"preview", "preview", []string{"preview"}},
		{"with pictures, before any browser", "edge_case", []string{"--suites", "edge_case", "--n", "8", "--chrome", "/nonexistent/chromium"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out, outside := filepath.Join(dir, "out"), filepath.Join(dir, "outside")
			if err := os.CopyFS(out, os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			if err := os.CopyFS(outside, os.DirFS(filepath.Join(src, "edge_case"))); err != nil {
				t.Fatal(err)
			}
			at := filepath.Join(out, c.link)
			os.RemoveAll(at)
			target := outside
			if filepath.Ext(c.link) != "" {
				target = filepath.Join(outside, "test-00000-of-00001.parquet")
			}
			if err := os.Symlink(target, at); err != nil {
				t.Fatal(err)
			}
			before, err := filetree.Hashes(outside)
			if err != nil {
				t.Fatal(err)
			}
			args := append(c.args, "--out", out, "--quiet")
			if !slices.Contains(c.args, "--chrome") {
				args = append(args, "--no-images")
			}
			if c.args[0] == "card" || c.args[0] == "preview" {
				args = []string{c.args[0], out}
			}
			_, _, err = runGen(t, args...)
			if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), c.link+" is a symbolic link") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("gen %s: error %T %v, want a usage error of one line naming %s", strings.Join(args, " "), err, err, c.link)
			}
			if after, _ := filetree.Hashes(outside); !maps.Equal(before, after) {
				t.Fatalf("the folder outside --out changed")
			}
		})
	}
}
