package typeface

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"github.com/go-text/typesetting/font"
	"golang.org/x/image/font/sfnt"
)

// Scripts is a set of the faces a page loads beside Liberation Sans for the
// scripts it lacks. The zero value is none: a page of Latin, Greek and
// Cyrillic text, as every built-in family's.
type Scripts uint8

// The faces a page may load beside Liberation Sans, each for the characters
// of its unicode-range (ranges).
const (
	// CJK is Noto Sans CJK JP Regular, cut down to the Han of GB 2312, JIS
	// X 0208 and KS X 1001, the Hangul syllables of KS X 1001, the kana and
	// the CJK punctuation (fonts/, scripts/subset-cjk.py).
	CJK Scripts = 1 << iota
	// Devanagari is Noto Sans Devanagari Regular, whole.
	Devanagari
)

// allScripts holds every extra face.
const allScripts = CJK | Devanagari

//go:embed fonts/NotoSansCJKjp-Regular-subset.otf
var cjkOTF []byte

//go:embed fonts/NotoSansDevanagari-Regular.ttf
var devanagariTTF []byte

// extra is one face a page may load beside Liberation Sans.
type extra struct {
	script Scripts
	name   string     // full name, for ID
	file   []byte     // the font file
	mime   string     // of the data URL
	format string     // of the src descriptor
	ranges [][2]rune  // the characters it draws, as its unicode-range
	lang   string     // the language it is shaped in
	parsed *font.Face // set by load
	dotted font.GID   // its dotted circle, which a shaper puts under a mark without a base; 0: none
	sum    string     // SHA-256 of the file, hex
	ver    string     // the name table's version string
}

var extras = []*extra{
	{script: CJK, name: "Noto Sans CJK JP Regular (subset)", file: cjkOTF, mime: "font/otf", format: "opentype",
		ranges: [][2]rune{{0x3000, 0x30FF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}}, lang: "ja"},
	{script: Devanagari, name: "Noto Sans Devanagari Regular", file: devanagariTTF, mime: "font/ttf", format: "truetype",
		ranges: [][2]rune{{0x0900, 0x097F}, {0xA8E0, 0xA8FF}}, lang: "hi"},
}

// loadExtras parses every extra face once.
var loadExtras = sync.OnceValue(func() error {
	for _, x := range extras {
		f, err := font.ParseTTF(bytes.NewReader(x.file))
		if err != nil {
			return fmt.Errorf("typeface: parse %s: %w", x.name, err)
		}
		x.parsed = f
		if g, ok := f.NominalGlyph(0x25CC); ok {
			x.dotted = g
		}
		sum := sha256.Sum256(x.file)
		x.sum = hex.EncodeToString(sum[:])
		if x.ver, err = versionOf(x.file); err != nil {
			return fmt.Errorf("typeface: %s: %w", x.name, err)
		}
	}
	return nil
})

func mustExtras() {
	if err := loadExtras(); err != nil {
		panic(err) // the fonts are embedded: a parse error is a broken build
	}
}

// extraFor returns the extra face whose range holds r, or nil when
// Liberation Sans draws r.
func extraFor(r rune) *extra {
	if r < 0x0900 {
		return nil
	}
	for _, x := range extras {
		for _, rg := range x.ranges {
			if r >= rg[0] && r <= rg[1] {
				return x
			}
		}
	}
	return nil
}

// RangesRegexp returns a JavaScript regular expression, as the source of
// a character class, that matches a character of an extra face's range:
// what Need looks for, for a page's script.
func RangesRegexp() string {
	var b strings.Builder
	b.WriteByte('[')
	for _, x := range extras {
		for _, rg := range x.ranges {
			fmt.Fprintf(&b, `\u%04X-\u%04X`, rg[0], rg[1])
		}
	}
	b.WriteByte(']')
	return b.String()
}

// Need returns the extra faces a page needs to draw texts: those whose
// ranges hold one of their characters.
func Need(texts ...string) Scripts {
	var s Scripts
	for _, t := range texts {
		for _, r := range t {
			if x := extraFor(r); x != nil {
				s |= x.script
			}
		}
	}
	return s
}

// each calls fn for every extra face of s, in a fixed order.
func (s Scripts) each(fn func(x *extra)) {
	for _, x := range extras {
		if s&x.script != 0 {
			fn(x)
		}
	}
}

// String names the faces of s, "CJK+Devanagari", or "none".
func (s Scripts) String() string {
	var names []string
	s.each(func(x *extra) {
		switch x.script {
		case CJK:
			names = append(names, "CJK")
		case Devanagari:
			names = append(names, "Devanagari")
		}
	})
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// The line metrics of Liberation Sans (its hhea table: ascender 1854,
// descender 434 and line gap 67 of 2048 units), given to every extra face,
// so that a line holding CJK or Devanagari is as tall as one of Latin
// text and the layout of a form does not move with the script of its
// labels.
const metricOverrides = ";ascent-override:90.52734375%;descent-override:21.19140625%;line-gap-override:3.271484375%"

var extraCSS [allScripts + 1]string
var extraCSSOnce [allScripts + 1]sync.Once

// CSS returns the @font-face rules of the faces of s, under Family, each
// limited by its unicode-range to the characters Liberation Sans lacks: ""
// for none. Put after FaceCSS, a rule takes its range from Liberation Sans
// and leaves it the rest; a page that draws no character of a range never
// decodes its face.
func (s Scripts) CSS() string {
	s &= allScripts
	extraCSSOnce[s].Do(func() {
		var b strings.Builder
		s.each(func(x *extra) {
			b.WriteString(`@font-face{font-family:"`)
			b.WriteString(Family)
			b.WriteString(`";src:url(data:` + x.mime + `;base64,`)
			b.WriteString(base64.StdEncoding.EncodeToString(x.file))
			b.WriteString(`) format("` + x.format + `");font-weight:400;font-style:normal;font-display:block;unicode-range:`)
			for i, rg := range x.ranges {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "U+%04X-%04X", rg[0], rg[1])
			}
			b.WriteString(metricOverrides + "}")
		})
		extraCSS[s] = b.String()
	})
	return extraCSS[s]
}

// ID names the fonts of pictures drawn with the faces of s, as a dataset
// records them: the package's ID, and for each face of s its name, version
// and SHA-256 after a semicolon. For none it is ID().
func (s Scripts) ID() string {
	mustExtras()
	id := ID()
	s.each(func(x *extra) {
		id += "; " + x.name + ", " + x.ver + ", sha256:" + x.sum
	})
	return id
}

// ScriptsOf returns the faces whose fonts a dataset recorded as fonts, a
// Scripts.ID of this build, and false when fonts names other bytes.
func ScriptsOf(fonts string) (Scripts, bool) {
	for s := Scripts(0); s <= allScripts; s++ {
		if s.ID() == fonts {
			return s, true
		}
	}
	return 0, false
}

// versionOf returns the version string of the name table of a font file,
// up to its first semicolon: "Version 2.004".
func versionOf(file []byte) (string, error) {
	f, err := sfnt.Parse(file)
	if err != nil {
		return "", err
	}
	var buf sfnt.Buffer
	v, err := f.Name(&buf, sfnt.NameIDVersion)
	if err != nil {
		return "", fmt.Errorf("no version: %w", err)
	}
	v, _, _ = strings.Cut(v, ";")
	return strings.TrimSpace(v), nil
}
