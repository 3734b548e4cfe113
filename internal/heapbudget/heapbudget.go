// Package heapbudget gives the garbage collector a fixed heap budget: it
// runs only once the heap reaches the budget, instead of each time the heap
// doubles its live part. A process whose live heap is small and which
// allocates fast (a run writing rows, a server answering steps) then
// collects far less often, and its memory is the budget whatever it does.
package heapbudget

import (
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Set makes the collector run only once the heap reaches budget bytes
// (GOGC off, a soft memory limit of budget). Should the live heap pass half
// the budget, the collector goes back to its settings before, as it would
// otherwise run all the time. It returns what puts the settings back.
func Set(budget int64) (restore func()) {
	limit := debug.SetMemoryLimit(budget)
	percent := debug.SetGCPercent(-1)
	back := func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		if watchLiveHeap(budget/2, 50*time.Millisecond, stop) {
			back()
		}
	}()
	return func() {
		close(stop)
		<-stopped
		back()
	}
}

// Default is Set, unless the environment (getenv) sets GOGC or GOMEMLIMIT
// (Chosen), whose settings then decide: restore then does nothing.
func Default(budget int64, getenv func(string) string) (restore func()) {
	if Chosen(getenv) {
		return func() {}
	}
	return Set(budget)
}

// Chosen reports whether the environment (getenv) sets GOGC or
// GOMEMLIMIT, whose settings then decide instead of a budget.
func Chosen(getenv func(string) string) bool {
	return getenv("GOGC") != "" || getenv("GOMEMLIMIT") != ""
}

// watchLiveHeap reads the live heap the last collection found, every
// period, until it passes over (it returns true) or stop closes (false).
func watchLiveHeap(over int64, period time.Duration, stop <-chan struct{}) bool {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return false
		case <-tick.C:
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 && int64(sample[0].Value.Uint64()) > over {
				return true
			}
		}
	}
}
