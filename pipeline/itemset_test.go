package pipeline

import (
	"math/rand/v2"
	"testing"
)

// TestItemSet adds Items, Item 0 among them, past several growths of the
// table, and checks every one added is found and none other is, and that
// adding one twice counts it once.
func TestItemSet(t *testing.T) {
	tests := []struct {
		name  string
		items func(k int) Item
	}{
		{"random", func(k int) Item { return Item(rand.New(rand.NewPCG(uint64(k), 7)).Uint64()) }},
		{"consecutive", func(k int) Item { return Item(k) }},
		{"high bits only", func(k int) Item { return Item(uint64(k) << 40) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s itemSet
			const n = 5000
			for k := range n {
				if s.has(tc.items(k)) {
					t.Fatalf("Item %d found before it was added", k)
				}
				s.add(tc.items(k))
				s.add(tc.items(k))
			}
			for k := range 2 * n {
				if got := s.has(tc.items(k)); got != (k < n) {
					t.Fatalf("Item %d: found %v, added %v", k, got, k < n)
				}
			}
			zero := 0
			if s.zero {
				zero = 1
			}
			if s.n+zero != n || 4*s.n > 3*len(s.slots) {
				t.Errorf("%d Items in %d slots (and Item 0: %v), want %d at most three quarters full", s.n, len(s.slots), s.zero, n)
			}
		})
	}
}
