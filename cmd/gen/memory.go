package main

import (
	"runtime/debug"
)

// textHeap is the heap a run without pictures may grow to before the
// garbage collector runs, for workers workers: 64 MiB, and 32 MiB a
// worker. Such a run's live heap stays at 35-60 MB on 2 workers whatever
// the number of rows (the zstd encoder's window, the row group being
// filled, a batch of rows per worker waiting for the writer), so this is
// about twice it.
func textHeap(workers int) int64 { return (64 + 32*int64(workers)) << 20 }

// budgetMemory sets the garbage collector of a run without pictures to run
// only when the heap reaches textHeap(workers) (GOGC off, a soft memory
// limit), unless GOGC or GOMEMLIMIT is set in the environment (getenv),
// which then decide. It returns what puts the settings back.
//
// With the default GOGC of 100 the collector runs each time the heap
// doubles its live part, which swings with the row group being filled;
// peak memory then follows the largest swing any of the run's collections
// caught, and a long run, with hundreds of collections, catches a larger
// one than a short run: 95-118 MB for 10k to 1M rows. With a fixed budget
// the heap grows to it and stays there, so peak memory is the same for
// 10k rows as for 1M, and the collector runs about half as often.
// Pictures need a heap of about 250 MB, so a run with them keeps the
// default.
func budgetMemory(pictures bool, workers int, getenv func(string) string) (restore func()) {
	if pictures || getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	limit := debug.SetMemoryLimit(textHeap(workers))
	percent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
