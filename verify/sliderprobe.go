package verify

import (
	"math"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
)

// The slider probe: where a slider's handle stands, the value that puts it
// there, and the value printed after the slider.

// handleX returns the x of the centre of a slider's handle in pixels,
// whether its outline is a disabled handle's faint grey (isHandleFaint)
// rather than an enabled one's (isHandleGrey), and the outline's
// lightness (see handleRun); ok is false when the band above the track
// holds no such outline. The handle stands 2 CSS px
// above and below the track (box b), and only it is drawn in the band
// above: there its outline's top edge is a straight run of one grey, as
// wide as the handle less its rounded corners, whichever value it shows.
func (m *rgb) handleX(b formview.Box, scale float64) (x float64, faint bool, lum int, ok bool) {
	y0 := int(math.Round(b.Pixels[1] - handleAbove*scale))
	y1 := int(math.Round(b.Pixels[1]))
	x0 := int(math.Floor(b.Pixels[0] - (handleHalf-formview.HandleInset+1)*scale))
	x1 := int(math.Ceil(b.Pixels[0] + b.Pixels[2] + (handleHalf+1)*scale))
	best, bestLen := 0.0, 0
	for y := y0; y < y1; y++ {
		for k, run := range [2]func(r, g, b int) bool{isHandleGrey, isHandleFaint} {
			start, n := m.longestRun(y, x0, x1, run)
			if n > bestLen {
				best, bestLen, faint = float64(start)+float64(n)/2, n, k == 1
				lum, _ = neutralGrey(m.at(start+n/2, y))
			}
		}
	}
	if float64(bestLen) < handleRun*scale {
		return 0, false, 0, false
	}
	return best, faint, lum, true
}

// longestRun returns where the longest run of pixels that is reports in
// row y, between x0 and x1, starts, and how long it is.
func (m *rgb) longestRun(y, x0, x1 int, is func(r, g, b int) bool) (start, n int) {
	cur := 0
	for x := x0; x < x1; x++ {
		if is(m.at(x, y)) {
			cur++
			if cur > n {
				start, n = x-cur+1, cur
			}
		} else {
			cur = 0
		}
	}
	return start, n
}

// The handle of a slider, in CSS px (as templates/form.html.tmpl draws
// MiniWoB's jQuery UI handle): 14 px square with 3 px rounded corners,
// its top 2 px above the track's box; its centre runs from
// formview.HandleInset px right of the box's left edge, at the least
// value, to the box's right edge, at the greatest (the track's 100 px
// content width).
const (
	handleHalf  = 7
	handleAbove = 2.5 // the band read, above the track's box
	handleRun   = 6   // the least run of outline, times the scale
)

// handleAt returns where the centre of the handle of slider e is at value
// v, in the pixels of box b (formview.HandleX).
func handleAt(e *forms.Element, b formview.Box, scale float64, v int) float64 {
	return formview.HandleX(e.Min, e.Max, v, b.Pixels[0], b.Pixels[2], scale)
}

// handleTolerance is how far, in CSS px, a handle may be from where its
// value puts it.
const handleTolerance = 1.5 // on real pictures at most 0.25 px off (TestProbeMargins)

// sliderValue returns the value of slider e whose handle is nearest x, and
// whether the slider's steps are far enough apart to tell it from the next.
func sliderValue(e *forms.Element, b formview.Box, scale, x float64) (v int, exact bool) {
	span := b.Pixels[2] - formview.HandleInset*scale // formview.HandleX, inverted
	frac := (x - b.Pixels[0] - formview.HandleInset*scale) / span
	steps := (e.Max - e.Min) / e.Step
	k := min(max(int(math.Round(frac*float64(steps))), 0), steps)
	return e.Min + k*e.Step, span/float64(steps) >= 2*handleTolerance*scale
}

// printedValue measures the value printed after a slider: the dark pixels
// from its box's right edge to 40 CSS px past it, and the right edge of
// their ink in CSS px from where the text starts.
func (m *rgb) printedValue(b formview.Box, scale float64) (ink int, right float64) {
	x0 := b.Pixels[0] + b.Pixels[2]
	r := rect{
		int(math.Round(x0)), int(math.Round(b.Pixels[1] - 1.5*scale)),
		min(m.w, int(math.Round(x0+(formview.ValueGap+40)*scale))), int(math.Round(b.Pixels[1] + b.Pixels[3] + 1.5*scale)),
	}
	last := -1
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if isDark(m.at(x, y)) {
				ink++
				last = max(last, x)
			}
		}
	}
	if last < 0 {
		return 0, 0
	}
	return ink, (float64(last+1)-x0)/scale - formview.ValueGap
}
