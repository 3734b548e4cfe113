package forms

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/formplan/formplan/typeface"
)

// Limits of a family, so that every form fits its picture and every search
// over its states stays small.
const (
	// MaxElements is the most elements (Submit aside) a family may draw:
	// a form past MiniWoB's dozen needs a larger picture (Family.Picture).
	MaxElements = 24
	// MaxTextPool is the most values a text box group's text_pool may hold,
	// and the most labels a label_list may hold.
	MaxTextPool = 10000
	// MaxPositions is the most positions a slider range may have.
	MaxPositions = 200
	// MaxMagnitude bounds a slider's ends: the picture prints the value,
	// and seven characters are what fits beside the slider.
	MaxMagnitude = 999999
)

// A form's picture, in CSS px: MiniWoB's PictureWidth x PictureHeight, or
// larger in steps of PictureStep up to MaxPictureWidth x MaxPictureHeight
// when a family asks for it (Family.Picture) or a task or typed text needs
// more room.
const (
	PictureWidth     = 160
	PictureHeight    = 210
	PictureStep      = 10
	MaxPictureWidth  = 3 * PictureWidth
	MaxPictureHeight = 2 * PictureHeight
)

// Size is a picture's width and height in CSS px.
type Size struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// check reports what is wrong with a family's picture size, or nil.
func (z Size) check() error {
	switch {
	case z.Width < PictureWidth || z.Width > MaxPictureWidth || (z.Width-PictureWidth)%PictureStep != 0:
		return fmt.Errorf("width %d: want %d to %d in steps of %d", z.Width, PictureWidth, MaxPictureWidth, PictureStep)
	case z.Height < PictureHeight || z.Height > MaxPictureHeight || (z.Height-PictureHeight)%PictureStep != 0:
		return fmt.Errorf("height %d: want %d to %d in steps of %d", z.Height, PictureHeight, MaxPictureHeight, PictureStep)
	}
	return nil
}

var nameRE = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}$`)

// CheckName reports why s cannot name a family, or nil: names go into
// file metadata, flags and dataset columns, so they are lower-case ASCII
// letters, digits and underscores, starting with a letter, at most 40.
func CheckName(s string) error {
	if !nameRE.MatchString(s) {
		return errors.New("use lower-case letters, digits and underscores, starting with a letter, at most 40 characters (such as fruit_boxes)")
	}
	return nil
}

// check reports what is wrong with the range, or nil. The arithmetic is
// done on magnitudes already bounded, so it cannot overflow.
func (r Range) check() error {
	switch {
	case r.Min < -MaxMagnitude || r.Max > MaxMagnitude || r.Min > MaxMagnitude || r.Max < -MaxMagnitude:
		return fmt.Errorf("ends must lie within -%d..%d, what the picture prints in full", MaxMagnitude, MaxMagnitude)
	case r.Max <= r.Min:
		return errors.New("want min < max")
	case r.Step < 1 || r.Step > r.Max-r.Min:
		return errors.New("want a step of at least 1 and at most max-min")
	case (r.Max-r.Min)%r.Step != 0:
		return fmt.Errorf("the step must divide max-min (%d)", r.Max-r.Min)
	case (r.Max-r.Min)/r.Step > MaxPositions:
		return fmt.Errorf("%d positions: at most %d; raise the step", (r.Max-r.Min)/r.Step+1, MaxPositions)
	}
	return nil
}

// Largest returns the form of the family that takes the most room in a
// picture: every group at its max_count, the longest labels of its lists
// (random labels as wide as RandomLabel draws), the slider range with the
// widest printed ends and the longest text values. A picture that holds it
// holds every form of the family.
func (f *Family) Largest() Form {
	form := Form{Family: f.Name, Refer: f.Refer, Picture: f.picture()}
	var ordinal [len(kindNames)]int
	counts := make([]int, len(f.Groups))
	for gi, g := range f.Groups {
		counts[gi] = g.MaxCount
		labels := slices.Clone(g.LabelList)
		slices.SortStableFunc(labels, widerFirst)
		for i := range g.MaxCount {
			e := Element{Kind: g.Kind, Group: GroupName(gi), ID: elementID(len(form.Elements)), Layout: elementLayout(g.Layout)}
			ordinal[e.Kind]++
			e.Ordinal = ordinal[e.Kind]
			switch g.Labels {
			case LabelsRandom:
				e.Label = "WWWWWW" + string(rune('A'+len(form.Elements)%26))
			case LabelsList:
				e.Label = labels[i]
			}
			if g.Kind == Slider {
				r := slices.MaxFunc(g.Ranges, func(a, b Range) int { return printed(a) - printed(b) })
				e.Min, e.Max, e.Step = r.Min, r.Max, r.Step
			}
			form.Elements = append(form.Elements, e)
		}
		if g.Kind == TextBox {
			pool := slices.Clone(g.TextPool)
			slices.SortStableFunc(pool, widerFirst)
			k := g.vocab()
			form.TextValues = append(form.TextValues, pool[:k]...)
		}
	}
	form.Elements = append(form.Elements, Element{Kind: Submit, Label: "Submit", ID: elementID(len(form.Elements)), Ordinal: 1})
	f.enable(&form, counts)
	return form
}

// widerFirst orders texts widest first, as a picture draws them: by
// drawnEms.
func widerFirst(a, b string) int { return cmp.Compare(drawnEms(b), drawnEms(a)) }

// drawnEms is how wide, in em, a text is for Largest: its code points, 1
// em each (more than a Latin, Greek or Cyrillic letter takes), or its
// shaped width when a face beside Liberation Sans draws some of it
// (typeface.Need): a Devanagari letter and its signs take far less than 1
// em each, so the text of most code points need not be the widest.
func drawnEms(s string) float64 {
	if typeface.Need(s) != 0 {
		if em, ok := typeface.Width(s); ok {
			return em
		}
	}
	return float64(utf8.RuneCountInString(s))
}

// printed is how many characters the wider end of r takes in print.
func printed(r Range) int {
	return max(len(strconv.Itoa(r.Min)), len(strconv.Itoa(r.Max)))
}
