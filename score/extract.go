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

// marker finds answer markers: "Answer:", "OUTPUT:", "OUTPUT CHOICE:",
// "Final answer:", with the text after them up to the end of the line.
var marker = regexp.MustCompile(`(?im)(?:final\s+answer|answer|output(?:\s+choice)?)\s*(?:is)?\s*[:：]\s*(.*)$`)

// answerIs finds "the answer is X" and "answer: X"-like phrasings without
// a colon, up to the end of the line.
var answerIs = regexp.MustCompile(`(?im)\b(?:the\s+)?(?:correct\s+|final\s+)?(?:answer|option|choice|plan)\s+is\s+(.*)$`)

// Extract returns the answer of reply: a letter ("A" to "H"), "Yes" or
// "No", and true; or "" and false when the reply holds no well-formed
// answer or two different ones (unparsed, never guessed).
//
// The last answer marker counts ("Answer: X", the paper protocol's
// "OUTPUT: X", "The answer is X"), so reasoning before it is ignored.
// Without a marker the whole reply must be one answer: a bare letter,
// "(X)", "X.", bold "**X**", "X. <option text>", an option's text alone
// (such as "Picture 1"), or Yes/No.
func Extract(reply string, o Options) (string, bool) {
	for _, re := range []*regexp.Regexp{marker, answerIs} {
		if m := re.FindAllStringSubmatch(reply, -1); len(m) > 0 {
			return one(m[len(m)-1][1], o)
		}
	}
	return one(reply, o)
}

// one reads a text that should hold exactly one answer.
func one(s string, o Options) (string, bool) {
	t := clean(s)
	if t == "" {
		return "", false
	}
	if o.YesNo {
		return yesNo(t)
	}
	// An option's text alone (such as "Picture 1"), or its letter and text.
	bare := strings.TrimRight(t, ".!")
	for k, c := range o.Choices {
		if strings.EqualFold(bare, clean(c)) {
			return letterOf(k), true
		}
	}
	first, rest := leadingLetter(t, len(o.Choices))
	if first == "" {
		return "", false
	}
	rest = strings.TrimSpace(strings.Trim(rest, ".:)]-—– "))
	if rest == "" {
		return first, true
	}
	k := int(first[0] - 'A')
	if ct := clean(o.Choices[k]); strings.HasPrefix(strings.ToLower(rest), strings.ToLower(firstLine(ct))) {
		return first, true // "D. 1. Click HZ ..."
	}
	// Another standalone letter in the rest ("A or B", "A, C") makes two
	// answers; other words ("D, because ...") do not.
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		if len(w) == 1 && w[0] >= 'A' && int(w[0]-'A') < len(o.Choices) && w != first {
			return "", false
		}
	}
	return first, true
}

// yesNo reads Yes or No at the start of t; both, or neither, is unparsed.
func yesNo(t string) (string, bool) {
	w := strings.Fields(strings.ToLower(t))
	if len(w) == 0 {
		return "", false
	}
	first := strings.Trim(w[0], ".,;:!?)(\"'")
	var got string
	switch first {
	case "yes":
		got = "Yes"
	case "no":
		got = "No"
	default:
		return "", false
	}
	for _, x := range w[1:] {
		x = strings.Trim(x, ".,;:!?)(\"'")
		if (x == "yes" || x == "no") && !strings.EqualFold(x, got) {
			return "", false
		}
	}
	return got, true
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

// clean trims a reply's decorations: markdown emphasis, quotes, code
// ticks and surrounding space.
func clean(s string) string {
	s = strings.NewReplacer("**", "", "__", "", "`", "", "\"", "", "“", "", "”", "").Replace(s)
	return strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "*_'"))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}

func letterOf(k int) string { return string(rune('A' + k)) }
