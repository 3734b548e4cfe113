package verify

import (
	"fmt"

	"github.com/formplan/formplan/formview"
)

// A conditional element (forms.Enabler) that its state disables is drawn
// with the browser's disabled attribute, and Chromium paints every disabled
// control in light neutral greys instead of the accent blue and the dark
// grey of outlines (measured in Chromium 156 at scales 1 and 2, the same at
// both but for anti-aliasing, in TestDisabledProbes); a slider, drawn as
// MiniWoB's jQuery UI slider is, takes its opacity of .35 when disabled:
//
//	control    part                  enabled            disabled
//	checkbox   checked: fill, tick   #0075ff, white     #d1d1d1, #ededed
//	           unchecked: frame      #767676 on white   #d1d1d1 on #f8f8f8
//	radio      selected: ring, dot   #0075ff            #d1d1d1 to #e0e0e0, #d1d1d1
//	           not selected: ring    #767676 on white   #d1d1d1 to #e0e0e0 on #f8f8f8
//	slider     handle outline, fill  #c5c5c5, #f6f6f6   #ebebeb, #fcfcfc
//	           track outline, fill   #c5c5c5, white     #ebebeb, white
//	text box   frame, background     #767676, white     #d0d0d0 to #d6d6d6, #f8f8f8
//	           text                  black              #545454
//
// Labels and a slider's printed value are not greyed. The probes read the
// look, enabled or disabled, of every element along with its value, and
// compare it with what statesim.Enabled says of the pictured state.

// Looks of an element.
const (
	lookUnclear = iota
	lookEnabled
	lookDisabled
)

// lookWord names a look in messages.
func lookWord(look int) string {
	if look == lookDisabled {
		return "disabled"
	}
	return "enabled"
}

// neutralGrey returns the lightness of a pixel, as isInk weighs it, and
// whether it is a neutral grey: the disabled looks have no colour.
func neutralGrey(r, g, b int) (lum int, neutral bool) {
	return (2*r + 5*g + b) / 8, max(r, g, b)-min(r, g, b) <= 24
}

// isFaint reports the light grey of disabled frames, rings, fills and dots
// (#d0d0d0 to #e0e0e0), which isInk does not count.
func isFaint(r, g, b int) bool {
	l, n := neutralGrey(r, g, b)
	return n && l >= 195 && l <= 226
}

// isPale reports the background of a disabled text box or checkbox
// (#f8f8f8): lighter than faint, darker than the page's white.
func isPale(r, g, b int) bool {
	l, n := neutralGrey(r, g, b)
	return n && l >= 241 && l <= 252
}

// The lightness bands (neutralGrey) of the outline of a slider's handle:
// an enabled one's (#c5c5c5), and a disabled one's, which the slider's
// opacity of .35 lightens to about #ebebeb.
const (
	handleGreyMin, handleGreyMax   = 185, 212
	handleFaintMin, handleFaintMax = 227, 242
)

// isHandleGrey reports the outline of an enabled slider's handle, and
// isHandleFaint a disabled one's.
func isHandleGrey(r, g, b int) bool {
	l, n := neutralGrey(r, g, b)
	return n && l >= handleGreyMin && l <= handleGreyMax
}

func isHandleFaint(r, g, b int) bool {
	l, n := neutralGrey(r, g, b)
	return n && l >= handleFaintMin && l <= handleFaintMax
}

// isGreyText reports the text of a disabled text box (#545454 on
// #f8f8f8), at about the coverage at which isDark takes black text on white.
func isGreyText(r, g, b int) bool {
	l, _ := neutralGrey(r, g, b)
	return !isBlue(r, g, b) && l < 150
}

// isSoftText and isSoftGreyText are the mid greys of a thin stroke's
// anti-aliasing, in an enabled and a disabled text box: lighter than
// isDark and isGreyText count, darker than the faint frame (isFaint) and
// the pale inside (isPale).
func isSoftText(r, g, b int) bool { return !isBlue(r, g, b) && 2*r+5*g+b < 8*170 }

func isSoftGreyText(r, g, b int) bool {
	l, _ := neutralGrey(r, g, b)
	return !isBlue(r, g, b) && l < 185
}

// Thresholds of the disabled looks, measured on real pictures at scales 1
// and 2 (TestDisabledProbes logs the least and greatest seen and checks
// the margins): a disabled checkbox's or radio button's outer band is
// partly faint grey (0.27 to 0.96) and has no ink and no blue; its centre
// is mostly faint grey when on (0.55 to 1: a checkbox's light tick takes
// the rest) and white or pale when off (1). A disabled text box's frame is
// faint grey all along (1) and its inside mostly pale (0.93 to 1, less the
// text; an enabled one's at most 0.02).
const (
	disabledRing    = 0.1  // least faint grey in the outer band
	disabledRingInk = 0.02 // most ink in the outer band
	disabledOnFaint = 0.35 // least faint grey in the centre when on
	textPale        = 0.5  // least pale inside a disabled text box, most inside an enabled one
)

// disabledToggle reads the features of a checkbox or radio button that
// does not look enabled.
func (t toggleFeatures) disabledToggle() (value, look int) {
	if t.ringBlue > offRingBlue || t.ringInk > disabledRingInk || t.ringFaint < disabledRing {
		return unclear, lookUnclear
	}
	switch {
	case t.centreFaint >= disabledOnFaint:
		return on, lookDisabled
	case t.centreWhite >= offWhite:
		return off, lookDisabled
	}
	return unclear, lookUnclear
}

// sliderHandle returns the x of the centre of a slider's handle in pixels
// and its look: a grey outline when enabled, a faint one when disabled.
// ok is false when it shows neither.
func (m *rgb) sliderHandle(b formview.Box, scale float64) (x float64, look int, ok bool) {
	x, faint, _, ok := m.handleX(b, scale)
	switch {
	case !ok:
		return 0, lookUnclear, false
	case faint:
		return x, lookDisabled, true
	}
	return x, lookEnabled, true
}

// look reads the look of a text box from its frame and background: a dark
// frame around white, or a faint one around pale grey.
func (t *textFeatures) look() int {
	switch {
	case t.frame >= textFrame && t.pale < textPale:
		return lookEnabled
	case t.frame < textFrame && t.frameFaint >= textFrame && t.pale >= textPale:
		return lookDisabled
	}
	return lookUnclear
}

// lookProblem returns how an element whose look was read disagrees with
// the look its state gives it, enabled or not, or "": what follows the
// element's name in the message, as probeElement returns it.
func lookProblem(look int, enabled bool) string {
	want := lookEnabled
	if !enabled {
		want = lookDisabled
	}
	switch {
	case look == lookUnclear:
		return "looks neither enabled nor disabled"
	case look != want:
		return fmt.Sprintf("looks %s but the state has it %s", lookWord(look), lookWord(want))
	}
	return ""
}
