// Package score reads a model's replies to formplan questions, takes the
// answer out of each reply, and scores it against the dataset's labels,
// with breakdowns by suite, family, horizon, prompt style and more.
package score

import (
	"regexp"
	"strings"
)

// Options is what Extract needs to know of a question: its choices in
// display order (their texts) and whether it is a Yes/No question.
type Options struct {
	Choices []string // option texts; letters A, B, ... name them in order
	YesNo   bool     // the answer is Yes or No, not a letter
}

var (
	// marker finds answer markers: "Answer:", "OUTPUT:", "OUTPUT CHOICE:",
	// "Final answer:", with the text after them up to the end of the line.
	marker = regexp.MustCompile(`(?im)(?:final\s+answer|answer|output(?:\s+choice)?)\s*(?:is)?\s*[:：]\s*(.*)$`)
	// boxed finds LaTeX's \boxed{X}, as reasoning models end a reply,
	// with one level of braces inside (\boxed{\text{B}}).
	boxed = regexp.MustCompile(`\\boxed\s*\{((?:[^{}\n]|\{[^{}\n]*\})*)\}`)
	// jsonAnswer finds a JSON object's answer field: {"answer": "B"}.
	// The value is taken as written, so it may hold no backslash.
	jsonAnswer = regexp.MustCompile(`(?i)\{[^{}]*?"(?:final_answer|final answer|answer)"\s*:\s*"([^"\\\n]*)"`)
	// answerIs finds "the answer is X" and like phrasings without a
	// colon, up to the end of the line.
	answerIs = regexp.MustCompile(`(?im)\b(?:the\s+)?(?:correct\s+|final\s+)?(?:answer|option|choice|plan)\s+is\s+(.*)$`)
	// latex unwraps \boxed{X}, \text{X} and their kin.
	latex = regexp.MustCompile(`\\(?:boxed|text|textbf|mathrm|mathbf)\s*\{([^{}]*)\}`)
	// ordinal finds an option named by its place: "the first picture",
	// "the 2nd option", "The second one".
	ordinal = regexp.MustCompile(`(?i)^(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|1st|2nd|3rd|4th|5th|6th|7th|8th)\s+(option|plan|choice|one|picture|image|screenshot)(?:[^A-Za-z0-9]|\z)`)
)

// ordinals are the places ordinal reads, by option.
var ordinals = [][2]string{{"first", "1st"}, {"second", "2nd"}, {"third", "3rd"}, {"fourth", "4th"}, {"fifth", "5th"}, {"sixth", "6th"}, {"seventh", "7th"}, {"eighth", "8th"}}

// Extract returns the answer of reply: a letter ("A" to "H"), "Yes" or
// "No", and true; or "" and false when the reply holds no well-formed
// answer or two different ones (unparsed, never guessed).
//
// The last answer form counts: a marker ("Answer: X", the paper
// protocol's "OUTPUT: X", "Final answer: X"), LaTeX's \boxed{X} or a JSON
// object's "answer" field; else the last "The answer is X". So reasoning
// before it is ignored. Without any, the whole reply must hold one
// answer: a bare letter, "(X)", "X.", bold "**X**", "X. <option text>",
// an option's text alone (such as "Picture 1"), Yes/No, or a sentence
// that starts with one of them or with an option's place ("Picture 1 was
// taken earlier.", "The first picture", "B, because ...") and names no
// other letter.
func Extract(reply string, o Options) (string, bool) {
	e := explain(reply, o)
	return e.Lenient, e.Lenient != ""
}

// ExtractStrict is Extract for answers given in an answer format only: a
// marker, \boxed{} or a JSON field whose text is the answer alone, or a
// reply that is the answer alone ("B", "(B)", "**B**", "Option B",
// "B. <option text>", "Picture 1", "Yes."). Answers read out of prose
// ("The answer is B", "B, because ...", "The first picture") are not
// strict. Whatever ExtractStrict returns, Extract returns too.
func ExtractStrict(reply string, o Options) (string, bool) {
	e := explain(reply, o)
	return e.Strict, e.Strict != ""
}

// extraction is what explain takes out of a reply: the answer under
// Extract and under ExtractStrict ("" for none), and why Extract found
// none.
type extraction struct{ Lenient, Strict, Why string }

// explain extracts reply's answer both ways.
func explain(reply string, o Options) extraction {
	var e extraction
	if content, ok := lastExplicit(reply); ok {
		e.Lenient, e.Why = one(content, o, false)
		e.Strict, _ = one(content, o, true)
		return e
	}
	if m := answerIs.FindAllStringSubmatch(reply, -1); len(m) > 0 {
		e.Lenient, e.Why = one(m[len(m)-1][1], o, false)
		return e
	}
	e.Lenient, e.Why = one(reply, o, false)
	e.Strict, _ = one(reply, o, true)
	return e
}

// lastExplicit returns the text of the last answer marker, \boxed{} or
// JSON answer field in reply, whichever starts last.
func lastExplicit(reply string) (string, bool) {
	best, content := -1, ""
	for _, re := range []*regexp.Regexp{marker, boxed, jsonAnswer} {
		ms := re.FindAllStringSubmatchIndex(reply, -1)
		if len(ms) == 0 {
			continue
		}
		m := ms[len(ms)-1]
		if m[0] > best {
			best, content = m[0], reply[m[2]:m[3]]
		}
	}
	return content, best >= 0
}

// Reasons a reply is unparsed, as Why gives them.
const (
	whyEmpty   = "no text where the answer should be"
	whyNone    = "no option letter, option text or Yes/No where the answer should be"
	whyTwo     = "two different answers"
	whyNoYesNo = "neither Yes nor No where the answer should be"
)

// one reads a text that should hold exactly one answer; strict allows
// nothing but the answer. It returns the answer, or "" and why not.
func one(s string, o Options, strict bool) (string, string) {
	t := clean(s)
	if t == "" {
		return "", whyEmpty
	}
	if o.YesNo {
		return yesNo(t, strict)
	}
	// An option's text alone (such as "Picture 1"), or its letter and text.
	bare := strings.TrimRight(t, ".!")
	for k, c := range o.Choices {
		if strings.EqualFold(bare, clean(c)) {
			return letterOf(k), ""
		}
	}
	first, rest := leadingLetter(t, len(o.Choices))
	if first == "" {
		if strict {
			return "", whyNone
		}
		return leadingOption(t, o)
	}
	rest = strings.TrimSpace(strings.Trim(rest, ".:)]-—– "))
	if rest == "" {
		return first, ""
	}
	k := int(first[0] - 'A')
	if ct := clean(o.Choices[k]); strings.HasPrefix(strings.ToLower(rest), strings.ToLower(firstLine(ct))) {
		return first, "" // "D. 1. Click HZ ..."
	}
	if strict {
		return "", whyNone
	}
	if why := otherLetter(rest, first, len(o.Choices)); why != "" {
		return "", why
	}
	return first, ""
}

// otherLetter returns whyTwo when rest holds a standalone option letter
// other than first ("A or B", "A, C"); other words ("D, because ...") do
// not count. It returns "" otherwise.
func otherLetter(rest, first string, n int) string {
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		if len(w) == 1 && w[0] >= 'A' && int(w[0]-'A') < n && w != first {
			return whyTwo
		}
	}
	return ""
}

// leadingOption reads an answer that opens a sentence: an option's text
// on one line ("Picture 1 was taken earlier.") or an option's place ("The
// first picture"; a picture's place only where the option is that
// picture). What follows must not join another answer ("Picture 1 or
// ...") nor name another letter.
func leadingOption(t string, o Options) (string, string) {
	k, rest := -1, ""
	for j, c := range o.Choices {
		ct := clean(c)
		if ct == "" || strings.Contains(ct, "\n") || len(t) <= len(ct) || !ascii(t[:len(ct)]) || !strings.EqualFold(t[:len(ct)], ct) {
			continue
		}
		if r := t[len(ct)]; r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			continue // "Picture 12" is not "Picture 1"
		}
		k, rest = j, t[len(ct):]
		break
	}
	if m := ordinal.FindStringSubmatchIndex(t); k < 0 && m != nil {
		word, noun := strings.ToLower(t[m[2]:m[3]]), strings.ToLower(t[m[4]:m[5]])
		for j, w := range ordinals {
			if word != w[0] && word != w[1] || j >= len(o.Choices) {
				continue
			}
			if (noun == "picture" || noun == "image" || noun == "screenshot") && !strings.EqualFold(clean(o.Choices[j]), "Picture "+string(rune('1'+j))) {
				break
			}
			k, rest = j, t[m[5]:]
			break
		}
	}
	if k < 0 {
		return "", whyNone
	}
	if w := strings.Fields(strings.ToLower(rest)); len(w) > 0 && (w[0] == "or" || w[0] == "and" || w[0] == "/" || w[0] == "vs") {
		return "", whyTwo
	}
	if strings.HasPrefix(strings.TrimSpace(rest), "/") {
		return "", whyTwo
	}
	if why := otherLetter(rest, letterOf(k), len(o.Choices)); why != "" {
		return "", why
	}
	return letterOf(k), ""
}

// yesNo reads Yes or No at the start of t; both, or neither, is unparsed.
// Strict allows the one word alone.
func yesNo(t string, strict bool) (string, string) {
	w := strings.Fields(strings.ToLower(t))
	if len(w) == 0 {
		return "", whyEmpty
	}
	first := strings.Trim(w[0], ".,;:!?)(\"'")
	var got string
	switch first {
	case "yes":
		got = "Yes"
	case "no":
		got = "No"
	default:
		return "", whyNoYesNo
	}
	if strict && len(w) > 1 {
		return "", whyNoYesNo
	}
	for _, x := range w[1:] {
		x = strings.Trim(x, ".,;:!?)(\"'")
		if (x == "yes" || x == "no") && !strings.EqualFold(x, got) {
			return "", whyTwo
		}
	}
	return got, ""
}

// leadingLetter reads an option letter at the start of t, in any of the
// forms "A", "(A)", "A.", "A)", "[A]", "Option A", "Plan A", "Picture"
// excluded; it returns the letter in upper case and what follows it.
func leadingLetter(t string, n int) (string, string) {
	for _, p := range []string{"option ", "plan ", "choice "} {
		if len(t) > len(p) && strings.EqualFold(t[:len(p)], p) {
			t = t[len(p):]
			break
		}
	}
	t = strings.TrimLeft(t, "([ ")
	if t == "" {
		return "", ""
	}
	c := t[0]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c < 'A' || int(c-'A') >= n {
		return "", ""
	}
	rest := t[1:]
	if rest != "" {
		r := rest[0]
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return "", "" // a word, not a letter
		}
	}
	if t[0] >= 'a' && t[0] <= 'z' && rest != "" && rest[0] == ' ' {
		return "", "" // "a plan ..." is prose
	}
	return string(c), rest
}

// decoration takes out markdown emphasis, code ticks and quotes.
var decoration = strings.NewReplacer("**", "", "__", "", "`", "", "\"", "", "“", "", "”", "")

// clean trims a reply's decorations: markdown emphasis, quotes, code
// ticks, LaTeX's \boxed{} and \text{} and math dollars, and surrounding
// space.
func clean(s string) string {
	s = decoration.Replace(s)
	if strings.IndexByte(s, '\\') >= 0 {
		s = latex.ReplaceAllString(latex.ReplaceAllString(s, "$1"), "$1")
	}
	if strings.IndexByte(s, '$') >= 0 {
		s = strings.ReplaceAll(s, "$", "")
	}
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "*_'"))
}

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for k := 0; k < len(s); k++ {
		if s[k] >= 0x80 {
			return false
		}
	}
	return true
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}

func letterOf(k int) string { return string(rune('A' + k)) }
