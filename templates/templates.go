// Package templates holds the texts and markup the generator fills in: the
// Instruct and CoT prompt of every suite, and the HTML of a form. They are parsed once from files
// embedded in the binary, with missing keys an error.
package templates

import (
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	"sync"
	"text/template"
)

//go:embed prompts/*.tmpl form.html.tmpl
var files embed.FS

// FormHTML is the MiniWoB-style markup of a form: the "head" template (style
// and the script that keeps a slider's printed value current) and the
// "form" template, whose data is a formview page. It is html/template, so
// labels and task texts from users' configs are escaped, never markup.
var FormHTML = htmltemplate.Must(htmltemplate.New("form").Option("missingkey=error").ParseFS(files, "form.html.tmpl"))

var prompts = template.Must(template.New("prompts").Option("missingkey=error").ParseFS(files, "prompts/*.tmpl"))

// Prompt styles.
const (
	Instruct = "instruct" // answer only
	CoT      = "cot"      // reasoning, then a final answer line
)

// PromptData is what a prompt template may use.
type PromptData struct {
	Question string // the question with its options
	Letters  string // the option letters in use, such as "A, B, C or D"
	Format   string // temporal_order: "mcq" or "free"
	// Protocol "paper" picks the prompts with the seed paper's structure,
	// which take the parts of the question one by one.
	Protocol string
	Task     string // the task alone
	Plans    string // the options (or future_state's Plan A and Plan B), worded
	PlanLen  int    // steps of every option, Submit included (0: not stated)
}

// paperProtocol is the value of PromptData.Protocol that picks the
// paper-structured prompts.
const paperProtocol = "paper"

// Prompt renders the prompt of suite in style (Instruct or CoT).
//
// A prompt's text around the question depends only on the suite, style,
// letters and format, so it is rendered once per combination (with a marker
// where the question goes) and reused.
func Prompt(suite, style string, d PromptData) (string, error) {
	if d.Protocol == paperProtocol {
		return paperPrompt(suite, style, d)
	}
	key := frameKey{suite, style, d.Letters, d.Format}
	f, ok := frames.Load(key)
	if !ok {
		name := suite + "." + style + ".tmpl"
		if prompts.Lookup(name) == nil {
			return "", fmt.Errorf("templates: no %s prompt for suite %q", style, suite)
		}
		var b strings.Builder
		marked := d
		marked.Question = questionMark
		if err := prompts.ExecuteTemplate(&b, name, marked); err != nil {
			return "", fmt.Errorf("templates: %s: %w", name, err)
		}
		before, after, found := strings.Cut(strings.TrimSpace(b.String()), questionMark)
		if !found {
			return "", fmt.Errorf("templates: %s does not show the question", name)
		}
		f, _ = frames.LoadOrStore(key, [2]string{before, after})
	}
	parts := f.([2]string)
	return parts[0] + d.Question + parts[1], nil
}

// questionMark stands for the question while a prompt's frame is rendered.
const questionMark = "\x00question\x00"

type frameKey struct{ suite, style, letters, format string }

// frames caches rendered prompt frames by frameKey.
var frames sync.Map

// HasPaper reports whether suite has prompts with the seed paper's
// structure (prompts/<suite>.paper.<style>.tmpl); a suite the paper has no
// counterpart of has none and keeps its own prompts under that protocol.
func HasPaper(suite string) bool {
	return prompts.Lookup(suite+"."+paperProtocol+"."+Instruct+".tmpl") != nil
}

// paperPrompt renders the paper-structured prompt of suite in style. Its
// text has several parts of the question in it, so it is rendered whole
// each time.
func paperPrompt(suite, style string, d PromptData) (string, error) {
	name := suite + "." + paperProtocol + "." + style + ".tmpl"
	if prompts.Lookup(name) == nil {
		return "", fmt.Errorf("templates: no %s prompt of the %s protocol for suite %q", style, paperProtocol, suite)
	}
	var b strings.Builder
	if err := prompts.ExecuteTemplate(&b, name, d); err != nil {
		return "", fmt.Errorf("templates: %s: %w", name, err)
	}
	return strings.TrimSpace(b.String()), nil
}
