package verify

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// The probes read a form's state back from the pixels of its picture, in
// the boxes the boxes column gives, knowing only how templates/form.html.tmpl
// draws each kind of element in Chromium: a checked checkbox is a box filled
// with the accent blue, an unchecked one a grey outline around white; a
// selected radio button is a blue ring around a blue dot, an unselected one
// a grey ring around white; a slider, MiniWoB's jQuery UI slider, is a
// grey-framed track with a square grey handle standing out above it, whose
// centre moves linearly from one end to the other, and its value printed
// after it; a text box is a grey frame with dark text inside, or
// none. A disabled element is drawn in light greys instead (see
// disabledprobe.go). Where the file says the pictures were set in Liberation Sans, the
// width of a text box's text and of a slider's printed value is checked
// against the font's advance widths (see textwidth.go). The thresholds are calibrated
// on real pictures at scales 1, 1.5, 2 and 3 (see TestProbesReal).

// Probe outcomes.
const (
	unclear = iota // the pixels look like neither
	off
	on
)

// rgb reads a decoded picture as 8-bit RGB, transparency composed over
// white (pictures are opaque screenshots; this only keeps odd files
// readable).
type rgb struct {
	img  image.Image
	rgba *image.RGBA // img, when it is one: read directly
	w, h int
}

func toRGB(img image.Image) *rgb {
	b := img.Bounds()
	m := &rgb{img: img, w: b.Dx(), h: b.Dy()}
	if r, ok := img.(*image.RGBA); ok && b.Min == (image.Point{}) {
		m.rgba = r
	}
	return m
}

// at returns the colour of pixel (x, y), white outside the picture.
func (m *rgb) at(x, y int) (r, g, b int) {
	if x < 0 || y < 0 || x >= m.w || y >= m.h {
		return 255, 255, 255
	}
	if m.rgba != nil {
		i := y*m.rgba.Stride + 4*x
		p := m.rgba.Pix[i : i+4 : i+4]
		a := 255 - int(p[3])
		return int(p[0]) + a, int(p[1]) + a, int(p[2]) + a
	}
	o := m.img.Bounds().Min
	r32, g32, b32, a32 := m.img.At(o.X+x, o.Y+y).RGBA()
	return int((r32 + 0xffff - a32) >> 8), int((g32 + 0xffff - a32) >> 8), int((b32 + 0xffff - a32) >> 8)
}

// Pixel classes.

// isBlue reports the accent blue of checked controls (#0075ff in Chromium)
// and its blends with white.
func isBlue(r, g, b int) bool { return b >= 150 && b-r >= 90 && b-g >= 40 }

// isWhite reports a background pixel.
func isWhite(r, g, b int) bool { return r >= 235 && g >= 235 && b >= 235 }

// isInk reports dark grey or black: outlines and text.
func isInk(r, g, b int) bool { return !isBlue(r, g, b) && 2*r+5*g+b < 8*200 }

// isDark reports text: darker than the outlines' grey.
func isDark(r, g, b int) bool { return !isBlue(r, g, b) && 2*r+5*g+b < 8*100 }

// rect is a region of pixels [x0, x1) x [y0, y1).
type rect struct{ x0, y0, x1, y1 int }

// pixelRect returns the pixels a box covers, its edges rounded to whole
// pixels.
func pixelRect(b formview.Box) rect {
	return rect{
		int(math.Round(b.Pixels[0])), int(math.Round(b.Pixels[1])),
		int(math.Round(b.Pixels[0] + b.Pixels[2])), int(math.Round(b.Pixels[1] + b.Pixels[3])),
	}
}

// square returns the square in the middle of box b whose side is b's
// shorter one: where the browser draws a checkbox or radio button whose
// box is wider than tall, as click-checkboxes' 20 px wide inputs are.
func square(b formview.Box) formview.Box {
	side := min(b.Pixels[2], b.Pixels[3])
	b.Pixels[0] += (b.Pixels[2] - side) / 2
	b.Pixels[1] += (b.Pixels[3] - side) / 2
	b.Pixels[2], b.Pixels[3] = side, side
	return b
}

// inset shrinks r by fraction f of its width and height on each side, and
// by at least one pixel.
func (r rect) inset(f float64) rect {
	dx := max(1, int(math.Round(f*float64(r.x1-r.x0))))
	dy := max(1, int(math.Round(f*float64(r.y1-r.y0))))
	return rect{r.x0 + dx, r.y0 + dy, r.x1 - dx, r.y1 - dy}
}

// frac returns the fraction of the pixels of r that is reports, 0 for an
// empty region.
func (m *rgb) frac(r rect, is func(r, g, b int) bool) float64 {
	return m.fracOutside(r, rect{}, is)
}

// ring returns the fraction of the pixels of r's outer band, frac of its
// size wide, that is reports.
func (m *rgb) ring(r rect, f float64, is func(r, g, b int) bool) float64 {
	return m.fracOutside(r, r.inset(f), is)
}

// fracOutside returns the fraction of the pixels of r outside hole that
// is reports, 0 when there are none.
func (m *rgb) fracOutside(r, hole rect, is func(r, g, b int) bool) float64 {
	n, all := 0, 0
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if x >= hole.x0 && x < hole.x1 && y >= hole.y0 && y < hole.y1 {
				continue
			}
			all++
			if is(m.at(x, y)) {
				n++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(n) / float64(all)
}

// toggleFeatures are what the checkbox and radio probes measure.
type toggleFeatures struct {
	centreBlue, centreWhite, centreFaint float64 // in the middle of the box
	ringBlue, ringInk, ringFaint         float64 // in its outer band
}

func (m *rgb) toggle(b formview.Box, centre float64) toggleFeatures {
	r := pixelRect(square(b))
	c := r.inset(centre)
	return toggleFeatures{
		centreBlue:  m.frac(c, isBlue),
		centreWhite: m.frac(c, isWhite),
		centreFaint: m.frac(c, isFaint),
		ringBlue:    m.ring(r, 0.2, isBlue),
		ringInk:     m.ring(r, 0.2, isInk),
		ringFaint:   m.ring(r, 0.2, isFaint),
	}
}

// Checkbox and radio thresholds, measured on real pictures at scales 1,
// 1.5, 2 and 3 (the least and greatest seen in brackets). A checkbox's
// centre half is mostly blue when checked (0.55 to 0.61: the white tick
// takes the rest), all white when not (1); a radio button's centre is the
// blue dot when selected (1), white when not (1). The outer band is blue
// when on (0.33 to 0.96) and holds the grey outline when off (0.27 to 0.5
// grey, no blue).
const (
	checkboxCentre = 0.25 // inset of the centre region, a fraction of the box
	radioCentre    = 0.35
	onBlue         = 0.35 // least blue in the centre when on
	onRing         = 0.15 // least blue in the outer band when on
	offWhite       = 0.9  // least white in the centre when off
	offRing        = 0.1  // least grey in the outer band when off
	offRingBlue    = 0.05 // most blue in the outer band when off
)

// probeToggle reads a checkbox or radio button: its value and its look.
func (m *rgb) probeToggle(b formview.Box, centre float64) (value, look int) {
	t := m.toggle(b, centre)
	switch {
	case t.centreBlue >= onBlue && t.ringBlue >= onRing:
		return on, lookEnabled
	case t.centreWhite >= offWhite && t.ringInk >= offRing && t.ringBlue <= offRingBlue:
		return off, lookEnabled
	}
	return t.disabledToggle()
}

// frame returns, of the four edges of r, the least fraction of the pixels
// along it that have a pixel is reports (isInk, or isFaint for a disabled
// frame) within scale+1 pixels across it.
func (m *rgb) frame(r rect, scale float64, is func(r, g, b int) bool) float64 {
	d := int(math.Ceil(scale)) + 1
	edge := func(horizontal bool, at int) float64 {
		lo, hi := r.x0, r.x1
		if !horizontal {
			lo, hi = r.y0, r.y1
		}
		lo, hi = lo+(hi-lo)/5, hi-(hi-lo)/5
		n := 0
		for t := lo; t < hi; t++ {
			for u := at - d; u <= at+d; u++ {
				x, y := t, u
				if !horizontal {
					x, y = u, t
				}
				if is(m.at(x, y)) {
					n++
					break
				}
			}
		}
		if hi <= lo {
			return 0
		}
		return float64(n) / float64(hi-lo)
	}
	return min(edge(true, r.y0), edge(true, r.y1-1), edge(false, r.x0), edge(false, r.x1-1))
}

// textFeatures are what the text box probe measures.
type textFeatures struct {
	frame      float64 // grey in the outer band
	frameFaint float64 // faint grey there, as a disabled box's frame is
	pale       float64 // the share of the inside that is pale, as a disabled box's is
	ink        int     // dark pixels inside (grey text's, in a faint frame)
	right      float64 // the right edge of the text, in pixels from the content's left
	// rightSoft is the right edge of the text's lighter ink too: a thin
	// last stroke ("l" of "él") drawn between two pixel columns has no
	// dark pixel, only two mid-grey ones.
	rightSoft float64
}

// textContentLeft is the left edge of a text box's content, in CSS px from
// its box: the browser's 2 px of border and 2 of padding.
const textContentLeft = 4

func (m *rgb) text(b formview.Box, scale float64) textFeatures {
	r := pixelRect(b)
	in := rect{r.x0 + int(math.Ceil(2*scale)), r.y0 + int(math.Ceil(2*scale)), r.x1 - int(math.Ceil(2*scale)), r.y1 - int(math.Ceil(2*scale))}
	t := textFeatures{frame: m.frame(r, scale, isInk), frameFaint: m.frame(r, scale, isFaint), pale: m.frac(in, isPale)}
	ink, soft := isDark, isSoftText
	if t.frame < textFrame && t.frameFaint >= textFrame {
		ink, soft = isGreyText, isSoftGreyText
	}
	right, rightSoft := -1, -1
	for y := in.y0; y < in.y1; y++ {
		for x := in.x0; x < in.x1; x++ {
			c0, c1, c2 := m.at(x, y)
			if ink(c0, c1, c2) {
				t.ink++
				right = max(right, x)
			}
			if soft(c0, c1, c2) {
				rightSoft = max(rightSoft, x)
			}
		}
	}
	left := b.Pixels[0] + textContentLeft*scale
	if right >= 0 {
		t.right = float64(right+1) - left
		t.rightSoft = max(t.right, float64(rightSoft+1)-left)
	}
	return t
}

// Text box thresholds. On real pictures, every edge of the frame is grey
// all along, an empty box has no dark pixel inside, and one character has
// at least 6 x scale² of them.
const (
	textFrame = 0.5 // least grey along each edge of the frame
	textInk   = 2   // least dark pixels, times scale², of a non-empty text
)

// checkPictures checks the boxes column of a row with pictures and probes
// every element of every picture against the state the metadata says it
// shows. c.pics holds the decoded pictures, nil where a picture is absent
// or failed its own checks; valid says whether the metadata's form and
// pictured states are well formed (checkMeta reports them when not). With
// textWidths, the width of a text box's text is checked against the
// text's too (see textWidthsKnown). It returns how many pictures it probed.
func checkPictures(row *dataset.Row, m *question.Meta, c *checked, valid bool, textWidths textRule, p *problems) (probed int) {
	cols := rowPictures(row)
	n := len(cols)
	if n == 0 || cols[0].col != "image" || c.pics[0].img == nil && c.pics[1].img == nil {
		return 0 // checkImages reports an image_2 without image
	}
	if len(m.Pictures) != n {
		return 0 // checkMeta reports the pictures the suite needs
	}
	if !valid {
		return 0 // checkMeta reports it
	}
	f := &m.Form
	boxes := checkBoxes(row, m, c, n, p)
	if boxes == nil {
		return 0
	}
	for k := range n {
		if c.pics[k].img == nil || boxes[k] == nil {
			continue
		}
		probePicture(cols[k].col, f, m.Pictures[k], boxes[k], toRGB(c.pics[k].img), row.Scale, textWidths, p)
		probed++
	}
	return probed
}

// maxListed is how many disagreeing elements of one picture are listed.
const maxListed = 4

// probePicture compares what the pixels of one picture show of every
// element with state s.
func probePicture(col string, f *forms.Form, s statesim.State, boxes []formview.Box, img *rgb, scale float64, textWidths textRule, p *problems) {
	var bad []string
	for i := range f.Elements {
		if why := probeElement(f, i, s[i], statesim.Enabled(f, s, i), boxes[i], img, scale, textWidths.known(), textWidths.boxWidth(f, s, i)); why != "" {
			bad = append(bad, elementName(f, i)+" "+why)
		}
	}
	for k, why := range bad {
		if k == maxListed {
			p.addf("%s: and %d more elements disagree with the pictured state", col, len(bad)-maxListed)
			break
		}
		p.addf("%s: %s", col, why)
	}
}

// probeElement returns how element i looks different from value v, and
// enabled or disabled as enabled says, in the picture, or "": what follows
// the element's name (elementName) in the message, "looks unchecked but the
// state has it checked". A wrong value is reported before a wrong look.
// boxWidth is the content width, in CSS px, a text box was drawn with
// (textRule.boxWidth).
func probeElement(f *forms.Form, i int, v statesim.Value, enabled bool, b formview.Box, img *rgb, scale float64, textWidths bool, boxWidth int) string {
	e := &f.Elements[i]
	switch e.Kind {
	case forms.Checkbox, forms.Radio:
		centre, yes, no, verb := checkboxCentre, "checked", "unchecked", "checked"
		if e.Kind == forms.Radio {
			centre, yes, no, verb = radioCentre, "selected", "not selected", "selected"
		}
		got, look := img.probeToggle(b, centre)
		want := off
		if v.N == 1 {
			want = on
		}
		switch {
		case got == unclear:
			return fmt.Sprintf("looks neither %s nor %s", yes, no)
		case got != want && want == on:
			return fmt.Sprintf("looks %s but the state has it %s", no, verb)
		case got != want:
			return fmt.Sprintf("looks %s but the state has it %s", yes, no)
		}
		return lookProblem(look, enabled)
	case forms.Slider:
		x, look, ok := img.sliderHandle(b, scale)
		if !ok {
			return "shows no handle"
		}
		if want := handleAt(e, b, scale, v.N); math.Abs(x-want) > handleTolerance*scale {
			got, exact := sliderValue(e, b, scale, x)
			about := ""
			if !exact {
				about = "about "
			}
			return fmt.Sprintf("has its handle at %s%d (x %.1f px) but the state has it at %d (x %.1f px)", about, got, x, v.N, want)
		}
		ink, right := img.printedValue(b, scale)
		text := strconv.Itoa(v.N)
		switch want, ok := textFits(text, right, formview.ValuePx, math.Inf(1)); {
		case float64(ink) < textInk*scale*scale:
			return "has no value printed after it"
		case textWidths && !ok:
			return fmt.Sprintf("has a value %.1f px wide printed after it, but %s would be %.1f px wide", right, text, want)
		}
		return lookProblem(look, enabled)
	case forms.TextBox:
		t := img.text(b, scale)
		full := float64(t.ink) >= textInk*scale*scale
		wantFull := strings.TrimSpace(v.S) != ""
		switch {
		case t.frame < textFrame && t.frameFaint < textFrame:
			return "shows no text box frame"
		case full && !wantFull:
			return "holds text but the state has it empty"
		case !full && wantFull:
			return fmt.Sprintf("looks empty but the state has %s", strconv.Quote(v.S))
		case full && textWidths:
			want, ok := textFits(v.S, t.right/scale, formview.TextPx, float64(boxWidth))
			if !ok {
				_, ok = textFits(v.S, t.rightSoft/scale, formview.TextPx, float64(boxWidth))
			}
			if !ok {
				return fmt.Sprintf("holds text %.1f px wide, but %s would be %.1f px wide", t.right/scale, strconv.Quote(v.S), want)
			}
		}
		return lookProblem(t.look(), enabled)
	}
	return ""
}

// elementName names element i in messages: "the 2nd checkbox (e3)", or
// `the checkbox "OBxY" (e0)`.
func elementName(f *forms.Form, i int) string {
	e := &f.Elements[i]
	if r := f.RefOf(i); r.Label != "" {
		return fmt.Sprintf("the %s %q (%s)", e.Kind.Noun(), r.Label, e.ID)
	}
	return fmt.Sprintf("%s (%s)", f.Name(f.RefOf(i)), e.ID)
}
