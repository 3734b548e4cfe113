package formview

import (
	"context"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestDraws checks families Fit lets in, drawn in other layouts: a row
// of mixed_form's two sliders at 10 prints its second value past the
// picture's right edge, which Draws refuses; the built-ins as they are,
// and radio_textboxes' radio buttons as a column, draw whole.
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
	}
	for _, scale := range []float64{1, 2} {
		r := newRenderer(t, scale)
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				if _, err := Fit(context.Background(), r, []forms.Family{tc.fam}); err != nil && tc.refused == "" {
					t.Fatalf("Fit refused it: %v", err)
				}
				err := Draws(context.Background(), r, tc.fam)
				switch {
				case tc.refused == "" && err != nil:
					t.Fatalf("scale %g: refused: %v", scale, err)
				case tc.refused != "" && (err == nil || !strings.Contains(err.Error(), tc.refused) || !strings.Contains(err.Error(), tc.fam.Name)):
					t.Fatalf("scale %g: error %v, want one naming the family and saying %q", scale, err, tc.refused)
				}
			})
		}
	}
}
