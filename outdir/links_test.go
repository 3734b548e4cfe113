package outdir

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/filetree"
)

// TestLinksRefused puts a symbolic link where a run keeps a file or folder
// of its own, pointing outside the output directory: Acquire and
// Exclusive refuse it naming the link, and nothing outside changes.
func TestLinksRefused(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string // what --out holds besides the link
		link  string            // where the link stands, relative to --out
		run   Run
	}{
		{"suite folder", nil, "edge_case", run("k", 0, 1, false, "edge_case")},
		{"suite folder of another suite, forced", map[string]string{"edge_case/test-00000-of-00001.parquet": "k|1"}, "future_state", Run{Key: "k2", Shards: 1, Suites: []string{"edge_case"}, AllSuites: []string{"edge_case", "future_state"}, Force: true, FlagsOf: flagsOf}},
		{"data file", nil, "edge_case/test-00000-of-00001.parquet", run("k", 0, 1, false, "edge_case")},
		{"temporary file", nil, "edge_case/.test-00000-of-00001.parquet.tmp-123", run("k", 0, 1, true, "edge_case")},
		{"file of an export folder", map[string]string{"edge_case/test-00000-of-00001.parquet": "k|1"}, "lmms-eval/edge_case.yaml", run("k", 0, 1, false, "edge_case")},
		{"export folder", nil, "pddl", run("k", 0, 1, false, "edge_case")},
		{"manifest", nil, manifestName, run("k", 0, 1, false, "edge_case")},
		{"lock", nil, mutexName, run("k", 0, 1, false, "edge_case")},
		{"shard lock", nil, ".formplan-shard-0-of-2.lock", run("k", 0, 2, false, "edge_case")},
		{"card", nil, "README.md", run("k", 0, 1, true, "edge_case")},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			out, outside := filepath.Join(root, "out"), filepath.Join(root, "outside")
			write(t, outside, map[string]string{"keep.txt": "theirs", "test-00000-of-00001.parquet": "other|1"})
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, out, c.files)
			at := filepath.Join(out, c.link)
			if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
				t.Fatal(err)
			}
			target := outside
			if strings.Contains(filepath.Base(c.link), ".") {
				target = filepath.Join(outside, "missing-file") // a link to a file that is not there yet
			}
			if err := os.Symlink(target, at); err != nil {
				t.Fatal(err)
			}
			before, err := filetree.Hashes(outside)
			if err != nil {
				t.Fatal(err)
			}
			beforeOut, _ := filetree.Hashes(out)
			l, err := Acquire(out, c.run)
			if err == nil {
				l.Release()
				t.Fatal("Acquire took a folder with a link where its files go")
			}
			if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), c.link) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %v: want one line naming the link %s", err, c.link)
			}
			if _, err := Exclusive(out, []string{"edge_case", "future_state"}); !errors.Is(err, ErrLink) {
				t.Fatalf("Exclusive: error %v, want ErrLink", err)
			}
			after, _ := filetree.Hashes(outside)
			if !maps.Equal(before, after) {
				t.Fatalf("the folder outside changed: %v, then %v", before, after)
			}
			if afterOut, _ := filetree.Hashes(out); !maps.Equal(beforeOut, afterOut) {
				t.Fatalf("the refused --out changed: %v, then %v", beforeOut, afterOut)
			}
		})
	}
}

// TestLinksOfTheUserKept checks that links formplan has no use for (a
// folder of the user's own, a note) do not stop a run.
func TestLinksOfTheUserKept(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	write(t, root, map[string]string{"elsewhere/x": "x"})
	write(t, out, map[string]string{"notes/a.txt": "a"})
	for link, target := range map[string]string{"mine": "../elsewhere", "notes/b.txt": "../../elsewhere/x"} {
		if err := os.Symlink(target, filepath.Join(out, link)); err != nil {
			t.Fatal(err)
		}
	}
	l, err := Acquire(out, run("k", 0, 1, true, "edge_case"))
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
}
