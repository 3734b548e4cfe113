package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
)

// fakeBuild builds a row that records its index, in its Item too.
func fakeBuild(i int64) (question.Question, dataset.Row, Item, error) {
	return question.Question{Index: i}, dataset.Row{Index: &i}, Item(i), nil
}

// TestPipelineOrder checks that every index is emitted once, in order, in
// batches of the given size from the first index of each run (each run's
// last one shorter), whatever the number of workers: the batches decide
// what is painted together.
func TestPipelineOrder(t *testing.T) {
	tests := []struct {
		lo      int64
		ends    []int64
		workers int
		batch   int
	}{
		{0, []int64{0}, 2, 256},
		{0, []int64{1}, 1, 256},
		{5, []int64{300}, 2, 256},
		{0, []int64{1000}, 1, 7},
		{3, []int64{1003}, 3, 7},
		{0, []int64{5000}, 8, 256},
		{0, []int64{513}, 2, 256},
		// Runs one after another, some without rows.
		{0, []int64{300, 600, 900}, 2, 256},
		{0, []int64{0, 0, 10, 10, 517, 517}, 3, 256},
		{4, []int64{4, 20, 21, 22, 100}, 2, 7},
		{0, []int64{0, 0}, 2, 7},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d-%v/w%d/b%d", tc.lo, tc.ends, tc.workers, tc.batch), func(t *testing.T) {
			next := tc.lo
			var want []int // the batch sizes, run by run
			for k, end := range tc.ends {
				from := tc.lo
				if k > 0 {
					from = max(tc.ends[k-1], tc.lo)
				}
				for ; end-from > int64(tc.batch); from += int64(tc.batch) {
					want = append(want, tc.batch)
				}
				if end > from {
					want = append(want, int(end-from))
				}
			}
			var sizes []int
			emit := func(lo int64, qs []question.Question, rows []dataset.Row, items []Item) error {
				if lo != next {
					return fmt.Errorf("batch said to start at %d, want %d", lo, next)
				}
				sizes = append(sizes, len(rows))
				if len(qs) != len(rows) || len(items) != len(rows) {
					return fmt.Errorf("a batch of %d questions, %d rows and %d items", len(qs), len(rows), len(items))
				}
				for k := range rows {
					if *rows[k].Index != next || qs[k].Index != next || items[k] != Item(next) {
						return fmt.Errorf("got index %d (question %d, item %d), want %d", *rows[k].Index, qs[k].Index, items[k], next)
					}
					next++
				}
				return nil
			}
			if err := newPipeline(tc.lo, tc.ends, tc.workers, tc.batch, fakeBuild, emit).run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if hi := tc.ends[len(tc.ends)-1]; next != hi {
				t.Fatalf("emitted up to %d, want %d", next, hi)
			}
			if !slices.Equal(sizes, want) {
				t.Fatalf("batch sizes %v, want %v", sizes, want)
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
			build := func(i int64) (question.Question, dataset.Row, Item, error) {
				if i == tc.failAt {
					return question.Question{}, dataset.Row{}, 0, boom
				}
				return fakeBuild(i)
			}
			emit := func(_ int64, _ []question.Question, rows []dataset.Row, _ []Item) error {
				if tc.emitErr {
					return boom
				}
				emitted.Add(int64(len(rows)))
				return nil
			}
			err := newPipeline(0, []int64{2000}, 2, 100, build, emit).run(tc.ctx)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if tc.failAt >= 0 && emitted.Load() > tc.failAt {
				t.Errorf("emitted %d rows past the failed index %d", emitted.Load(), tc.failAt)
			}
		})
	}
}

// TestPipelineJobs hands, from emit, a job per batch: every job has run
// by the time run returns, on 1 to 4 workers. With several workers,
// another worker takes a job while the batch that handed it is still
// being emitted (emit waits for that, a few seconds at most); with one, no
// job runs until emit returns.
func TestPipelineJobs(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			var handed, ran, beside atomic.Int64
			var inEmit atomic.Bool
			var p *pipeline
			emit := func(_ int64, _ []question.Question, rows []dataset.Row, _ []Item) error {
				inEmit.Store(true)
				defer inEmit.Store(false)
				started := make(chan bool, 1)
				handed.Add(1)
				p.hand(func() {
					in := inEmit.Load()
					if in {
						beside.Add(1)
					}
					started <- in
					ran.Add(1)
				})
				if workers == 1 {
					return nil
				}
				select {
				case beside := <-started:
					if !beside {
						return errors.New("a job ran, but not beside the emit that handed it")
					}
				case <-time.After(5 * time.Second):
					return errors.New("no worker took the job while its batch was emitted")
				}
				return nil
			}
			p = newPipeline(0, []int64{3000}, workers, 50, fakeBuild, emit)
			if err := p.run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if ran.Load() != handed.Load() || handed.Load() != 60 {
				t.Fatalf("%d jobs handed, %d ran, want 60", handed.Load(), ran.Load())
			}
			if workers == 1 && beside.Load() != 0 {
				t.Errorf("one worker ran %d jobs while it emitted", beside.Load())
			}
		})
	}
}

// TestPipelineHold checks that run waits for work held by emit until it is
// released, from another goroutine after the last batch, and that a
// failure ends the run without the release.
func TestPipelineHold(t *testing.T) {
	for _, tt := range []struct {
		name string
		fail bool
	}{{"released", false}, {"failed", true}} {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprint(tt.name, workers), func(t *testing.T) {
				var p *pipeline
				var released atomic.Bool
				emit := func(lo int64, _ []question.Question, rows []dataset.Row, _ []Item) error {
					release := p.hold()
					go func() {
						time.Sleep(time.Duration(lo%7) * time.Millisecond)
						if tt.fail && lo == 950 {
							p.fail(errors.New("held work failed"))
							return // never released
						}
						if lo == 950 {
							time.Sleep(20 * time.Millisecond) // the last batch's, released last
							released.Store(true)
						}
						release()
					}()
					return nil
				}
				p = newPipeline(0, []int64{1000}, workers, 50, fakeBuild, emit)
				err := p.run(context.Background())
				switch {
				case tt.fail && (err == nil || err.Error() != "held work failed"):
					t.Fatalf("run = %v, want the held work's error", err)
				case !tt.fail && err != nil:
					t.Fatal(err)
				case !tt.fail && !released.Load():
					t.Error("run returned before the last held work was released")
				}
			})
		}
	}
}
