package formview

import (
	"context"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestFitPictureSize checks that Fit measures a family in its own picture
// size: a form too tall for MiniWoB's picture is refused, naming the fix,
// and let in with a picture that holds it, its pictures at least that
// tall; the long built-in families fit their own.
func TestFitPictureSize(t *testing.T) {
	boxes := func(picture *forms.Size) forms.Family {
		return forms.Family{Name: "tall_boxes", Refer: forms.ByOrdinal, Picture: picture, Groups: []forms.Group{
			{Kind: forms.Checkbox, MinCount: 10, MaxCount: 10},
		}}
	}
	tests := []struct {
		name    string
		fam     forms.Family
		refused string // "" when the family fits
		least   int    // the height its pictures take at least
	}{
		{"too tall for MiniWoB's picture", boxes(nil), "fall outside the 160 x 210 picture", 0},
		{"a picture that holds it", boxes(&forms.Size{Width: 160, Height: 260}), "", 260},
		{"long_checkboxes", *forms.Builtin("long_checkboxes"), "", 330},
		{"mixed_form", *forms.Builtin("mixed_form"), "", 350},
	}
	r := newRenderer(t, 1)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			heights, err := Fit(context.Background(), r, []forms.Family{tc.fam})
			if tc.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refused) || !strings.Contains(err.Error(), "make its picture larger") {
					t.Fatalf("error %v, want one containing %q and the fix", err, tc.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if h := heights.Of(tc.fam.Name); h < tc.least || h > MaxHeight {
				t.Errorf("pictures %d CSS px tall, want %d to %d", h, tc.least, MaxHeight)
			}
		})
	}
}
