package verify

import (
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// textSlack is how far, in CSS px plus a fraction of the width, the right
// edge of a text's ink, moved right by inkBearing, may be from where the
// font's advance widths put it. The last glyph's right side bearing puts
// the ink's edge before the advances: in formplan's Liberation Sans 2.1
// (TestProbeMargins, real pictures at scales 1 and 2), a slider's printed
// value (10 px) ends 0.2 to 1.35 px before them, a text box's text (13.33
// px) 0.2 to 1.95 px before; kerning and hinting move it a little more.
const (
	textSlack     = 2
	textSlackFrac = 0.03
)

// inkBearing returns how far, in CSS px, the ink of text s set at px ends
// before its advances: the right side bearing of its last glyph in
// formplan's font (a "1" ends 1.4 px before them at 13.33 px, a "0" 0.6
// px), or of the shaped text for CJK and Devanagari (typeface.RightBearing;
// a Devanagari vowel sign may reach past them), or about 0.7 px at 10 px
// for a character no face draws.
func inkBearing(s string, px float64) float64 {
	if em, ok := typeface.RightBearing(s); ok {
		return em * px
	}
	return 0.7 + (px-10)*0.114
}

// textFits reports whether ink ending right CSS px after the text's left
// edge fits text s set at px in a box content wide, and gives the width s
// should have. A text of unknown width fits.
func textFits(s string, right, px, content float64) (want float64, ok bool) {
	want, known := formview.TextWidth(s, px)
	if em, kerned := typeface.Width(s); kerned {
		want, known = em*px, true
	}
	if !known {
		return 0, true
	}
	want = min(want, content)
	d := right + inkBearing(s, px) - want
	return want, d >= -textSlack-textSlackFrac*want && d <= textSlack+textSlackFrac*want
}

// textRule is what a file's pictures let verify check of the text in text
// boxes, by the font they were set in.
type textRule int

const (
	// widthsUnknown: a font of other widths may have been used; text boxes
	// are only checked for being empty or not.
	widthsUnknown textRule = iota
	// formWidths: Liberation Sans from the machine's fonts-liberation, with
	// text boxes as wide as the form's widest value (formview.WidestText);
	// a longer text is cut off at the box's edge.
	formWidths
	// shownWidths: Liberation Sans from formplan's own bytes
	// (typeface.ID), with text boxes as wide as the widest text the
	// pictured state holds too (formview.BoxWidth): nothing is cut off.
	shownWidths
)

// known reports whether text widths are checked at all.
func (t textRule) known() bool { return t != widthsUnknown }

// boxWidth returns the content width, in CSS px, text box i of f was
// drawn with in a picture of state s.
func (t textRule) boxWidth(f *forms.Form, s statesim.State, i int) int {
	if t == shownWidths {
		return formview.BoxWidth(f, s, i)
	}
	return formview.TextBoxWidth(formview.WidestText(f), f.Elements[i].Layout)
}

// textWidthsKnown returns what the pictures of the file r reads let verify
// check of text widths, from the font gen recorded in its metadata.
func textWidthsKnown(r *dataset.Reader) textRule {
	v, _ := r.Metadata(layout.FontsKey)
	return fontRule(v)
}

// fontRule returns the textRule of pictures set in fonts, a font as
// layout.FontsKey records it: typeface.ID, or a fonts-liberation package
// of older files.
func fontRule(fonts string) textRule {
	switch {
	case typeface.IsID(fonts):
		return shownWidths
	case strings.HasPrefix(fonts, "fonts-liberation"):
		return formWidths
	}
	return widthsUnknown
}
