package job

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/formplan/formplan/pipeline"
)

// TestBudgetMemory checks when gen sets a fixed heap budget (a run without
// pictures, neither GOGC nor GOMEMLIMIT set) and that the settings come
// back as they were.
func TestBudgetMemory(t *testing.T) {
	tests := []struct {
		name     string
		pictures bool
		env      map[string]string
		workers  int
		budget   bool
	}{
		{"text only", false, nil, 2, true},
		{"text only, 8 workers", false, nil, 8, true},
		{"pictures", true, nil, 2, false},
		{"GOGC set", false, map[string]string{"GOGC": "200"}, 2, false},
		{"GOMEMLIMIT set", false, map[string]string{"GOMEMLIMIT": "1GiB"}, 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
			defer func() {
				debug.SetGCPercent(percent)
				debug.SetMemoryLimit(limit)
			}()
			restore := budgetMemory(tc.pictures, tc.workers, func(k string) string { return tc.env[k] })
			gotLimit := debug.SetMemoryLimit(-1) // reads it
			gotPercent := debug.SetGCPercent(-1)
			debug.SetGCPercent(gotPercent)
			if tc.budget && (gotLimit != pipeline.TextHeap(tc.workers) || gotPercent != -1) {
				t.Errorf("limit %d, GOGC %d: want %d and off", gotLimit, gotPercent, pipeline.TextHeap(tc.workers))
			}
			if !tc.budget && (gotLimit != math.MaxInt64 || gotPercent != 100) {
				t.Errorf("limit %d, GOGC %d: want them untouched", gotLimit, gotPercent)
			}
			restore()
			if l, p := debug.SetMemoryLimit(-1), debug.SetGCPercent(100); l != math.MaxInt64 || p != 100 {
				t.Errorf("after restore: limit %d, GOGC %d", l, p)
			}
		})
	}
	if pipeline.TextHeap(2) != 128<<20 {
		t.Errorf("2 workers: %d bytes, want 128 MiB", pipeline.TextHeap(2))
	}
}
