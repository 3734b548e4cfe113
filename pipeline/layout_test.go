package pipeline

import (
	"context"
	"fmt"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
)

// noPaint is a Painter that leaves rows as they are (Run treats them as
// rows with pictures) and records how many it is given at a time.
type noPaint struct{ batches []int }

func (p *noPaint) Paint(_ context.Context, qs []question.Question, _ []dataset.Row) error {
	p.batches = append(p.batches, len(qs))
	return nil
}

// TestLayoutIsWhatRunWrites ties layout.ShardMetadata and layout.GroupRows to what Run
// writes, so that gen card's merge, which uses them, writes the file of a
// single run: the shard keys of every shard, and row groups of layout.GroupRows
// rows with pictures and without, handed over BatchRows at a time.
func TestLayoutIsWhatRunWrites(t *testing.T) {
	tests := []struct {
		name   string
		n      int64
		shards int
		paint  bool
	}{
		{"pictures, whole run", BatchRows + 1, 1, true},
		{"pictures, 3 shards", 3*int64(layout.GroupRows(true)) + 5, 3, true},
		{"no pictures, whole run", int64(layout.GroupRows(false)) + 1, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			for k := 0; k < tc.shards; k++ {
				painter := &noPaint{}
				p := plan(t, out, tc.n, nil)
				if tc.paint {
					p.Painter = painter
				}
				p.Shard, p.Shards, p.BatchSize = k, tc.shards, 0
				res, err := Run(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				if lo, hi := layout.ShardRange(tc.n, k, tc.shards); tc.paint && painter.batches[0] != int(min(hi-lo, BatchRows)) {
					t.Errorf("shard %d: rows handed over %v at a time, want %d", k, painter.batches, BatchRows)
				}
				r, err := dataset.Open(res[0].File)
				if err != nil {
					t.Fatal(err)
				}
				for key, want := range layout.ShardMetadata(tc.n, k, tc.shards) {
					if got, _ := r.Metadata(key); got != want {
						t.Errorf("shard %d: %s = %q, ShardMetadata gives %q", k, key, got, want)
					}
				}
				if got, _ := r.Metadata(layout.SuiteKey); got != "temporal_order" {
					t.Errorf("%s = %q", layout.SuiteKey, got)
				}
				group := int64(layout.GroupRows(tc.paint))
				if want := int((r.NumRows() + group - 1) / group); r.NumRowGroups() != want {
					t.Errorf("shard %d: %d rows in %d row groups, want %d of at most %d rows", k, r.NumRows(), r.NumRowGroups(), want, group)
				}
				r.Close()
				if want := layout.FilePath(out, "temporal_order", k, tc.shards); res[0].File != want {
					t.Errorf("file %s, want %s", res[0].File, want)
				}
			}
		})
	}
	if got := fmt.Sprint(layout.ShardMetadata(10, 0, 0)); got != "map[formplan.indices:0-10 formplan.shard:0/1]" {
		t.Errorf("a whole run's shard keys: %s", got)
	}
}
