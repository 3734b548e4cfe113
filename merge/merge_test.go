package merge

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/suites"
)

// testSuites are the suites of every test run: two cheap ones.
var testSuites = []string{"temporal_order", "future_state"}

// genRun writes a run of n questions per suite in shards shards into out,
// as gen does, with flags naming the suites.
func genRun(t *testing.T, out string, n int64, shards int, seed uint64) {
	t.Helper()
	var ss []suites.Suite
	var counts []int64
	for _, name := range testSuites {
		s, _ := suites.Lookup(name)
		ss, counts = append(ss, s), append(counts, n)
	}
	for k := 0; k < shards; k++ {
		p := pipeline.Plan{Out: out, Suites: ss, Counts: counts, Workers: 2, Version: "test",
			Spec:  suites.Spec{Seed: seed, Families: forms.Defaults(), Choices: 4, Horizon: suites.Range{Min: 1, Max: 4}},
			Flags: fmt.Sprintf("--seed %d --suites %s", seed, strings.Join(testSuites, ",")), Shard: k, Shards: shards}
		if _, err := pipeline.Run(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	raw, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeIsTheSingleRun merges 4 shards and gets the single run's bytes,
// also when an earlier merge stopped part way.
func TestMergeIsTheSingleRun(t *testing.T) {
	single := t.TempDir()
	genRun(t, single, 601, 1, 1)
	want := filetree.MustHashes(t, single)
	tests := []struct {
		name  string
		crash func(t *testing.T, dir string) // what an earlier, stopped merge left
	}{
		{"shards only", func(*testing.T, string) {}},
		{"stopped while writing", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(single, "future_state", 0, 1), filepath.Join(dir, "future_state", ".test-00000-of-00001.parquet.tmp-123"))
		}},
		{"stopped before removing the shards", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(single, "future_state", 0, 1), layout.FilePath(dir, "future_state", 0, 1))
		}},
		{"stopped while removing the shards", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(single, "future_state", 0, 1), layout.FilePath(dir, "future_state", 0, 1))
			for _, k := range []int{0, 2} {
				if err := os.Remove(layout.FilePath(dir, "future_state", k, 4)); err != nil {
					t.Fatal(err)
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			genRun(t, dir, 601, 4, 1)
			tc.crash(t, dir)
			res, err := Dir(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 2 || res[0].Suite != "future_state" || res[0].Rows != 601 || res[1].Shards != 4 {
				t.Errorf("results %+v", res)
			}
			got := filetree.MustHashes(t, dir)
			if !maps.Equal(got, want) {
				t.Errorf("merged files differ from the single run's:\n got %v\nwant %v", got, want)
			}
			again, err := Dir(context.Background(), dir)
			if err != nil || again[0].Shards != 0 || again[1].Shards != 0 || !maps.Equal(filetree.MustHashes(t, dir), want) {
				t.Errorf("a second merge: %+v, %v", again, err)
			}
		})
	}
}

// TestMergeRefuses checks that every broken set is refused with its fix,
// and that a refused merge changes nothing.
func TestMergeRefuses(t *testing.T) {
	other := t.TempDir() // the same flags in 2 shards, and another seed's run
	genRun(t, filepath.Join(other, "two"), 40, 2, 1)
	genRun(t, filepath.Join(other, "seed2"), 40, 4, 2)
	genRun(t, filepath.Join(other, "n44"), 44, 4, 1)
	tests := []struct {
		name  string
		spoil func(t *testing.T, dir string)
		want  string
	}{
		{"a shard missing", func(t *testing.T, dir string) {
			os.Remove(layout.FilePath(dir, "temporal_order", 2, 4))
		}, "temporal_order: 1 of 4 shards missing (2/4): run them (gen --seed 1 --suites temporal_order,future_state --shard 2/4"},
		{"a suite missing", func(t *testing.T, dir string) {
			os.RemoveAll(filepath.Join(dir, "future_state"))
		}, "has no files of future_state"},
		{"a shard of another run", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(filepath.Join(other, "seed2"), "temporal_order", 1, 4), layout.FilePath(dir, "temporal_order", 1, 4))
		}, `come from different runs (formplan.flags "--seed 1 --suites temporal_order,future_state" against "--seed 2`},
		{"shards of two counts", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(filepath.Join(other, "two"), "future_state", 1, 2), layout.FilePath(dir, "future_state", 1, 2))
		}, "future_state holds shards of runs in 2 and 4 shards"},
		{"shards of another size", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(filepath.Join(other, "n44"), "future_state", 3, 4), layout.FilePath(dir, "future_state", 3, 4))
		}, "test-00000-of-00004.parquet: its metadata says indices 0-10, but shard 0/4 of 44 rows holds 0-11"},
		{"a shard in another suite's folder", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(dir, "temporal_order", 1, 4), layout.FilePath(dir, "future_state", 1, 4))
		}, `holds rows of suite "temporal_order", not "future_state"`},
		{"a shard renamed", func(t *testing.T, dir string) {
			os.Rename(layout.FilePath(dir, "future_state", 3, 4), layout.FilePath(dir, "future_state", 3, 5))
		}, `its metadata says shard "3/4", its name 3/5`},
		{"a shard missing rows", func(t *testing.T, dir string) {
			path := layout.FilePath(dir, "future_state", 1, 4)
			rows, err := dataset.ReadRows(path)
			if err != nil {
				t.Fatal(err)
			}
			p := &part{path: path, suite: "future_state", k: 1, n: 4}
			if err := p.readFooter(); err != nil {
				t.Fatal(err)
			}
			delete(p.meta, dataset.MetadataKey)
			if err := dataset.WriteFile(path, dataset.Options{Metadata: p.meta}, rows[1:]...); err != nil {
				t.Fatal(err)
			}
		}, "holds 9 rows where its metadata says indices 10-20"},
		{"a whole file beside shards of another size", func(t *testing.T, dir string) {
			copyFile(t, layout.FilePath(filepath.Join(other, "n44"), "future_state", 3, 4), layout.FilePath(dir, "future_state", 3, 4))
			single := t.TempDir()
			genRun(t, single, 40, 1, 1)
			copyFile(t, layout.FilePath(single, "future_state", 0, 1), layout.FilePath(dir, "future_state", 0, 1))
		}, "test-00003-of-00004.parquet: its metadata says indices 33-44, but shard 3/4 of 40 rows holds 30-40"},
		{"not a Parquet file", func(t *testing.T, dir string) {
			os.WriteFile(layout.FilePath(dir, "future_state", 2, 4), []byte("PAR1 no footer"), 0o644)
		}, "future_state/test-00002-of-00004.parquet: not a complete Parquet file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			genRun(t, dir, 40, 4, 1)
			tc.spoil(t, dir)
			before := filetree.MustHashes(t, dir)
			_, err := Dir(context.Background(), dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("merge: %v\nwant an error containing %q", err, tc.want)
			}
			if after := filetree.MustHashes(t, dir); !maps.Equal(before, after) {
				t.Errorf("a refused merge changed the directory")
			}
		})
	}
}

// A named pipe named like a shard is refused without being opened.
func TestMergeRefusesNotRegular(t *testing.T) {
	dir := t.TempDir()
	genRun(t, dir, 8, 2, 1)
	path := layout.FilePath(dir, "future_state", 1, 2)
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if _, err := Dir(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "is not a regular file") {
		t.Fatalf("merge over a named pipe: %v", err)
	}
}
