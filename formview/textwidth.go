package formview

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// Font sizes of the text in a picture, in CSS px: a text box keeps the
// browser's own size for inputs (13.33 px, as MiniWoB's do), and a
// slider's printed value is set in the form area's 10 px.
const (
	TextPx  = 40.0 / 3
	ValuePx = 10
)

// Content widths of a text box, in CSS px, before it widens to hold its
// form's longest value: MiniWoB's 120 px of core.css on a line of its own,
// and form-sequence-2's 30 px in a row.
const (
	textWidthColumn = 120
	textWidthRow    = 30
)

// spaceAdvance is the advance width of a space in Arial and in Liberation
// Sans, in 1/2048 em.
const spaceAdvance = 569

// ValueGap is the gap, in CSS px, between a slider's box and the value
// printed after it (templates/form.html.tmpl): a space of the form's
// ValuePx text and the value's 5 px left margin, as in form-sequence.
const ValueGap = spaceAdvance*ValuePx/2048.0 + 5

// asciiAdvance holds the advance widths of the printable ASCII characters,
// ' ' to '~', in Arial and in Liberation Sans, which copies Arial's
// metrics, in 1/2048 em (read from the hmtx table of
// LiberationSans-Regular.ttf).
var asciiAdvance = [95]int{
	spaceAdvance, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 797, 1196, 569, 682, 569, 569, // ' '..'/'
	1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 569, 569, 1196, 1196, 1196, 1139, // '0'..'?'
	2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1024, 1366, 1139, 1706, 1479, 1593, // '@'..'O'
	1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 569, 569, 569, 961, 1139, // 'P'..'_'
	682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 455, 455, 1024, 455, 1706, 1139, 1139, // '`'..'o'
	1139, 1139, 682, 1024, 569, 1139, 1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196, // 'p'..'~'
}

// TextWidth returns the width in CSS px of s set at px in Liberation Sans,
// up to its last character that is not a space, and false when s holds a
// character outside printable ASCII, whose width is not known.
func TextWidth(s string, px float64) (float64, bool) {
	return advanceWidth(strings.TrimRight(s, " "), px)
}

// advanceWidth returns the width in CSS px of s set at px in Liberation
// Sans, trailing spaces included (a text box's content holds them), and
// false when s holds a character outside printable ASCII.
func advanceWidth(s string, px float64) (float64, bool) {
	units := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c > '~' {
			return 0, false
		}
		units += asciiAdvance[c-' ']
	}
	return float64(units) * px / 2048, true
}

// WidestText returns the width in CSS px of the widest of f's text values
// (f.TextValues) set in a text box, or 0 when it has none. A character of
// unknown width counts as 1 em.
func WidestText(f *forms.Form) float64 {
	w := 0.0
	for _, v := range f.TextValues {
		n, ok := TextWidth(v, TextPx)
		if !ok {
			n = unknownWidth(v)
		}
		w = max(w, n)
	}
	return w
}

// unknownWidth returns the width in CSS px a text box gives text s, which
// has a character outside printable ASCII, trailing spaces included: 1 em
// (TextPx) a code point, wider than any Latin, Greek or Cyrillic letter;
// or, for a text with a character of a face beside Liberation Sans (CJK,
// Devanagari: typeface.Need), its width shaped as Chromium shapes it
// (typeface.Width), since a Devanagari letter and its signs take far less
// than 1 em each. The page's script measures such a text in the page's
// own fonts while a person types (templates/form.html.tmpl).
func unknownWidth(s string) float64 {
	if typeface.Need(s) != 0 {
		if em, ok := typeface.Width(s); ok {
			trailing := len(s) - len(strings.TrimRight(s, " "))
			return em*TextPx + float64(trailing*spaceAdvance)*TextPx/2048
		}
	}
	return float64(utf8.RuneCountInString(s)) * TextPx
}

// BoxWidth returns the content width, in CSS px, of text box i of form f
// in a picture of state s: TextBoxWidth of the form's widest value, or
// wider when the box holds a longer text (typing appends, so a box may
// hold values typed one after another), so that its text, trailing spaces
// included, shows whole. A text outside printable ASCII counts as
// unknownWidth says.
func BoxWidth(f *forms.Form, s statesim.State, i int) int {
	w := WidestText(f)
	if i < len(s) && s[i].S != "" {
		n, ok := advanceWidth(s[i].S, TextPx)
		if !ok {
			n = unknownWidth(s[i].S)
		}
		w = max(w, n)
	}
	return TextBoxWidth(w, f.Elements[i].Layout)
}

// TextBoxWidth returns the content width, in CSS px, of the text boxes laid
// out as layout (forms.Element.Layout) in a form whose widest text value
// is widest (WidestText) wide: MiniWoB's width, or wider when that value
// needs more, so that every value a picture can show is seen whole.
func TextBoxWidth(widest float64, layout string) int {
	w := float64(textWidthColumn)
	if layout == forms.LayoutRow {
		w = textWidthRow
	}
	return int(math.Ceil(max(w, widest)))
}
