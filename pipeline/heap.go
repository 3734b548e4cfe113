package pipeline

import (
	"runtime"

	"github.com/formplan/formplan/internal/heapbudget"
)

// TextHeap is the heap a run without pictures on workers workers (0 or
// less: one per CPU, as Plan.Workers) is given before the garbage
// collector runs (BudgetTextHeap): 64 MiB, and 32 MiB a worker, 256 MiB at
// most. With the built-in families such a run's live
// heap stays at 35-60 MB on 2 workers whatever the number of rows (the
// zstd encoder's window, the row group being filled, a batch of rows per
// worker waiting for the writer), so this is about twice it.
func TextHeap(workers int) int64 {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	return min(64+32*int64(workers), 256) << 20
}

// BudgetTextHeap sets the process's garbage collector for a run without
// pictures on workers workers: it runs only once the heap reaches
// TextHeap(workers) (GOGC off, a soft memory limit). Should the live heap
// pass half the budget (rows of a family with long texts, many workers),
// the collector goes back to its settings before, as it would otherwise
// run all the time. It returns what puts the settings back.
//
// With the default GOGC of 100 the collector runs each time the heap
// doubles its live part, which swings with the row group being filled;
// peak memory then follows the largest swing any of the run's collections
// caught, and a long run, with hundreds of collections, catches a larger
// one than a short run: 95-118 MB for 10k to 1M rows. With a fixed budget
// the heap grows to it and stays there, so peak memory is the same for
// 10k rows as for 1M, and the collector runs about half as often. A run
// with pictures needs a heap of about 250 MB, and is not for this budget.
func BudgetTextHeap(workers int) (restore func()) {
	return heapbudget.Set(TextHeap(workers))
}
