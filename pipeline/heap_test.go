package pipeline

import "testing"

// TestTextHeap checks the budget of a run on some numbers of workers.
func TestTextHeap(t *testing.T) {
	tests := []struct {
		workers int
		want    int64
	}{{1, 96 << 20}, {2, 128 << 20}, {6, 256 << 20}, {64, 256 << 20}}
	for _, tc := range tests {
		if got := TextHeap(tc.workers); got != tc.want {
			t.Errorf("TextHeap(%d) = %d MiB, want %d", tc.workers, got>>20, tc.want>>20)
		}
	}
}
