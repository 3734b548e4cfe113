package verify

import (
	"strings"

	"github.com/formplan/formplan/dataset"
)

// asciiAdvance holds the advance widths of the printable ASCII characters,
// ' ' to '~', in Arial and in Liberation Sans, which copies Arial's
// metrics, in 1/2048 em (read from the hmtx table of
// LiberationSans-Regular.ttf). The form template sets text boxes in Arial,
// "Liberation Sans" at 10 CSS px.
var asciiAdvance = [95]int{
	569, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 797, 1196, 569, 682, 569, 569, // ' '..'/'
	1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 569, 569, 1196, 1196, 1196, 1139, // '0'..'?'
	2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1024, 1366, 1139, 1706, 1479, 1593, // '@'..'O'
	1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 569, 569, 569, 961, 1139, // 'P'..'_'
	682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 455, 455, 1024, 455, 1706, 1139, 1139, // '`'..'o'
	1139, 1139, 682, 1024, 569, 1139, 1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196, // 'p'..'~'
}

// textFontPx is the font size of a text box's text, in CSS px.
const textFontPx = 10

// textContentWidth is the width of a text box's content, in CSS px: text
// past it is cut off.
const textContentWidth = 120

// textWidth returns the width in CSS px of s set in a text box, up to its
// last character that is not a space, and false when s holds a character
// outside printable ASCII, whose width is not known.
func textWidth(s string) (float64, bool) {
	s = strings.TrimRight(s, " ")
	units := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c > '~' {
			return 0, false
		}
		units += asciiAdvance[c-' ']
	}
	return float64(units) * textFontPx / 2048, true
}

// textSlack is how far, in CSS px plus a fraction of the width, the right
// edge of a text's ink may be from where the font's advance widths put it:
// measured on real pictures at scales 1 to 3, a text box's ink ends 0.25 px
// before to 1 px after the advances, a slider's printed value 0.9 to 0.1 px
// before; kerning and hinting may move it a little more.
const (
	textSlack     = 2
	textSlackFrac = 0.03
)

// textFits reports whether ink ending right CSS px after the text's left
// edge fits text s, and gives the width s should have. A text of unknown
// width fits.
func textFits(s string, right float64) (want float64, ok bool) {
	want, known := textWidth(s)
	if !known {
		return 0, true
	}
	want = min(want, textContentWidth)
	d := right - want
	return want, d >= -textSlack-textSlackFrac*want && d <= textSlack+textSlackFrac*want
}

// textWidthsKnown reports whether the pictures of the file r reads were set
// in Liberation Sans, so that textWidth gives their text's width: gen
// records the fonts-liberation package in the file's metadata. Without it,
// Chromium may have fallen back to a font of other widths, and text boxes
// are only checked for being empty or not.
func textWidthsKnown(r *dataset.Reader) bool {
	v, _ := r.Metadata(dataset.FontsKey)
	return liberationFont(v)
}

// liberationFont reports whether fonts, a font package as
// render.FontVersion names it, is Liberation's.
func liberationFont(fonts string) bool { return strings.HasPrefix(fonts, "fonts-liberation") }
