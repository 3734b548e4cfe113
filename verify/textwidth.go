package verify

import (
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/formview"
)

// textSlack is how far, in CSS px plus a fraction of the width, the right
// edge of a text's ink, moved right by inkBearing, may be from where the
// font's advance widths put it. Measured on real pictures at scales 1 and
// 2 (TestProbeMargins), a text box's ink (13.33 px) ends 0.2 to 1.25 px
// before the advances, a slider's printed value (10 px) 0.2 to 1.35 px
// before: the last glyph's side bearing, about 0.7 px; kerning and
// hinting may move it a little more.
const (
	textSlack     = 2
	textSlackFrac = 0.03
	inkBearing    = 0.7
)

// textFits reports whether ink ending right CSS px after the text's left
// edge fits text s set at px in a box content wide, and gives the width s
// should have. A text of unknown width fits.
func textFits(s string, right, px, content float64) (want float64, ok bool) {
	want, known := formview.TextWidth(s, px)
	if !known {
		return 0, true
	}
	want = min(want, content)
	d := right + inkBearing - want
	return want, d >= -textSlack-textSlackFrac*want && d <= textSlack+textSlackFrac*want
}

// textWidthsKnown reports whether the pictures of the file r reads were set
// in Liberation Sans, so that formview.TextWidth gives their text's width:
// gen records the fonts-liberation package in the file's metadata. Without
// it, Chromium may have fallen back to a font of other widths, and text
// boxes are only checked for being empty or not.
func textWidthsKnown(r *dataset.Reader) bool {
	v, _ := r.Metadata(dataset.FontsKey)
	return liberationFont(v)
}

// liberationFont reports whether fonts, a font package as
// render.FontVersion names it, is Liberation's.
func liberationFont(fonts string) bool { return strings.HasPrefix(fonts, "fonts-liberation") }
