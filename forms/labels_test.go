package forms

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestCheckLabel(t *testing.T) {
	tests := []struct {
		label string
		want  string // "" means valid
	}{
		{"apple", ""},
		{"iyHxAx", ""},
		{"Ab3", ""},
		{"blue-gold", ""},
		{"яблоко", ""},
		{"日本", ""}, // the CJK face
		{"日本語", ""},
		{"한국어", ""}, // Hangul
		{"ひらがな", ""},
		{"カタカナー", ""}, // the length mark (Lm) after its letter, in the CJK face
		{"東京タワー", ""}, // Japanese: Han and katakana are one writing
		{"韓國語", ""},
		{"한국漢字", ""}, // Korean: Hangul and Han
		{"한국カナ", "mixes scripts (Hangul and Katakana)"},
		{"नमस्ते", ""}, // Devanagari: a conjunct, vowel signs
		{"क्षत्रिय", ""},
		{"कि-कु", ""},
		{"\u093fक", "combining mark"},  // a vowel sign first has no letter
		{"ab\u093f", "does not draw"},  // a vowel sign after a Latin letter: on a dotted circle
		{"आदि\u0301", "does not draw"}, // a Latin accent on a Devanagari letter
		{"丂", "does not draw"},         // Han outside the CJK face's subset: Chromium would take a font of the machine's
		{"ㄱ", "NFKC"},                  // Hangul compatibility jamo
		{"日本x", "mixes scripts"},
		{"über", ""},
		{"", "blank"},
		{"   ", "blank"},
		{"Submit", "word of the task text"},
		{"submit", "word of the task text"},
		{"nothing", "word of the task text"},
		{"ONLY", "word of the task text"},
		{"every", "word of the task text"},
		{"2nd", "word of the task text"},
		{"11th", "word of the task text"},
		{"Yes", "word of the task text"},
		{"B", "word of the task text"},
		{"the 2nd checkbox", "has a space"},
		{"blue and gold", "has a space"},
		{"red,", "reads as syntax"},
		{`say"hi`, "reads as syntax"},
		{"apple's", "reads as syntax"},
		{"-apple", "reads as syntax"},
		{"apple-", "reads as syntax"},
		{"a--b", "reads as syntax"},
		{"tab\tx", "control character U+0009"},
		{"new\nline", "control character U+000A"},
		{"app\u200ble", "invisible or control character U+200B"},
		{"app\u00adle", "invisible or control character U+00AD"},
		{"ｆｕｌｌ", "NFKC"},
		{"ﬁne", "NFKC"},
		{"\u0430pple", "mixes scripts (Cyrillic and Latin)"},
		{"\xff", "not valid UTF-8"},
		{strings.Repeat("x", MaxLabelLen+1), "longer than 24"},
	}
	for _, tc := range tests {
		err := CheckLabel(tc.label)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckLabel(%q) = %v, want nil", tc.label, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("CheckLabel(%q) = %v, want an error containing %q", tc.label, err, tc.want)
		}
	}
}

func TestCheckText(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"1234", ""},
		{"John Smith", ""},
		{"a@b.c", ""},
		{"", "blank"},
		{" x", "spaces at an end"},
		{"a  b", "two in a row"},
		{"line\nbreak", "U+000A"},
		{`say "hi"`, "quote or backslash"},
		{`back\slash`, "quote or backslash"},
		{"12345678901234567", "longer than 16"},
		{"東京都", ""},
		{"서울 시내", ""},
		{"पुस्तक", ""},
		{"विद्या", ""},
		{"ॵ", ""}, // wider than 1 em: a text box gives it its shaped width
		{"x \u0941", "does not draw"},
	}
	for _, tc := range tests {
		err := CheckText(tc.text)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckText(%q) = %v, want nil", tc.text, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("CheckText(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}

func TestKeyFoldsLookAlikes(t *testing.T) {
	for _, s := range []string{"apple", "\u0430pple", "app\u200ble", "ａpple"} {
		if Key(s) != Key("apple") {
			t.Errorf("Key(%q) = %q, want Key(apple) = %q", s, Key(s), Key("apple"))
		}
	}
	if Key("Apple") == Key("apple") {
		t.Error("Key folds case, but Apple and apple look different")
	}
}

// asciiKey must be Key on every label RandomLabel can draw.
func TestASCIIKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range labelAlphabet {
		if got, want := asciiKey(string(c)), Key(string(c)); got != want {
			t.Errorf("asciiKey(%q) = %q, Key = %q", c, got, want)
		}
	}
	for range 20000 {
		l := RandomLabel(rng)
		if got, want := asciiKey(l), Key(l); got != want {
			t.Fatalf("asciiKey(%q) = %q, Key = %q", l, got, want)
		}
	}
}

// Random labels are never words of the task text and never look alike,
// nor like a label of the family's lists.
func TestNewFormLabelsDistinct(t *testing.T) {
	fam := Family{Name: "mix", Refer: ByLabel, Groups: []Group{
		{Kind: Checkbox, MinCount: 6, MaxCount: 6, Labels: LabelsRandom},
		{Kind: Checkbox, MinCount: 2, MaxCount: 2, Labels: LabelsList, LabelList: []string{"ab", "Il"}},
	}}
	if err := fam.Validate(); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		f := fam.NewForm(rng)
		seen := map[string]string{}
		for _, e := range f.Elements {
			if e.Kind != Submit && CheckLabel(e.Label) != nil {
				t.Fatalf("label %q: %v", e.Label, CheckLabel(e.Label))
			}
			if prev, ok := seen[Key(e.Label)]; ok {
				t.Fatalf("labels %q and %q look alike", prev, e.Label)
			}
			seen[Key(e.Label)] = e.Label
		}
	}
}

func TestFamilyValidateHostile(t *testing.T) {
	boxes := func(labels ...string) Family {
		return Family{Name: "fruit", Refer: ByLabel, Groups: []Group{
			{Kind: Checkbox, MinCount: len(labels), MaxCount: len(labels), Labels: LabelsList, LabelList: labels},
		}}
	}
	text := func(pool []string, vocab int) Family {
		return Family{Name: "texts", Refer: ByOrdinal, Groups: []Group{
			{Kind: TextBox, MinCount: 3, MaxCount: 3, TextPool: pool, TextVocab: vocab},
		}}
	}
	slider := func(r Range) Family {
		return Family{Name: "slide", Refer: ByOrdinal, Groups: []Group{{Kind: Slider, MinCount: 1, MaxCount: 1, Ranges: []Range{r}}}}
	}
	tests := []struct {
		name string
		fam  Family
		want string
	}{
		{"look-alikes", boxes("apple", "\u0430pple"), "mixes scripts"},
		{"zero-width", boxes("apple", "app\u200ble"), "U+200B"},
		{"confusable", boxes("Il1", "lll"), `"lll" looks the same as "Il1"`},
		{"blank", boxes("apple", " "), "blank"},
		{"Submit", boxes("Submit", "pear"), "word of the task text"},
		{"tab", boxes("a\tb", "pear"), "U+0009"},
		{"template words", boxes("nothing", "pear"), "word of the task text"},
		{"number of a place", boxes("no0", "pear"), "word of the task text"},
		{"nr number", boxes("Nr7", "pear"), "word of the task text"},
		{"noun and number", boxes("box3", "pear"), "word of the task text"},
		{"noun, mark and number", boxes("checkboxno2", "pear"), "word of the task text"},
		{"punctuation", boxes("red,", "green"), "reads as syntax"},
		{"same label, two radio groups", Family{Name: "radios", Refer: ByLabel, Groups: []Group{
			{Kind: Radio, MinCount: 2, MaxCount: 2, Labels: LabelsList, LabelList: []string{"yes1", "nope1"}},
			{Kind: Radio, MinCount: 2, MaxCount: 2, Labels: LabelsList, LabelList: []string{"maybe", "yes1"}},
		}}, `"yes1" looks the same as "yes1" (elements[0])`},
		{"pool repeats", text([]string{"1", "1"}, 0), "values must be distinct"},
		{"pool too small", text([]string{"1", "2"}, 3), "text_vocab 3"},
		{"pool newline", text([]string{"1\n", "2"}, 0), "U+000A"},
		{"slider overflow", slider(Range{-9e18, 9e18, 1}), "within -999999..999999"},
		{"slider step too big", slider(Range{0, 10, 20}), "at most max-min"},
		{"slider positions", slider(Range{0, 1000, 1}), "1001 positions"},
		{"too many elements", Family{Name: "big", Refer: ByOrdinal, Groups: []Group{
			{Kind: Checkbox, MinCount: 16, MaxCount: 16}, {Kind: Checkbox, MinCount: 9, MaxCount: 9},
		}}, "up to 25 elements"},
		{"picture too tall", Family{Name: "tall", Refer: ByOrdinal, Picture: &Size{Width: 160, Height: 430}, Groups: []Group{
			{Kind: Checkbox, MinCount: 1, MaxCount: 1},
		}}, "picture height 430: want 210 to 420"},
		{"picture width off the step", Family{Name: "wide", Refer: ByOrdinal, Picture: &Size{Width: 165, Height: 210}, Groups: []Group{
			{Kind: Checkbox, MinCount: 1, MaxCount: 1},
		}}, "picture width 165: want 160 to 480 in steps of 10"},
		{"bad name", Family{Name: "../x", Refer: ByOrdinal, Groups: []Group{{Kind: Checkbox, MinCount: 1, MaxCount: 1}}}, "lower-case letters"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.fam.Validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// asciiKey is asciiFold as a string.
func asciiKey(s string) string {
	k := asciiFold(s)
	return string(k.b[:k.n])
}
