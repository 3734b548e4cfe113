// Package typeface holds the fonts every picture is set in, shipped inside
// the binary, so that no picture depends on the fonts a machine has
// installed: Liberation Sans Regular for every text, and two faces for the
// scripts it lacks.
//
// A page uses Liberation Sans through [FaceCSS], a @font-face rule whose
// source is the font's own bytes, under a family name ([Family]) that no
// system font has. Chromium still falls back to a system font for a
// character no face of the page draws, so every text a picture shows must
// pass [Missing] first.
//
// # Other scripts
//
// Liberation Sans draws Latin, Greek and Cyrillic. For CJK and Devanagari
// the package ships two faces more, both under the SIL Open Font License
// 1.1, from Debian's packages, with their licence files beside them in
// fonts/:
//
//   - [CJK]: Noto Sans CJK JP Regular (fonts-noto-cjk), cut down once
//     (scripts/subset-cjk.py, byte for byte again from the Debian file) to
//     the Han of GB 2312, JIS X 0208 and KS X 1001, the Hangul syllables of
//     KS X 1001, the kana and the CJK punctuation: 12,784 characters in
//     2.8 MB, against 19 MB for the ten faces of the whole collection. The
//     national standards cover everyday Chinese, Japanese and Korean text;
//     hinting, layout features and vertical metrics are left out, since
//     pictures are set horizontally and unhinted.
//   - [Devanagari]: Noto Sans Devanagari Regular (fonts-noto-core), whole
//     (0.2 MB): its layout tables place conjuncts and vowel signs.
//
// A page loads them only when its texts need them ([Need], [Scripts.CSS]):
// each is a second @font-face rule of [Family] limited by unicode-range to
// its script, given Liberation Sans's line metrics so that a line of it is
// as tall as a line of Latin text. A page without such a rule, as every
// page of the built-in families, is as it was, and a page with one draws
// every other character in Liberation Sans still. A text of these scripts
// is measured shaped ([Width]), as Chromium draws it: a Devanagari
// conjunct is narrower than its letters side by side.
package typeface

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Family is the CSS font-family name the pictures' text is set in. It is
// formplan's own, so that fontconfig can never map it to an installed font.
const Family = "formplan-sans"

// Name is the font's full name.
const Name = "Liberation Sans Regular"

// TTF returns the font file's bytes. The slice is shared: do not change it.
func TTF() []byte { return liberationsansregular.TTF }

var load = sync.OnceValues(func() (*face, error) {
	f, err := sfnt.Parse(liberationsansregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("typeface: parse %s: %w", Name, err)
	}
	var buf sfnt.Buffer
	version, err := f.Name(&buf, sfnt.NameIDVersion)
	if err != nil {
		return nil, fmt.Errorf("typeface: %s has no version: %w", Name, err)
	}
	sum := sha256.Sum256(liberationsansregular.TTF)
	return &face{font: f, version: strings.TrimSpace(version), sum: hex.EncodeToString(sum[:])}, nil
})

// face is the parsed font and what is said of it.
type face struct {
	font    *sfnt.Font
	version string // the name table's version string, "Version 2.1.5"
	sum     string // SHA-256 of the file, hex
	mu      sync.Mutex
	buf     sfnt.Buffer
}

func mustLoad() *face {
	f, err := load()
	if err != nil {
		panic(err) // the font is embedded: a parse error is a broken build
	}
	return f
}

// ID names the font as a dataset records it: name, version and the SHA-256
// of the file, such as "Liberation Sans Regular, Version 2.1.5,
// sha256:1a2b...". Two pictures set in fonts of the same ID used the same
// bytes.
func ID() string {
	f := mustLoad()
	return Name + ", " + f.version + ", sha256:" + f.sum
}

// IsID reports whether s names a font as ID does (of any version): a
// dataset whose pictures were set in Liberation Sans from formplan's own
// bytes.
func IsID(s string) bool { return strings.HasPrefix(s, Name+", ") }

var faceCSS = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString(`@font-face{font-family:"`)
	b.WriteString(Family)
	b.WriteString(`";src:url(data:font/ttf;base64,`)
	b.WriteString(base64.StdEncoding.EncodeToString(liberationsansregular.TTF))
	b.WriteString(`) format("truetype");font-weight:400;font-style:normal;font-display:block}`)
	return b.String()
})

// FaceCSS returns the @font-face rule that loads the font from its bytes
// under Family, for a page's style sheet.
func FaceCSS() string { return faceCSS() }

// Missing returns the first character of s that no face of the pictures
// draws, and false when one draws every character: Liberation Sans, or the
// extra face whose range holds it (CJK, Devanagari). Spaces and the line
// break count as present. A text with a missing character would be drawn
// in some system font, which differs between machines. A combining mark
// counts as missing unless it follows a letter of the extra face that
// draws it, and so does a mark that face would draw on a dotted circle
// (two vowel signs in a row): Liberation Sans draws no mark with its
// letter, and a dotted circle is not the text written.
func Missing(s string) (rune, bool) {
	if Need(s) == 0 {
		return missingSans(s)
	}
	mustExtras()
	t := []rune(s)
	var sans []rune
	for i, r := range t {
		x := extraFor(r)
		if x == nil {
			sans = append(sans, r)
			continue
		}
		if _, ok := x.parsed.Font.NominalGlyph(r); !ok {
			return r, true
		}
		if unicode.In(r, unicode.Mn, unicode.Me) && (i == 0 || extraFor(t[i-1]) != x) {
			return r, true
		}
	}
	if r, missing := missingSans(string(sans)); missing {
		return r, true
	}
	if o := shape(t).orphan; o != 0 {
		return o, true
	}
	return 0, false
}

// MissingSans is Missing for pages that load Liberation Sans alone
// (Scripts none): the first character of s it lacks.
func MissingSans(s string) (rune, bool) {
	return missingSans(s)
}

func missingSans(s string) (rune, bool) {
	f := mustLoad()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range s {
		if r == ' ' || r == '\n' {
			continue
		}
		i, err := f.font.GlyphIndex(&f.buf, r)
		if err != nil || i == 0 {
			return r, true
		}
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
			// A combining mark is drawn on the letter before it; the
			// font's glyph for it alone says nothing of the pair, and
			// Chromium may pick another font for the cluster.
			return r, true
		}
	}
	return 0, false
}

// RightBearing returns the right side bearing of the last character of s
// that is not a space, in em: how far before the advance widths' end its
// ink ends ("1" ends well before, "0" close to it); for a text with a
// character of an extra face, how far before the shaped text's advance
// its ink ends (negative when a vowel sign reaches past it). ok is false
// for a text of spaces or with a character no face draws.
func RightBearing(s string) (em float64, ok bool) {
	s = strings.TrimRight(s, " ")
	if s == "" {
		return 0, false
	}
	if Need(s) != 0 {
		if _, missing := Missing(s); missing {
			return 0, false
		}
		in := shape([]rune(s))
		return in.advance - in.right, true
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	f := mustLoad()
	f.mu.Lock()
	defer f.mu.Unlock()
	i, err := f.font.GlyphIndex(&f.buf, r)
	if err != nil || i == 0 {
		return 0, false
	}
	upem := fixed.Int26_6(f.font.UnitsPerEm()) << 6
	b, adv, err := f.font.GlyphBounds(&f.buf, i, upem, font.HintingNone)
	if err != nil {
		return 0, false
	}
	return float64(adv-b.Max.X) / float64(upem), true
}

// Width returns the width of s set in the font, in em: its characters'
// advances and the font's kerning between them (Chromium kerns: "11" is
// narrower than two "1"), up to its last character that is not a space. A
// text with a character of an extra face (Need) is shaped run by run
// instead, as Chromium shapes it: a Devanagari conjunct is narrower than
// its letters. ok is false for a text with a character no face draws.
func Width(s string) (em float64, ok bool) {
	s = strings.TrimRight(s, " ")
	if Need(s) != 0 {
		if _, missing := Missing(s); missing {
			return 0, false
		}
		return shape([]rune(s)).advance, true
	}
	f := mustLoad()
	f.mu.Lock()
	defer f.mu.Unlock()
	upem := fixed.Int26_6(f.font.UnitsPerEm()) << 6
	var sum fixed.Int26_6
	var prev sfnt.GlyphIndex
	for k, r := range []rune(s) {
		i, err := f.font.GlyphIndex(&f.buf, r)
		if err != nil || i == 0 {
			return 0, false
		}
		if k > 0 {
			if kern, err := f.font.Kern(&f.buf, prev, i, upem, font.HintingNone); err == nil {
				sum += kern
			}
		}
		adv, err := f.font.GlyphAdvance(&f.buf, i, upem, font.HintingNone)
		if err != nil {
			return 0, false
		}
		sum += adv
		prev = i
	}
	return float64(sum) / float64(upem), true
}

// Blank returns the first character of s, spaces aside, whose glyph in
// the font draws nothing (it has no outline, as the Hangul filler U+3164
// or the Braille blank U+2800 where a font has them), and false when every
// one draws ink. A character the font lacks is not blank: Missing reports
// it.
func Blank(s string) (rune, bool) {
	f := mustLoad()
	for _, r := range s {
		if r == ' ' {
			continue
		}
		if x := extraFor(r); x != nil {
			mustExtras()
			g, ok := x.parsed.Font.NominalGlyph(r)
			if !ok {
				continue
			}
			shaper.Lock()
			o, ok := x.parsed.GlyphDataOutline(g)
			shaper.Unlock()
			if !ok || len(o.Segments) == 0 {
				return r, true
			}
			continue
		}
		f.mu.Lock()
		i, err := f.font.GlyphIndex(&f.buf, r)
		if err != nil || i == 0 {
			f.mu.Unlock()
			continue
		}
		segs, err := f.font.LoadGlyph(&f.buf, i, fixed.I(64), nil)
		f.mu.Unlock()
		if err != nil || len(segs) == 0 {
			return r, true
		}
	}
	return 0, false
}
