package score

import "strings"

// Label kinds: what the option a reply chose does, from the row's
// option_labels, with the details (which element, which step) dropped so
// that choices can be counted across rows.
const (
	KindCorrect    = "correct"
	KindEndsWrong  = "ends in a wrong state"
	KindImpossible = "has a step the form cannot do"
	KindNoSubmit   = "never hits Submit"
	KindSameStates = "the states are the same"
	KindDiffer     = "the states differ"
	KindLater      = "the later picture"
	KindMisread    = "misreads the screenshot"
	KindUnparsed   = "unparsed"
)

// Kinds lists the label kinds in the order reports show them.
var Kinds = []string{KindCorrect, KindEndsWrong, KindImpossible, KindNoSubmit, KindSameStates, KindDiffer, KindLater, KindMisread, KindUnparsed}

// LabelKind returns the kind of an option label (see docs/SCHEMA.md,
// "Choices and option_labels"), or the label itself when it is of none of
// the known kinds.
func LabelKind(label string) string {
	switch {
	case label == "correct":
		return KindCorrect
	case strings.HasPrefix(label, "ends where "):
		return KindEndsWrong
	case strings.HasSuffix(label, " cannot be done on this form"):
		return KindImpossible
	case label == "never hits Submit":
		return KindNoSubmit
	case label == "the final states are the same":
		return KindSameStates
	case label == "the final states differ":
		return KindDiffer
	case label == "shown later in the run":
		return KindLater
	case strings.HasPrefix(label, "the screenshot shows otherwise: "):
		return KindMisread
	}
	return label
}

// Choice counts, for one run and suite, how often its replies chose an
// option of each label kind.
type Choice struct {
	Model       string         `json:"model"`
	PromptStyle string         `json:"prompt_style,omitempty"`
	Setting     string         `json:"setting,omitempty"`
	Suite       string         `json:"suite"`
	N           int            `json:"n"`
	Counts      map[string]int `json:"counts"` // label kind -> replies
}

// Run returns the run of the choices.
func (c *Choice) Run() Run {
	return Run{Model: c.Model, PromptStyle: c.PromptStyle, Setting: c.Setting}
}

// Choices returns the label kinds chosen by every run on every suite with
// options, in the order they first appear.
func Choices(results []Result) []Choice { return tallyOf(results, nil).Summary().Choices }

type choiceKey struct {
	run   Run
	suite string
}

// choiceTally gathers the choices of every run.
type choiceTally struct {
	index map[choiceKey]int
	out   []Choice
}

func (t *choiceTally) add(r *Result) {
	if r.Q.Open != nil {
		return // no options to choose
	}
	run := r.Run()
	k := choiceKey{run, r.Q.Suite}
	j, ok := t.index[k]
	if !ok {
		j = len(t.out)
		t.index[k] = j
		t.out = append(t.out, Choice{Model: run.Model, PromptStyle: run.PromptStyle, Setting: run.Setting, Suite: r.Q.Suite, Counts: map[string]int{}})
	}
	c := &t.out[j]
	c.N++
	kind := KindUnparsed
	if r.Parsed {
		kind = r.chosenKind()
	}
	c.Counts[kind]++
}

// chosenKind returns the label kind of the option r chose (in the
// dataset's order).
func (r *Result) chosenKind() string {
	var k int
	switch {
	case r.Q.Options.YesNo && r.Got == "No":
		k = 1
	case !r.Q.Options.YesNo:
		k = int(r.Got[0] - 'A')
	}
	if k < len(r.Q.Labels) {
		return LabelKind(r.Q.Labels[k])
	}
	return KindUnparsed
}
