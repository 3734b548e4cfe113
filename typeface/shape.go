package typeface

import (
	"bytes"
	"sync"
	"unicode"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// A text with a character of an extra face is measured the way Chromium
// draws it: cut into runs of one face each (the face whose unicode-range
// holds the character, Liberation Sans for the rest), each run shaped by
// HarfBuzz's rules (go-text/typesetting's port), so that a Devanagari
// conjunct or vowel sign counts as drawn, not as the sum of its code
// points' advances. Texts of Liberation Sans alone keep the advance and
// kerning sums of Width, as before.

// shapeSize is the size texts are shaped at: 2048 px, so that an advance
// in 26.6 fixed point divided by it is in em with ample precision.
const shapeSize = 2048

var shaper struct {
	sync.Mutex
	hb  shaping.HarfbuzzShaper
	lib *font.Face // Liberation Sans, for the runs an extra face does not draw
}

var loadLib = sync.OnceValue(func() error {
	f, err := font.ParseTTF(bytes.NewReader(liberationsansregular.TTF))
	if err != nil {
		return err
	}
	shaper.lib = f
	return nil
})

// run is a stretch of a text drawn in one face: x is nil for Liberation Sans.
type run struct {
	start, end int // rune indices
	x          *extra
}

// runs cuts t into runs of one face each.
func runs(t []rune) []run {
	var out []run
	for i, r := range t {
		x := extraFor(r)
		if n := len(out); n > 0 && out[n-1].x == x {
			out[n-1].end = i + 1
			continue
		}
		out = append(out, run{start: i, end: i + 1, x: x})
	}
	return out
}

// ink is what shaping tells of a text: its advance and the right edge of
// its ink, in em, and the first mark a face drew on a dotted circle (it
// has no base to sit on), 0 when none.
type ink struct {
	advance, right float64
	orphan         rune
}

// shape shapes t run by run, as Chromium does.
func shape(t []rune) ink {
	mustExtras()
	if err := loadLib(); err != nil {
		panic(err) // embedded bytes: a broken build
	}
	shaper.Lock()
	defer shaper.Unlock()
	var out ink
	var pen fixed.Int26_6
	right := fixed.Int26_6(-1 << 30)
	for _, rn := range runs(t) {
		face, lang := shaper.lib, language.NewLanguage("en")
		if rn.x != nil {
			face, lang = rn.x.parsed, language.NewLanguage(rn.x.lang)
		}
		script := language.Latin
		for _, r := range t[rn.start:rn.end] {
			if s := language.LookupScript(r); s != language.Common && s != language.Inherited && s != language.Unknown {
				script = s
				break
			}
		}
		o := shaper.hb.Shape(shaping.Input{
			Text: t, RunStart: rn.start, RunEnd: rn.end, Direction: di.DirectionLTR,
			Face: face, Size: fixed.I(shapeSize), Script: script, Language: lang,
		})
		for _, g := range o.Glyphs {
			if rn.x != nil && rn.x.dotted != 0 && g.GlyphID == rn.x.dotted && out.orphan == 0 {
				out.orphan = firstMark(t, g.ClusterIndex)
			}
			if g.Width != 0 {
				right = max(right, pen+g.XOffset+g.XBearing+g.Width)
			}
			pen += g.Advance
		}
	}
	out.advance = float64(pen) / float64(fixed.I(shapeSize))
	out.right = float64(right) / float64(fixed.I(shapeSize))
	if right < -1<<29 {
		out.right = out.advance
	}
	return out
}

// firstMark returns the first combining mark of t at or after rune i (the
// mark a shaper put on a dotted circle), or t[i] when none follows.
func firstMark(t []rune, i int) rune {
	for _, r := range t[i:] {
		if unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
			return r
		}
	}
	return t[i]
}
