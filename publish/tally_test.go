package publish

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/suites"
)

// cardFiles reads what Card writes in dir, by path relative to dir.
func cardFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	paths := []string{"README.md", "croissant.json"}
	yamls, _ := filepath.Glob(filepath.Join(dir, lmmsDir, "*"))
	for _, y := range yamls {
		rel, _ := filepath.Rel(dir, y)
		paths = append(paths, rel)
	}
	for _, p := range paths {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		out[p] = b
	}
	return out
}

// TestCardKept checks that the card written from what a run kept while
// writing is the card written by reading the files, with pictures and
// without, shard by shard, and when the tally misses or mistakes a file.
func TestCardKept(t *testing.T) {
	tests := []struct {
		name    string
		painter pipeline.Painter
		shards  int
		spoil   func(t *testing.T, dir string, k *Tally) // makes the tally wrong or partial
	}{
		{"no pictures", nil, 1, nil},
		{"pictures", fakePainter{}, 1, nil},
		{"two shards", fakePainter{}, 2, nil},
		{"a file not kept", nil, 1, func(t *testing.T, dir string, k *Tally) {
			delete(k.files, "plan_shuffle/test-00000-of-00001.parquet")
		}},
		{"a file rewritten since", nil, 1, func(t *testing.T, dir string, k *Tally) {
			k.files["edge_case/test-00000-of-00001.parquet"].t.size++
		}},
		{"another directory", nil, 1, func(t *testing.T, dir string, k *Tally) {
			k.dir = t.TempDir()
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			kept := NewTally(dir)
			all := suites.DrawnSuites()
			counts := make([]int64, len(all))
			for k := range counts {
				counts[k] = perSuite
			}
			for shard := range tc.shards {
				plan := pipeline.Plan{
					Out: dir, Suites: all, Counts: counts,
					Spec:    suites.Spec{Seed: testInfo.Seed, Families: forms.Defaults()},
					Workers: 2, Version: testInfo.Version, Flags: testInfo.Flags, Painter: tc.painter,
					Shard: shard, Shards: tc.shards, Observe: kept.Rows,
				}
				res, err := pipeline.Run(context.Background(), plan)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range res {
					kept.Written(r.File, r.Size, r.SHA256, r.Metadata)
				}
			}
			if tc.spoil != nil {
				tc.spoil(t, dir, kept)
			}
			if err := Card(dir, testInfo); err != nil {
				t.Fatal(err)
			}
			want := cardFiles(t, dir)
			if err := CardKept(dir, testInfo, kept); err != nil {
				t.Fatal(err)
			}
			got := cardFiles(t, dir)
			if len(got) != len(want) {
				t.Fatalf("%d files, want %d", len(got), len(want))
			}
			for p, b := range want {
				if !bytes.Equal(got[p], b) {
					t.Errorf("%s differs from the card written by reading the files", p)
				}
			}
		})
	}
}
