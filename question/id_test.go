package question

import "testing"

func TestID(t *testing.T) {
	a, b := ID(1, "edge_case", 5), ID(1, "edge_case", 5)
	if a != b || len(a) != 36 {
		t.Fatalf("ids %q and %q", a, b)
	}
	for _, other := range []string{ID(2, "edge_case", 5), ID(1, "future_state", 5), ID(1, "edge_case", 6)} {
		if other == a {
			t.Errorf("different questions share id %s", a)
		}
	}
}
