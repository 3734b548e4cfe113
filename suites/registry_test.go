package suites

import "testing"

func TestEven(t *testing.T) {
	tests := []struct {
		n        int64
		families int
		want     []int64
	}{
		{300, 3, []int64{100, 100, 100}},
		{10, 3, []int64{4, 3, 3}},
		{2, 3, []int64{1, 1, 0}},
		{7, 1, []int64{7}},
	}
	for _, tc := range tests {
		mix := Even(tc.n, tc.families)
		sp := Spec{Mix: mix}
		if sp.Total() != tc.n || len(mix) != len(tc.want) {
			t.Fatalf("Even(%d, %d) = %+v", tc.n, tc.families, mix)
		}
		for k, p := range mix {
			if p.Family != k || p.Count != tc.want[k] {
				t.Errorf("Even(%d, %d) part %d = %+v, want count %d", tc.n, tc.families, k, p, tc.want[k])
			}
		}
	}
}

// TestEverySuiteChecksItsRows makes sure every registered suite tells
// package verify how to check its rows: a suite without a Check would
// have rows whose labels nothing re-derives.
func TestEverySuiteChecksItsRows(t *testing.T) {
	for _, s := range All() {
		if s.Check == nil {
			t.Errorf("suite %s registers no Check: give its register call a Check func(*rowcheck.Row)", s.Name)
		}
		if s.Pictures != 1 && s.Pictures != 2 {
			t.Errorf("suite %s registers Pictures %d, want 1 or 2", s.Name, s.Pictures)
		}
	}
}
