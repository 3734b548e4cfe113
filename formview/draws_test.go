package formview

import (
	"context"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestDraws checks families drawn in other layouts: a row of
// mixed_form's two sliders at 10 prints its second value past the
// picture's right edge (which Fit lets through), a row of its three text
// boxes holding every value typed is wider than a picture may grow, and
// a row of checkboxes reaches past the edge: each refused; the built-ins
// as they are, radio_textboxes' radio buttons as a column and
// checkbox_textboxes' text boxes as a row draw whole.
func TestDraws(t *testing.T) {
	flipped := func(name string, group int) forms.Family {
		f := *forms.Builtin(name)
		f.Groups = append([]forms.Group(nil), f.Groups...)
		if f.Groups[group].Layout == forms.LayoutRow {
			f.Groups[group].Layout = forms.LayoutColumn
		} else {
			f.Groups[group].Layout = forms.LayoutRow
		}
		return f
	}
	tests := []struct {
		name    string
		fam     forms.Family
		refused string // "" when it draws whole
	}{
		{"mixed_form", *forms.Builtin("mixed_form"), ""},
		{"mixed_form's sliders in a row", flipped("mixed_form", 2), `its text "10" reaches outside`},
		{"radio_textboxes", *forms.Builtin("radio_textboxes"), ""},
		{"radio_textboxes' radio buttons in a column", flipped("radio_textboxes", 0), ""},
		{"checkboxes in a row", flipped("checkboxes", 0), "reaches outside"},
		{"checkbox_textboxes' text boxes in a row", flipped("checkbox_textboxes", 1), ""},
		{"mixed_form's first text boxes in a row, every value typed", flipped("mixed_form", 0), "more than 480"},
	}
	for _, scale := range []float64{1, 2} {
		r := newRenderer(t, scale)
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				why, err := Draws(context.Background(), r, tc.fam)
				switch {
				case err != nil:
					t.Fatal(err)
				case tc.refused == "" && why != "":
					t.Fatalf("scale %g: refused: %s", scale, why)
				case tc.refused != "" && (!strings.Contains(why, tc.refused) || !strings.Contains(why, tc.fam.Name)):
					t.Fatalf("scale %g: refused %q, want a refusal naming the family and saying %q", scale, why, tc.refused)
				}
			})
		}
	}
}
