package forms

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/unicode/norm"

	"github.com/formplan/formplan/typeface"
)

// The longest label and text value, in characters. Longer ones would not
// fit beside their control in the picture.
const (
	MaxLabelLen = 24
	MaxTextLen  = 16
)

// reserved are the words the task, plan and answer texts are made of. A
// label that is one of them (in any case) would make a sentence such as
// "Select nothing and click Submit." read two ways.
var reserved = map[string]bool{}

// OrdinalWords are the ordinals written out, first to twentieth, that the
// action language reads ("the second checkbox"); "last" is read too.
var OrdinalWords = strings.Fields(`first second third fourth fifth sixth seventh eighth ninth tenth
	eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth`)

func init() {
	for _, w := range strings.Fields(`a b c d e f g h yes no
		and or then only every nothing none all the of to by at with into from is not
		check checked uncheck unchecked click select selected clear type enter move hit leave
		submit button checkbox checkboxes slider radio textbox textboxes handle left right
		number empty contains option answer
		last final middle top bottom next previous penultimate
		box tickbox field input textfield textinput inputfield inputbox textarea radiobutton
		radiooption rangeslider sliderhandle submitbutton
		label labelled labeled named called marked titled captioned for beside text`) {
		reserved[w] = true
	}
	for _, w := range OrdinalWords {
		reserved[w] = true
	}
}

// Reserved reports whether s, in any case, is a word of the task grammar
// or of the action language that reads replies: an ordinal or position
// word ("second", "last", "2nd", "21st"), a number of a place ("#2",
// "no2", "box3"), a noun of an element ("box", "field") or a word around a
// label ("labelled").
func Reserved(s string) bool {
	var buf [24]byte
	var l []byte
	if len(s) <= len(buf) && isASCII(s) {
		// The labels RandomLabel draws: lower them without allocating.
		l = buf[:len(s)]
		for i := range len(s) {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			l[i] = c
		}
	} else {
		l = []byte(strings.ToLower(s))
	}
	if reserved[string(l)] {
		return true
	}
	n := len(l)
	if n >= 3 {
		switch string(l[n-2:]) {
		case "st", "nd", "rd", "th":
			if _, err := strconv.Atoi(string(l[:n-2])); err == nil {
				return true
			}
		}
	}
	return numbered(string(l))
}

// numbered reports whether the lowered word w is a number the action
// language reads as an element's place: "#2", "no2", "no.2", "nr2",
// "number2", or a noun of an element with one ("box3", "checkbox-2",
// "field#4", "sliderno2").
func numbered(w string) bool {
	end := len(w)
	for end > 0 && '0' <= w[end-1] && w[end-1] <= '9' {
		end--
	}
	if end == len(w) {
		return false // no digits at the end
	}
	head := strings.TrimRight(w[:end], "-_")
	for _, mark := range numberMarks {
		if h, ok := strings.CutSuffix(head, mark); ok && (h == "" || slices.Contains(elementNouns, h)) {
			return true
		}
	}
	return slices.Contains(elementNouns, head)
}

// numberMarks are what the action language reads between a noun and its
// number ("checkbox #2", "box no. 3"), or alone before one ("#2").
var numberMarks = []string{"#", "no.", "no", "nr.", "nr", "number"}

// elementNouns are the nouns of elements the action language reads, as
// one word.
var elementNouns = strings.Fields(`checkbox check-box tickbox tick-box radiobutton radio-button radio option
	textbox text-box textarea text-area input field slider submit button box`)

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Key returns the form under which two labels or text values count as the
// same: NFKC-normalized, then folded to the Unicode confusable skeleton
// (UTS #39), so that "apple", "аpple" (with a Cyrillic a) and "app\u200ble"
// share one key. Case is kept: "Ab" and "ab" look different.
// Invisible code points (default-ignorable ones, which draw nothing) are
// removed first, so that "app\u2060le" and "apple" share one key too.
func Key(s string) string {
	if strings.IndexFunc(s, invisible) >= 0 {
		s = strings.Map(func(r rune) rune {
			if invisible(r) {
				return -1
			}
			return r
		}, s)
	}
	return confusable.Skeleton(norm.NFKC.String(s))
}

// invisible reports whether r is a default-ignorable code point (Unicode's
// Default_Ignorable_Code_Point: format characters, variation selectors,
// fillers such as U+3164), which a renderer draws as nothing.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

// attaches reports whether r draws only on or beside the character before
// it: a combining mark (Mn, Mc, Me) or a modifier letter or symbol (Lm,
// Sk, such as ˈ and ˆ), which looks like a mark or a piece of punctuation.
func attaches(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me, unicode.Lm, unicode.Sk)
}

// CheckLabel reports why s cannot label an element, or nil. A label is one
// word of letters and digits of one script, with inner hyphens allowed:
// the task text names elements by bare label ("Select apple, pear and
// click Submit."), so spaces, commas, quotes and the grammar's own words
// would make it read two ways.
func CheckLabel(s string) error {
	if err := checkChars(s, MaxLabelLen, "label"); err != nil {
		return err
	}
	base := false
	prev := rune(0)
	for i, r := range s {
		face, after := typeface.Need(string(r)), prev
		prev = r
		switch {
		case attaches(r) && (face == 0 || after == 0 || typeface.Need(string(after)) != face):
			// A Devanagari vowel sign or the katakana length mark belongs
			// to a letter before it that its face draws; any other mark
			// or modifier draws on or beside whatever stands before it.
			return fmt.Errorf("label %q has U+%04X, which draws only as a mark on or beside another character: use letters and digits, each mark after a letter of its script", s, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			base = true
		case attaches(r):
		case r == '-' && i > 0 && i < len(s)-1 && s[i-1] != '-':
		case r == ' ':
			return fmt.Errorf("label %q has a space: labels are one word (the task text lists them bare); join the words with a hyphen", s)
		default:
			return fmt.Errorf("label %q has %q, which the task text reads as syntax: use letters, digits and inner hyphens", s, r)
		}
	}
	if !base {
		return fmt.Errorf("label %q has no letter or digit to show: give it one", s)
	}
	if Reserved(s) {
		return fmt.Errorf("label %q is a word of the task text or of replies (Submit, nothing, only, the, 2nd, second, last, box, ...): choose another", s)
	}
	if sc := scripts(s); len(sc) > 1 && !oneWriting(sc) {
		return fmt.Errorf("label %q mixes scripts (%s): write it in one", s, strings.Join(sc, " and "))
	}
	return nil
}

// CheckText reports why s cannot be typed into a text box, or nil: it must
// be printable on one line, without quotes or backslashes (the task text
// quotes values), and without spaces at its ends.
func CheckText(s string) error {
	if err := checkChars(s, MaxTextLen, "text value"); err != nil {
		return err
	}
	if strings.TrimSpace(s) != s || strings.Contains(s, "  ") {
		return fmt.Errorf("text value %q has spaces at an end or two in a row, which the picture does not show: trim them", s)
	}
	if strings.ContainsAny(s, `"\`) {
		return fmt.Errorf("text value %q has a quote or backslash, which the task text escapes: remove it", s)
	}
	return nil
}

// checkChars holds the rules labels and text values share: valid UTF-8,
// not blank, not too long, in NFKC form, no control, format, private-use
// or line-breaking characters, and every character one the pictures' font
// draws (typeface.Missing). what names s in the error ("label").
func checkChars(s string, maxLen int, what string) error {
	switch {
	case !utf8.ValidString(s):
		return fmt.Errorf("%s %q is not valid UTF-8", what, s)
	case strings.TrimSpace(s) == "":
		return fmt.Errorf("%s %q is blank: give it visible characters", what, s)
	case utf8.RuneCountInString(s) > maxLen:
		return fmt.Errorf("%s %q is longer than %d characters, too wide for the picture: shorten it", what, s, maxLen)
	}
	for _, r := range s {
		if r != ' ' && (unicode.IsControl(r) || unicode.IsSpace(r) || invisible(r) || unicode.In(r, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp) || !unicode.IsPrint(r)) {
			return fmt.Errorf("%s %q has the invisible or control character U+%04X: remove it", what, s, r)
		}
	}
	if r, _ := utf8.DecodeRuneInString(s); unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
		return fmt.Errorf("%s %q begins with the combining mark U+%04X, which has no letter to draw on: remove it", what, s, r)
	}
	if n := norm.NFKC.String(s); n != s {
		return fmt.Errorf("%s %q is not in Unicode NFKC form: write %q", what, s, n)
	}
	if r, missing := typeface.Missing(s); missing {
		return fmt.Errorf("%s %q has %q (U+%04X), which no font of the pictures (%s, and Noto Sans for CJK and Devanagari) has where it stands, so it does not draw on its own and each machine would draw it in a font of its own: use letters, digits and marks they have (Latin, Greek, Cyrillic, common CJK, Devanagari), each mark after its letter", what, s, r, r, typeface.Name)
	}
	if r, blank := typeface.Blank(s); blank {
		return fmt.Errorf("%s %q has U+%04X, which the pictures' font draws as nothing: remove it", what, s, r)
	}
	return nil
}

// oneWriting reports whether the scripts sc (sorted, as scripts gives them)
// are one language's writing all the same: Japanese mixes Han with
// Hiragana and Katakana, Korean Han with Hangul. None of these has letters
// that look like another's.
func oneWriting(sc []string) bool {
	for _, s := range sc {
		if s != "Han" && s != "Hiragana" && s != "Katakana" && s != "Hangul" {
			return false
		}
	}
	return !(slices.Contains(sc, "Hangul") && (slices.Contains(sc, "Hiragana") || slices.Contains(sc, "Katakana")))
}

// scripts returns the scripts of s's letters, Common and Inherited left out.
func scripts(s string) []string {
	var out []string
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		for name, table := range unicode.Scripts {
			if name != "Common" && name != "Inherited" && unicode.Is(table, r) && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// CheckLabels reports the first label or text value of form f that the
// label rules refuse (CheckLabel, CheckText), or two labels that look the
// same (one Key, Submit's included): what a family's Validate refuses,
// checked on a form as drawn, as gen verify does with a row's form.
func (f *Form) CheckLabels() error {
	seen := map[string]string{}
	for _, e := range f.Elements {
		if e.Label == "" {
			continue
		}
		if e.Kind != Submit {
			if err := CheckLabel(e.Label); err != nil {
				return fmt.Errorf("forms: element %s: %w", e.ID, err)
			}
		}
		k := Key(e.Label)
		if prev, ok := seen[k]; ok {
			return fmt.Errorf("forms: element %s: label %q looks the same as %q", e.ID, e.Label, prev)
		}
		seen[k] = e.Label
	}
	for _, v := range f.TextValues {
		if err := CheckText(v); err != nil {
			return fmt.Errorf("forms: %w", err)
		}
	}
	return nil
}
