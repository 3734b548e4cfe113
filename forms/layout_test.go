package forms

import (
	"math/rand/v2"
	"testing"
)

// TestElementLayout checks that every element of a drawn form, and of a
// family's largest form, carries its group's layout: "row" for a row and
// "" for a column, the default.
func TestElementLayout(t *testing.T) {
	tests := []struct {
		layout, want string
	}{
		{"", ""},
		{LayoutColumn, ""},
		{LayoutRow, LayoutRow},
	}
	for _, tc := range tests {
		fam := Family{Name: "l", Refer: ByOrdinal, Groups: []Group{
			{Kind: Checkbox, MinCount: 2, MaxCount: 3, Layout: tc.layout},
			{Kind: Radio, MinCount: 2, MaxCount: 2},
		}}
		if err := fam.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, f := range []Form{fam.NewForm(rand.New(rand.NewPCG(1, 1))), fam.Largest()} {
			for _, e := range f.Elements {
				want := ""
				if e.Kind == Checkbox {
					want = tc.want
				}
				if e.Layout != want {
					t.Errorf("layout %q: %s (%s) has layout %q, want %q", tc.layout, e.ID, e.Kind, e.Layout, want)
				}
			}
		}
	}
}

// TestSharesRow checks that an element shares the row of the one before
// only when both are laid out in a row and come from one group.
func TestSharesRow(t *testing.T) {
	f := Form{Elements: []Element{
		{Group: "g0", Layout: LayoutRow},
		{Group: "g0", Layout: LayoutRow},
		{Group: "g1", Layout: LayoutRow},
		{Group: "g1"},
		{Group: "g1"},
		{Group: "g2", Layout: LayoutRow},
		{Kind: Submit},
	}}
	want := []bool{false, true, false, false, false, false, false}
	for i := range f.Elements {
		if got := f.SharesRow(i); got != want[i] {
			t.Errorf("SharesRow(%d) = %v, want %v", i, got, want[i])
		}
	}
}
