package pipeline

import (
	"context"
	"runtime"
	"slices"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
)

// Check builds, text only and on p.Workers workers, every question of p's
// suites from index 0 to the end of p's shard, as Run builds them, and
// returns an *ExhaustedError when a cell of a suite (a family at a
// horizon) cannot give as many distinct questions as asked, before
// anything is written and before any picture is painted. A run whose
// rows are cheap next to its pictures calls it first; Run itself finds the
// same error, but only once the suites before that one are written.
//
// With Resume, a suite whose file's footer says a run of this plan wrote
// it is not built: that run built every row, so the suite is not
// exhausted, whether Run then keeps the file or, finding a page corrupt
// or another browser's pictures (metadata Check need not have), makes it
// again. Check reads no page; Run reads each once.
func Check(ctx context.Context, p Plan) error {
	runs, err := p.prepare()
	if err != nil {
		return err
	}
	upTo := make([]int64, len(runs))
	for k := range runs {
		r := &runs[k]
		if r.hi == r.lo || p.Resume && r.writtenBefore() {
			continue
		}
		r.distinct = newDistinct(&r.suite, &r.spec, p.Counts[k])
		upTo[k] = r.hi
	}
	return textPass(ctx, runs, upTo, p.Workers)
}

// textPass builds, text only, the questions [0, upTo[k]) of each suite
// run k, on workers workers (0: one per CPU), and takes them, in index
// order, into the run's distinct (which must be set where upTo[k] > 0).
func textPass(ctx context.Context, runs []suiteRun, upTo []int64, workers int) error {
	ends := make([]int64, len(runs))
	var at int64
	for k := range runs {
		at += upTo[k]
		ends[k] = at
	}
	if at == 0 {
		return nil
	}
	runOf := func(i int64) (*suiteRun, int64) {
		k, _ := slices.BinarySearch(ends, i+1)
		return &runs[k], i - (ends[k] - upTo[k])
	}
	build := func(i int64) (question.Question, dataset.Row, Item, error) {
		r, index := runOf(i)
		q, err := r.suite.Build(&r.spec, index)
		if err != nil {
			return q, dataset.Row{}, 0, err
		}
		return q, dataset.Row{}, ItemOf(&q), nil
	}
	emit := func(at int64, qs []question.Question, _ []dataset.Row, items []Item) error {
		r, _ := runOf(at)
		for k := range qs {
			if _, err := r.distinct.take(&qs[k], items[k]); err != nil {
				return err
			}
		}
		return nil
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	return newPipeline(0, ends, workers, BatchRows, build, emit).run(ctx)
}
