package suites

import (
	"fmt"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestAsked checks Asked against placing every row one by one, for specs
// with and without a mix, fitted horizons, parts that share a family and
// the Paper protocol's groups.
func TestAsked(t *testing.T) {
	fams := forms.Builtins()
	to, _ := Lookup("temporal_order")
	pg, _ := Lookup("plan_generation")
	tests := []struct {
		name  string
		suite Suite
		sp    Spec
		n     int64
	}{
		{"round robin", pg, Spec{Families: fams}, 103},
		{"round robin, horizons 2-3", pg, Spec{Families: fams, Horizon: Range{Min: 2, Max: 3}}, 57},
		{"even mix", pg, Spec{Families: fams, Mix: Even(300, len(fams))}, 300},
		{"fitted", pg, Spec{Families: fams, Mix: Even(3000, len(fams)), Horizons: [][]int{nil, {1, 2, 3}, {1}, {1, 2}, {1}}}, 3000},
		{"parts share a family", pg, Spec{Families: fams, Mix: []Part{
			{Family: 1, Count: 10, Horizon: Range{Min: 1, Max: 2}},
			{Family: 0, Count: 7},
			{Family: 1, Count: 13, Horizon: Range{Min: 2, Max: 4}},
		}}, 30},
		{"past the mix", pg, Spec{Families: fams, Mix: []Part{{Family: 0, Count: 5}, {Family: 2, Count: 5}}}, 17},
		{"paper groups", to, Spec{Families: fams, Protocol: Paper, Mix: []Part{
			{Family: 0, Count: 40}, {Family: 1, Count: 24, Horizon: Range{Min: 2, Max: 3}},
		}}, 64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			unit := int64(1)
			if tc.sp.Protocol == Paper {
				unit = int64(tc.suite.Group)
			}
			want := map[string]int64{}
			for i := int64(0); i < tc.n; i++ {
				c := tc.sp.placeIn(tc.suite.Name, i/unit, unit, tc.suite.NoHorizon)
				want[fmt.Sprintf("%s/%d", c.fam.Name, c.h)]++
			}
			for _, f := range fams {
				for h := 1; h <= MaxHorizon; h++ {
					key := fmt.Sprintf("%s/%d", f.Name, h)
					if got := tc.suite.Asked(&tc.sp, tc.n, f.Name, h); got != want[key] {
						t.Errorf("%s: Asked = %d, placing rows gives %d", key, got, want[key])
					}
				}
			}
		})
	}
}
