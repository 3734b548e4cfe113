package statesim

import (
	"math"
	"testing"
)

// TestPDDLNames checks the names of positions, amounts and texts, and that
// each Append form appends the same name after what the buffer holds.
func TestPDDLNames(t *testing.T) {
	tests := []struct {
		n             int
		position, amt string
	}{
		{0, "pos-0", "by-0"},
		{7, "pos-7", "by-7"},
		{-12, "pos-m12", "by-m12"},
		{math.MinInt64, "pos-m9223372036854775808", "by-m9223372036854775808"},
	}
	for _, tc := range tests {
		if got := PDDLPosition(tc.n); got != tc.position {
			t.Errorf("PDDLPosition(%d) = %s, want %s", tc.n, got, tc.position)
		}
		if got := PDDLAmount(tc.n); got != tc.amt {
			t.Errorf("PDDLAmount(%d) = %s, want %s", tc.n, got, tc.amt)
		}
		if got := string(AppendPDDLPosition([]byte("x "), tc.n)); got != "x "+tc.position {
			t.Errorf("AppendPDDLPosition(x , %d) = %s, want x %s", tc.n, got, tc.position)
		}
		if got := string(AppendPDDLAmount([]byte("x "), tc.n)); got != "x "+tc.amt {
			t.Errorf("AppendPDDLAmount(x , %d) = %s, want x %s", tc.n, got, tc.amt)
		}
	}
	texts := []struct{ text, name string }{
		{"", "empty"},
		{"abc9", "txt-abc9"},
		{"other", "txt-u-6f74686572"},
		{"A b", "txt-u-412062"},
		{"é", "txt-u-c3a9"},
	}
	for _, tc := range texts {
		if got := PDDLText(tc.text); got != tc.name {
			t.Errorf("PDDLText(%q) = %s, want %s", tc.text, got, tc.name)
		}
		if got := string(AppendPDDLText([]byte("x "), tc.text)); got != "x "+tc.name {
			t.Errorf("AppendPDDLText(x , %q) = %s, want x %s", tc.text, got, tc.name)
		}
	}
}
