package suites

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestReachLong checks that every suite reaches horizon 12 on both long
// built-in families at 4 options, from the horizon the suite's
// definition allows first there (edge_case's recovery needs several steps
// on a form whose task names most of it).
func TestReachLong(t *testing.T) {
	fams := forms.Long()
	sp := &Spec{Seed: 1, Families: fams, Choices: 4}
	tests := []struct {
		suite string
		from  []int // the first horizon, per family of forms.Long
	}{
		{"edge_case", []int{5, 7}},
		{"future_state", []int{1, 1}},
		{"next_action", []int{1, 1}},
		{"plan_generation", []int{1, 1}},
		{"plan_semantic", []int{1, 1}},
		{"plan_shuffle", []int{2, 2}},
		{"temporal_order", []int{1, 1}},
	}
	for _, tc := range tests {
		s, ok := Lookup(tc.suite)
		if !ok {
			t.Fatalf("no suite %s", tc.suite)
		}
		for fi, fam := range fams {
			got := Reach(s, sp, fi)
			var want []int
			for h := tc.from[fi]; h <= MaxHorizon; h++ {
				want = append(want, h)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s on %s: reach %s, want %s", tc.suite, fam.Name, Spans(got), Spans(want))
			}
		}
	}
}

// TestReachIsFit checks that Reach says what Fit does: a horizon Reach
// gives is let in when asked for alone, and one it leaves out is refused.
func TestReachIsFit(t *testing.T) {
	fams := forms.Builtins()
	for _, name := range []string{"edge_case", "plan_semantic", "next_action"} {
		s, _ := Lookup(name)
		for fi, fam := range fams {
			sp := &Spec{Seed: 1, Families: fams, Choices: 4}
			got := Reach(s, sp, fi)
			for h := 1; h <= MaxHorizon; h++ {
				one := &Spec{Seed: 1, Families: fams, Choices: 4, Mix: []Part{{Family: fi, Count: 10, Horizon: Range{Min: h, Max: h}}}}
				_, err := Fit(s, one, true)
				if (err == nil) != slices.Contains(got, h) {
					t.Errorf("%s on %s, horizon %d: Reach %s, Fit says %v", name, fam.Name, h, Spans(got), err)
				}
			}
		}
	}
}

func TestSpans(t *testing.T) {
	tests := []struct {
		hs   []int
		want string
	}{
		{nil, "-"},
		{[]int{3}, "3"},
		{[]int{1, 2, 3, 5, 7, 8}, "1-3, 5, 7-8"},
	}
	for _, tc := range tests {
		if got := Spans(tc.hs); got != tc.want {
			t.Errorf("Spans(%v) = %q, want %q", tc.hs, got, tc.want)
		}
	}
}
