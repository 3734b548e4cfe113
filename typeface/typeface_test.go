package typeface

import (
	"bytes"
	"encoding/base64"
	"math"
	"strings"
	"sync"
	"testing"
)

func TestMissing(t *testing.T) {
	tests := []struct {
		s       string
		missing rune // 0: none
	}{
		{"Submit", 0},
		{"apple-pie 42", 0},
		{"аррӏе", 0},        // Cyrillic
		{"Ωμέγα", 0},        // Greek
		{"crème brûlée", 0}, // precomposed accents
		{"日本", 0},           // the CJK face
		{"한국어", 0},          // Hangul of KS X 1001
		{"ひらがなカタカナー", 0},    // kana, and the length mark after its letter
		{"नमस्ते", 0},       // Devanagari, a conjunct and vowel signs
		{"क्षत्रिय", 0},
		{"日本 abc", 0},         // scripts mixed in a text: each run in its face
		{"丂", '丂'},            // Han outside GB 2312, JIS X 0208 and KS X 1001: not in the subset
		{"ㄱ", 'ㄱ'},            // Hangul compatibility jamo: no face draws it
		{"\u093f", '\u093f'},  // a lone vowel sign: drawn on a dotted circle
		{"a\u093f", '\u093f'}, // a vowel sign after a Latin letter
		{"\u0941", '\u0941'},  // a lone combining vowel sign
		{"q\u0303", '\u0303'}, // a lone combining tilde: drawn with its letter, by whichever font
		{"ok😀", '😀'},
	}
	for _, tc := range tests {
		r, missing := Missing(tc.s)
		if missing != (tc.missing != 0) || (missing && r != tc.missing) {
			t.Errorf("Missing(%q) = %q, %v; want %q", tc.s, r, missing, tc.missing)
		}
	}
}

func TestFaceCSS(t *testing.T) {
	css := FaceCSS()
	if !strings.Contains(css, `font-family:"`+Family+`"`) {
		t.Fatalf("the rule does not name %s: %.80s", Family, css)
	}
	_, rest, _ := strings.Cut(css, "base64,")
	data, _, ok := strings.Cut(rest, ")")
	if !ok {
		t.Fatal("no data URL in the rule")
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil || !bytes.Equal(b, TTF()) {
		t.Fatalf("the data URL does not hold the font's bytes (%v)", err)
	}
}

func TestID(t *testing.T) {
	id := ID()
	if !IsID(id) || !strings.HasPrefix(id, Name+", Version ") || !strings.Contains(id, ", sha256:") || len(id) < len(Name)+80 {
		t.Fatalf("ID() = %q", id)
	}
	if IsID("fonts-liberation 1:2.1.5-3") || IsID("") {
		t.Fatal("IsID takes a font package for formplan's font")
	}
}

func TestBlank(t *testing.T) {
	for _, c := range []struct {
		s     string
		blank rune // 0: none
	}{
		{"apple", 0},
		{"a b", 0},           // the space is allowed
		{"a\u00a0b", 0xa0},   // no-break space: a glyph without ink
		{"x\u2003y", 0x2003}, // em space
		{"日", 0},             // drawn by the CJK face
		{"丂", 0},             // missing, not blank: Missing reports it
		{"नमस्ते", 0},
	} {
		r, blank := Blank(c.s)
		if blank != (c.blank != 0) || r != c.blank {
			t.Errorf("Blank(%q) = %U, %v; want %U", c.s, r, blank, c.blank)
		}
	}
}

func TestMissingSans(t *testing.T) {
	for _, c := range []struct {
		s       string
		missing rune
	}{
		{"crème", 0},
		{"日本", '日'},
		{"नमस्ते", 'न'},
	} {
		r, missing := MissingSans(c.s)
		if missing != (c.missing != 0) || r != c.missing {
			t.Errorf("MissingSans(%q) = %q, %v; want %q", c.s, r, missing, c.missing)
		}
	}
}

func TestNeed(t *testing.T) {
	for _, c := range []struct {
		texts []string
		want  Scripts
	}{
		{nil, 0},
		{[]string{"apple", "Ωμέγα", "аррӏе", "crème"}, 0},
		{[]string{"apple", "日本"}, CJK},
		{[]string{"서울"}, CJK},
		{[]string{"नमस्ते"}, Devanagari},
		{[]string{"ひらがな", "x", "कुछ"}, CJK | Devanagari},
	} {
		if got := Need(c.texts...); got != c.want {
			t.Errorf("Need(%q) = %v, want %v", c.texts, got, c.want)
		}
	}
}

// TestScriptsCSS checks each extra face's rule: under Family, its own
// bytes, its unicode-range and Liberation Sans's line metrics; none gives
// no rule at all, so that Head stays as it was.
func TestScriptsCSS(t *testing.T) {
	if Scripts(0).CSS() != "" {
		t.Fatal("no extra face gives a rule")
	}
	for _, c := range []struct {
		s     Scripts
		file  []byte
		rng   string
		other string
	}{
		{CJK, cjkOTF, "unicode-range:U+3000-30FF,U+4E00-9FFF,U+AC00-D7A3;", "U+0900"},
		{Devanagari, devanagariTTF, "unicode-range:U+0900-097F,U+A8E0-A8FF;", "U+4E00"},
	} {
		css := c.s.CSS()
		if strings.Count(css, "@font-face") != 1 || !strings.Contains(css, `font-family:"`+Family+`"`) || !strings.Contains(css, c.rng) || strings.Contains(css, c.other) {
			t.Errorf("%v: rule %.200s...%s", c.s, css, css[strings.LastIndex(css, ")"):])
		}
		if !strings.Contains(css, "ascent-override:90.52734375%;descent-override:21.19140625%;line-gap-override:3.271484375%") {
			t.Errorf("%v: the rule does not give Liberation Sans's line metrics", c.s)
		}
		_, rest, _ := strings.Cut(css, "base64,")
		data, _, _ := strings.Cut(rest, ")")
		if b, err := base64.StdEncoding.DecodeString(data); err != nil || !bytes.Equal(b, c.file) {
			t.Errorf("%v: the data URL does not hold the face's bytes (%v)", c.s, err)
		}
	}
	if both := (CJK | Devanagari).CSS(); both != CJK.CSS()+Devanagari.CSS() {
		t.Error("the rules of two faces are not each face's rule in order")
	}
}

// TestScriptsID checks that every set of faces has an ID of its own, that
// ScriptsOf reads each back, that none's is ID's (so datasets of Latin
// text record what they did), and that another font's is not taken.
func TestScriptsID(t *testing.T) {
	seen := map[string]bool{}
	for s := Scripts(0); s <= allScripts; s++ {
		id := s.ID()
		if seen[id] || !IsID(id) {
			t.Errorf("%v: ID %q repeats or is not an ID", s, id)
		}
		seen[id] = true
		if got, ok := ScriptsOf(id); !ok || got != s {
			t.Errorf("ScriptsOf(%v.ID()) = %v, %v", s, got, ok)
		}
	}
	if Scripts(0).ID() != ID() {
		t.Error("the ID of no extra face is not ID()")
	}
	if !strings.Contains(CJK.ID(), "; Noto Sans CJK JP Regular (subset), Version ") || !strings.Contains(Devanagari.ID(), "; Noto Sans Devanagari Regular, Version ") {
		t.Errorf("IDs %q, %q", CJK.ID(), Devanagari.ID())
	}
	if _, ok := ScriptsOf(ID() + "; Noto Sans CJK JP Regular (subset), Version 2.004, sha256:00"); ok {
		t.Error("ScriptsOf takes other bytes for the CJK face")
	}
}

// TestShapedWidth compares Width with the widths Chromium gave the same
// texts in spans of 13.33 px set in these faces (getBoundingClientRect,
// Chromium 156; formview's TestShapedWidthsInChromium measures afresh):
// Devanagari shaped (a conjunct, vowel signs) is far from the sum of its
// code points' advances, and the shaped width is within Chromium's 1/64 px
// rounding of it.
func TestShapedWidth(t *testing.T) {
	for _, c := range []struct {
		s      string
		chrome float64 // CSS px at 40/3 px
	}{
		{"日本語", 39.9844},
		{"한국어", 36.7969},
		{"ひらがなカタカナ", 106.625},
		{"नमस्ते", 28.1563},
		{"क्षत्रिय", 28.0313},
		{"कि", 13.6094},
		{"क्", 10.1563},
		{"हिन्दी", 25.0313},
		{"कुछ", 19.5},
		{"ॐ", 12.0313},
		{"日本 abc", 51.8594},
	} {
		em, ok := Width(c.s)
		if got := em * 40 / 3; !ok || math.Abs(got-c.chrome) > 0.05 {
			t.Errorf("Width(%q) = %.4f px at 13.33 px, %v; Chromium draws it %.4f px wide", c.s, got, ok, c.chrome)
		}
	}
}

// TestConcurrentUse measures and checks texts of every face from several
// goroutines at once, as verify's workers and gen serve's sessions do
// (go test -race finds a shared cache written without the lock).
func TestConcurrentUse(t *testing.T) {
	texts := []string{"apple", "日本語", "नमस्ते", "서울 abc", "क्षमा"}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 50 {
				s := texts[(g+k)%len(texts)]
				if _, missing := Missing(s); missing {
					t.Errorf("Missing(%q) reports a character", s)
				}
				Blank(s)
				Width(s)
				RightBearing(s)
			}
		})
	}
	wg.Wait()
}
