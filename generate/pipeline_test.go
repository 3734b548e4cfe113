package generate

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/suites"
)

// fakeBuild builds a row that records its index.
func fakeBuild(i int64) (suites.Question, dataset.Row, error) {
	return suites.Question{Index: i}, dataset.Row{Index: ptr(i)}, nil
}

// TestPipelineOrder checks that every index is emitted once, in order, in
// batches of the given size from lo (the last one shorter), whatever the
// number of workers: the batches decide the writer's pages.
func TestPipelineOrder(t *testing.T) {
	tests := []struct {
		lo, hi  int64
		workers int
		batch   int
	}{
		{0, 0, 2, 256},
		{0, 1, 1, 256},
		{5, 300, 2, 256},
		{0, 1000, 1, 7},
		{3, 1003, 3, 7},
		{0, 5000, 8, 256},
		{0, 513, 2, 256},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d-%d/w%d/b%d", tc.lo, tc.hi, tc.workers, tc.batch), func(t *testing.T) {
			next := tc.lo
			var sizes []int
			emit := func(qs []suites.Question, rows []dataset.Row) error {
				sizes = append(sizes, len(rows))
				for k := range rows {
					if *rows[k].Index != next || qs[k].Index != next {
						return fmt.Errorf("got index %d (question %d), want %d", *rows[k].Index, qs[k].Index, next)
					}
					next++
				}
				return nil
			}
			if err := newPipeline(tc.lo, tc.hi, tc.workers, tc.batch, fakeBuild, emit).run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if next != tc.hi {
				t.Fatalf("emitted up to %d, want %d", next, tc.hi)
			}
			for k, n := range sizes {
				if k < len(sizes)-1 && n != tc.batch || k == len(sizes)-1 && (n == 0 || n > tc.batch) {
					t.Fatalf("batch sizes %v, want %d each but the last", sizes, tc.batch)
				}
			}
		})
	}
}

// TestPipelineErrors checks that the first error of a build, of emit or
// of the context ends the run, and that no batch is emitted past a
// failed build.
func TestPipelineErrors(t *testing.T) {
	boom := errors.New("boom")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		failAt  int64 // build fails at this index (-1: never)
		emitErr bool
		want    error
	}{
		{"build", context.Background(), 700, false, boom},
		{"emit", context.Background(), -1, true, boom},
		{"canceled", canceled, -1, false, context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var emitted atomic.Int64
			build := func(i int64) (suites.Question, dataset.Row, error) {
				if i == tc.failAt {
					return suites.Question{}, dataset.Row{}, boom
				}
				return fakeBuild(i)
			}
			emit := func(_ []suites.Question, rows []dataset.Row) error {
				if tc.emitErr {
					return boom
				}
				emitted.Add(int64(len(rows)))
				return nil
			}
			err := newPipeline(0, 2000, 2, 100, build, emit).run(tc.ctx)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if tc.failAt >= 0 && emitted.Load() > tc.failAt {
				t.Errorf("emitted %d rows past the failed index %d", emitted.Load(), tc.failAt)
			}
		})
	}
}
