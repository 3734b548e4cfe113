package suites

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/templates"
)

// TestPromptText renders the prompts of every suite, in both styles, under
// formplan's protocol and the paper's, at 2, 4 and 8 options, for real
// questions on every built-in family, and fails on a glitch in their text:
// a sentence written twice, two sentences that say the same thing, a
// sentence run into the next without its full stop, or stray spaces.
func TestPromptText(t *testing.T) {
	settings := []struct {
		name string
		sp   Spec
	}{
		{"defaults", Spec{}},
		{"2 options", Spec{Choices: 2}},
		{"8 options", Spec{Choices: 8}},
		{"paper protocol", Spec{Protocol: Paper}},
	}
	formats := map[string]map[string]bool{} // "suite, protocol" -> the reply formats seen
	for _, s := range DrawnSuites() {
		for _, set := range settings {
			qs := promptRows(t, s, set.sp)
			if set.name == "defaults" {
				qs = append(qs, rows(t, s.Name)...)
			}
			if len(qs) == 0 {
				continue // the setting is refused for this suite
			}
			seen := map[string]bool{} // glitches already reported, one line each
			for _, q := range qs {
				cell := fmt.Sprintf("%s, protocol %q", s.Name, q.Meta.Protocol)
				if formats[cell] == nil {
					formats[cell] = map[string]bool{}
				}
				formats[cell][q.Meta.Format] = true
				names := formNames(&q.Meta.Form)
				for _, p := range []struct{ style, text string }{
					{templates.Instruct, q.PromptInstruct},
					{templates.CoT, q.PromptCoT},
				} {
					for _, g := range promptGlitches(p.text, names) {
						if k := p.style + ": " + g; !seen[k] {
							seen[k] = true
							t.Errorf("%s, %s, %s, question %d: %s\nprompt:\n%s", s.Name, set.name, p.style, q.Index, g, p.text)
						}
					}
				}
			}
		}
	}
	// Every template must have been rendered: both protocols of every
	// suite, and both reply formats where a suite has two.
	for _, s := range DrawnSuites() {
		for _, protocol := range []string{"", Paper} {
			cell := fmt.Sprintf("%s, protocol %q", s.Name, protocol)
			want := 1
			if s.Name == "temporal_order" || s.Name == "next_action" {
				want = 2
			}
			if len(formats[cell]) != want {
				t.Errorf("%s: reply formats %v rendered, want %d", cell, formats[cell], want)
			}
		}
	}
}

// promptRows builds a few questions of suite s per built-in family under
// the settings of sp (seed 7, every built-in family), or none when the
// suite refuses them.
func promptRows(t *testing.T, s Suite, sp Spec) []question.Question {
	t.Helper()
	sp.Seed = 7
	sp.Families = forms.Builtins()
	var err error
	if sp.Horizons, err = Fit(s, &sp, false); err != nil {
		return nil
	}
	sp.Mix = Even(int64(8*len(sp.Families)), len(sp.Families))
	var qs []question.Question
	for i := range sp.Total() {
		q, err := s.Build(&sp, i)
		if err != nil {
			t.Fatalf("%s %d: %v", s.Name, i, err)
		}
		qs = append(qs, q)
	}
	return qs
}

// TestPromptGlitches checks the checker: it must find the glitches prompts
// once had, quoted here as they were, and pass the sentences of today's
// prompts that come closest to them.
func TestPromptGlitches(t *testing.T) {
	names := map[string]bool{"KxBfe": true, "Br": true}
	tests := []struct {
		name, text string
		want       string // a part of the one glitch found; "" for none
	}{
		{"a sentence run into the next",
			`Give the action as one line of the language, such as: set the slider to 4 A click may instead be given as the point clicked, {"x": X, "y": Y}, in the screenshot's pixels.`,
			`"4 A"`},
		{"a sentence said twice in other words",
			"Both plans start from the form in the screenshot. Just before Submit is hit, is the form in the same state under Plan A as under Plan B?\n\nBoth plans begin from the exact state in the screenshot. Only the state of the form just before Submit is hit counts.",
			"say the same thing"},
		{"the reply asked for twice",
			"Exactly one option is correct. Reply with its letter (A, B, C or D). Answer with the letter only.",
			"asked for 2 times"},
		{"a sentence written twice",
			"Look at the form. Then answer.\nLook at the form.",
			"written twice"},
		{"a double space", "Look at  the form.", "double space"},
		{"a trailing space", "Look at the form. \nThen answer.", "trailing space"},
		{"names, letters and values after lowercase words",
			"Uncheck KxBfe and click Submit. Select Br. Finish with a last line of the form \"Action: A\", where A is the action. Pick one of A, B, C or D and nothing else. Is the form the same under Plan A as under Plan B? A negative N moves left.",
			""},
		{"a list and an indented block",
			"Write actions in this language:\n  check X / uncheck X\n  submit\n1. Click Br\n2. Hit Submit",
			""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := promptGlitches(tt.text, names)
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("found %q in a sound text", got)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Errorf("found %q, want one glitch with %q", got, tt.want)
			}
		})
	}
}

// formNames returns the words of the names of f's elements, as a prompt
// about f may write them.
func formNames(f *forms.Form) map[string]bool {
	names := map[string]bool{}
	for i := range f.Elements {
		for _, w := range strings.Fields(f.Name(f.RefOf(i))) {
			names[strings.TrimRight(w, ",.:;?!)")] = true
		}
	}
	return names
}

// fixedNames are the capitalised words a prompt may write after a word
// that ends a sentence no more than the capital begins one: the parts and
// actions of a form, the plans, pictures and answers, and the reply's
// field names.
var fixedNames = map[string]bool{
	"Submit": true, "Check": true, "Uncheck": true, "Click": true, "Select": true, "Clear": true,
	"Enter": true, "Type": true, "Move": true, "Hit": true,
	"Plan": true, "Picture": true, "Yes": true, "No": true,
	"JSON": true, "OUTPUT": true, "REASONING": true,
}

// quoted matches a quoted text: what a step types, a reply's exact words.
var quoted = regexp.MustCompile(`"[^"\n]*"`)

// replyOpenings begin the sentences that say how to reply; a prompt says
// it once.
var replyOpenings = []string{"reply with", "answer with", "finish with", "write your reply"}

// promptGlitches returns the glitches of a prompt's text, one line each,
// given the words of the form's names:
//
//   - a line that ends in a space, or two spaces in a row past a line's
//     indentation;
//   - a sentence run into the next: on one line, a word that ends with a
//     lowercase letter or a digit followed by a capitalised word that is
//     no name (of the form's elements, of fixedNames, or a capital letter
//     standing for a value or an option; "A" counts as the article when a
//     lowercase word other than is, or and and follows it, unless a fixed
//     name goes before it, as in "Plan A"); text in quotes is passed over;
//   - a sentence written twice (the same words, whatever the spaces);
//   - two sentences that say the same thing: of at least five words each,
//     opening with the same two words and ending with the same two;
//   - the reply asked for more than once: several sentences opening with
//     one of replyOpenings.
//
// A sentence here is a run of text on one line ending with a full stop,
// question mark or exclamation mark, of at least three words; lists,
// headings and plan steps are none, so they may repeat.
func promptGlitches(p string, names map[string]bool) []string {
	var out []string
	var sentences []string
	for _, line := range strings.Split(p, "\n") {
		if strings.TrimRight(line, " \t") != line {
			out = append(out, fmt.Sprintf("trailing space in %q", line))
		}
		if strings.Contains(strings.TrimLeft(line, " "), "  ") {
			out = append(out, fmt.Sprintf("double space in %q", line))
		}
		words := strings.Fields(quoted.ReplaceAllString(line, `"…"`))
		for k := 1; k < len(words); k++ {
			if runOn(words, k, names) {
				out = append(out, fmt.Sprintf("no sentence break in %q: %q", line, words[k-1]+" "+words[k]))
			}
		}
		sentences = append(sentences, lineSentences(line)...)
	}
	norm := make([]string, len(sentences))
	for k, s := range sentences {
		norm[k] = strings.ToLower(strings.Join(strings.Fields(s), " "))
	}
	replies := 0
	for k, s := range norm {
		for _, open := range replyOpenings {
			if strings.HasPrefix(s, open) {
				replies++
			}
		}
		for _, o := range norm[:k] {
			switch {
			case o == s:
				out = append(out, fmt.Sprintf("sentence written twice: %q", sentences[k]))
			case sameThing(o, s):
				out = append(out, fmt.Sprintf("two sentences say the same thing: %q and %q", o, s))
			}
		}
	}
	if replies > 1 {
		out = append(out, fmt.Sprintf("the reply is asked for %d times", replies))
	}
	return out
}

// runOn reports whether words[k] begins a sentence that words[k-1] did not
// end: see promptGlitches.
func runOn(words []string, k int, names map[string]bool) bool {
	last, _ := utf8.DecodeLastRuneInString(words[k-1])
	first, _ := utf8.DecodeRuneInString(words[k])
	if !(unicode.IsLower(last) || unicode.IsDigit(last)) || !unicode.IsUpper(first) {
		return false
	}
	w := strings.TrimRight(words[k], ",.:;?!)")
	if names[w] || fixedNames[w] {
		return false
	}
	if utf8.RuneCountInString(w) == 1 && w != "A" {
		return false // a letter for a value or an option: X, N, B
	}
	if w == "A" {
		if fixedNames[words[k-1]] {
			return false // "Plan A"
		}
		if w != words[k] || k+1 == len(words) {
			return false // "of A, B", "Action: A"
		}
		next, _ := utf8.DecodeRuneInString(words[k+1])
		return unicode.IsLower(next) && words[k+1] != "is" && words[k+1] != "or" && words[k+1] != "and"
	}
	return true
}

// lineSentences returns the sentences of one line: see promptGlitches.
func lineSentences(line string) []string {
	var out []string
	start := 0
	for k := 0; k < len(line); k++ {
		if c := line[k]; c != '.' && c != '?' && c != '!' {
			continue
		}
		if k+1 < len(line) && line[k+1] != ' ' {
			continue
		}
		if s := strings.TrimSpace(line[start : k+1]); len(strings.Fields(s)) >= 3 {
			out = append(out, s)
		}
		start = k + 1
	}
	return out
}

// sameThing reports whether two normalised sentences of at least five
// words open with the same two words and end with the same two.
func sameThing(a, b string) bool {
	x, y := strings.Fields(strings.TrimRight(a, ".?!")), strings.Fields(strings.TrimRight(b, ".?!"))
	if len(x) < 5 || len(y) < 5 {
		return false
	}
	return strings.Join(x[:2], " ") == strings.Join(y[:2], " ") &&
		strings.Join(x[len(x)-2:], " ") == strings.Join(y[len(y)-2:], " ")
}
