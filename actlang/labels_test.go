package actlang

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// labelSeeds are labels the label rules accept and refuse: grammar words,
// invisible and blank code points, lone and spacing marks.
var labelSeeds = []string{
	"apple", "Br", "blue-gold", "яблоко", "über", "Ab3", "x2",
	"second", "Second", "LAST", "first", "twentieth", "21st", "next", "box", "field", "labelled", "final",
	"a\u2060b", "ab\ufe0f", "\u3164", "a\u3164b", "\u115fab", "ab\u034f", "\u2800",
	"\u0301", "\u0301ab", "ˈab", "aʼb", "ː", "ab\U000E0101",
	"on", "in", "out", "it", "an", "this", "form", "page", "tick", "untick", "set", "press", "fill", "one", "two", "ok", "now", "then", "No", "nr", "no-2", "x-2nd",
	"日本語", "한국어", "カタカナー", "東京タワー", "नमस्ते", "क्षत्रिय", "कि-कु", "\u093fक",
}

// labelForm3 is a form of three labelled checkboxes, label first.
func labelForm3(label string) *forms.Form {
	return &forms.Form{Family: "fuzz", Refer: forms.ByLabel, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: "apple", Group: "g0"},
		{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Label: "pear", Group: "g0"},
		{ID: "e2", Kind: forms.Checkbox, Ordinal: 3, Label: label, Group: "g0"},
		{ID: "e3", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
}

// checkAcceptedLabel holds what an accepted label must be: drawn, one
// reading only. It checks the characters against Unicode's tables
// directly, and reads replies on a form where the label stands third:
// "Click <label>" clicks it, and "Click the second checkbox" and "Click
// the last checkbox" click the 2nd and the 3rd, as ordinals.
func checkAcceptedLabel(t *testing.T, label string) {
	t.Helper()
	if !utf8.ValidString(label) || !norm.NFKC.IsNormalString(label) {
		t.Fatalf("accepted %q: not valid NFKC UTF-8", label)
	}
	base := false
	prev := rune(0)
	for _, r := range label {
		// A Devanagari vowel sign or the katakana length mark is drawn
		// with the letter before it by the face of its script.
		withLetter := typeface.Need(string(r)) != 0 && typeface.Need(string(prev)) == typeface.Need(string(r)) && unicode.In(r, unicode.Mn, unicode.Mc, unicode.Lm)
		prev = r
		if !withLetter && unicode.In(r, unicode.Cf, unicode.Mn, unicode.Mc, unicode.Me, unicode.Lm, unicode.Sk, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) {
			t.Fatalf("accepted %q with U+%04X, which draws nothing or only as a mark", label, r)
		}
		base = base || unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	if !base {
		t.Fatalf("accepted %q without a letter or digit", label)
	}
	f := labelForm3(label)
	if forms.Key(label) == forms.Key("apple") || forms.Key(label) == forms.Key("pear") {
		return // the form would refuse the pair
	}
	for _, c := range []struct {
		reply string
		at    int
	}{
		{"Click " + label, 2},
		{"Check the " + label + " checkbox", 2},
		{"Click the second checkbox", 1},
		{"Click the 2nd checkbox", 1},
		{"Click the last checkbox", 2},
		{"Click the first checkbox", 0},
	} {
		a, err := ParseAction(f, c.reply)
		if want := f.RefOf(c.at); err != nil || a.Target != want || (a.Op != statesim.Click && a.Op != statesim.Check) {
			t.Fatalf("label %q: %q reads as %v, %v; want a click on %v", label, c.reply, a, err, want)
		}
	}
}

func TestLabelRules(t *testing.T) {
	for _, c := range []struct {
		label, want string // want: "" accepted, else part of the refusal
	}{
		{"apple", ""},
		{"blue-gold", ""},
		{"яблоко", ""},
		{"second", "a word of the task text or of replies"},
		{"Second", "a word of the task text or of replies"},
		{"LAST", "a word of the task text or of replies"},
		{"twentieth", "a word of the task text or of replies"},
		{"21st", "a word of the task text or of replies"},
		{"next", "a word of the task text or of replies"},
		{"box", "a word of the task text or of replies"},
		{"labelled", "a word of the task text or of replies"},
		{"a\u2060b", "invisible or control character U+2060"},
		{"ab\ufe0f", "invisible or control character U+FE0F"},
		{"a\u3164b", "invisible or control character U+3164"},
		{"\u115fab", "invisible or control character U+115F"},
		{"ab\u034f", "invisible or control character U+034F"},
		{"ab\U000E0101", "invisible or control character U+E0101"},
		{"\u0301ab", "begins with the combining mark U+0301"},
		{"\u0301", "begins with the combining mark U+0301"},
		{"ˈab", "draws only as a mark"},
		{"aʼb", "draws only as a mark"},
		{"ː", "draws only as a mark"},
		{"\u2800", "does not draw"},
		{"ー", "draws only as a mark"},
		{"1ー", "draws only as a mark"},
		{"aー", "draws only as a mark"},
		{"カー", ""},
		{"漢ー", ""},
	} {
		t.Run(c.label, func(t *testing.T) {
			err := forms.CheckLabel(c.label)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == "":
				checkAcceptedLabel(t, c.label)
			case err == nil || !strings.Contains(err.Error(), c.want):
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// FuzzLabelRules checks every label the rules accept: drawn, with a
// letter or digit, and read back as itself, never as grammar.
func FuzzLabelRules(f *testing.F) {
	for _, s := range labelSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, label string) {
		if forms.CheckLabel(label) != nil {
			return
		}
		checkAcceptedLabel(t, label)
	})
}

// TestLabelRulesEveryMark tries every mark, modifier and invisible code
// point alone, after a Latin letter, after a digit and after a letter of
// each extra face's script: what the rules accept must hold up as
// checkAcceptedLabel says. The fuzzer finds such labels by chance; this
// walks the whole class each run.
func TestLabelRulesEveryMark(t *testing.T) {
	tables := []*unicode.RangeTable{unicode.Mn, unicode.Mc, unicode.Me, unicode.Lm, unicode.Sk, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector}
	accepted := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.In(r, tables...) {
			continue
		}
		for _, before := range []string{"", "a", "1", "カ", "漢", "क"} {
			label := before + string(r)
			if forms.CheckLabel(label) != nil {
				continue
			}
			accepted++
			checkAcceptedLabel(t, label)
		}
	}
	if accepted == 0 {
		t.Fatal("no mark accepted after a letter of its script: the walk tried nothing the rules allow")
	}
	t.Logf("%d labels with a mark accepted and checked", accepted)
}
