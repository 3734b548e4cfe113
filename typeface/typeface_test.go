package typeface

import (
	"bytes"
	"encoding/base64"
	"strings"
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
		{"日本", '日'},
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
		{"日", 0},             // missing, not blank: Missing reports it
	} {
		r, blank := Blank(c.s)
		if blank != (c.blank != 0) || r != c.blank {
			t.Errorf("Blank(%q) = %U, %v; want %U", c.s, r, blank, c.blank)
		}
	}
}
