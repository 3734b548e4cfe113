package startspace

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/statesim"
)

// TestHashIndex puts items with few distinct hashes (so that walks cross
// one another) into an index reset for fewer items than it gets (so that
// it grows), and checks that the walk for each hash meets exactly the
// items put with it, before and after a reset that keeps the memory.
func TestHashIndex(t *testing.T) {
	tests := []struct {
		name           string
		room, items    int
		distinctHashes uint64
	}{
		{"room for all", 100, 100, 7},
		{"grows", 0, 300, 5},
		{"every hash the same", 4, 50, 1},
		{"no items", 10, 0, 3},
	}
	var ix hashIndex
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for round := range 2 { // the second after a reset that keeps the memory
				ix.reset(tt.room)
				want := map[uint64][]int32{}
				for x := range tt.items {
					h := uint64(x) % tt.distinctHashes * 0x5555
					ix.put(h, int32(x))
					want[h] = append(want[h], int32(x))
				}
				if ix.items != tt.items {
					t.Fatalf("round %d: %d items, want %d", round, ix.items, tt.items)
				}
				for k := range tt.distinctHashes {
					h := k * 0x5555
					var got []int32
					for i := ix.first(h); ix.slot[i] != 0; i = ix.next(i) {
						if ix.hash[i] == h {
							got = append(got, ix.slot[i]-1)
						}
					}
					slices.Sort(got)
					if !slices.Equal(got, want[h]) {
						t.Errorf("round %d: hash %#x walks to %v, want %v", round, h, got, want[h])
					}
				}
			}
		})
	}
}

// TestHashValues checks that equal values hash the same and that values
// differing in a number or a text, or in their count, hash apart.
func TestHashValues(t *testing.T) {
	base := statesim.State{{N: 1}, {S: "1234"}, {N: -3}}
	same := slices.Clone(base)
	if hashValues(base) != hashValues(same) {
		t.Fatal("equal values hash apart")
	}
	for _, other := range []statesim.State{
		{{N: 0}, {S: "1234"}, {N: -3}},
		{{N: 1}, {S: "1235"}, {N: -3}},
		{{N: 1}, {S: "1234"}, {N: 3}},
		{{N: 1}, {S: "1234"}},
		{{N: 1}, {S: "1234"}, {N: -3}, {}},
		{{N: 1}, {N: 0}, {N: -3}},
	} {
		if hashValues(other) == hashValues(base) {
			t.Errorf("%v hashes as %v", other, base)
		}
	}
}
