package suites

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/templates"
)

// Spec is what every builder needs besides the index.
type Spec struct {
	Seed       uint64
	Families   []forms.Family // questions cycle through them by index
	Choices    int            // options of a multiple-choice question, 2 to 8 (0 means 4)
	HorizonMin int            // future_state: fewest actions before Submit (0 means 1)
	HorizonMax int            // future_state: most actions before Submit (0 means 4)
	// Mix, if set, replaces the round robin over Families: question indices
	// run through the parts in order, each part with its own family, count
	// and horizon range.
	Mix []Part
}

// Part is a run of questions of one family within a suite.
type Part struct {
	Family     int   // index into Spec.Families
	Count      int64 // questions in this part
	HorizonMin int   // 0: the spec's
	HorizonMax int   // 0: the spec's
}

// Even splits n questions over the first families of a spec as evenly as
// possible, the earlier families taking one more when n does not divide.
func Even(n int64, families int) []Part {
	mix := make([]Part, families)
	for k := range mix {
		mix[k] = Part{Family: k, Count: n / int64(families)}
		if int64(k) < n%int64(families) {
			mix[k].Count++
		}
	}
	return mix
}

// Total returns how many questions the mix holds, or -1 without a mix.
func (sp *Spec) Total() int64 {
	if sp.Mix == nil {
		return -1
	}
	var n int64
	for _, p := range sp.Mix {
		n += p.Count
	}
	return n
}

// cell places question index: its family, horizon range and its index among
// the questions of the same part (the round robin over families counts as
// one part per family). Builders balance answers over local indices.
func (sp *Spec) cell(index int64) (fam *forms.Family, lo, hi int, local int64) {
	lo, hi = sp.horizons()
	if sp.Mix == nil {
		nf := int64(len(sp.Families))
		return &sp.Families[index%nf], lo, hi, index / nf
	}
	for _, p := range sp.Mix {
		if index < p.Count {
			if p.HorizonMin > 0 {
				lo, hi = p.HorizonMin, p.HorizonMax
			}
			return &sp.Families[p.Family], lo, hi, index
		}
		index -= p.Count
	}
	p := sp.Mix[len(sp.Mix)-1]
	return &sp.Families[p.Family], lo, hi, index + p.Count
}

func (sp *Spec) choices() int {
	if sp.Choices == 0 {
		return 4
	}
	return sp.Choices
}

func (sp *Spec) horizons() (int, int) {
	lo, hi := sp.HorizonMin, sp.HorizonMax
	if lo == 0 {
		lo = 1
	}
	if hi == 0 {
		hi = max(lo, 4)
	}
	return lo, hi
}

// Validate reports a spec no builder can work with.
func (sp *Spec) Validate() error {
	if len(sp.Families) == 0 {
		return errors.New("suites: no families selected")
	}
	if c := sp.choices(); c < 2 || c > len(Letters) {
		return fmt.Errorf("suites: %d choices: want 2 to %d", c, len(Letters))
	}
	lo, hi := sp.horizons()
	if lo < 1 || hi < lo || hi > MaxHorizon {
		return fmt.Errorf("suites: horizon %d-%d: want 1 <= MIN <= MAX <= %d", lo, hi, MaxHorizon)
	}
	for k, p := range sp.Mix {
		if p.Family < 0 || p.Family >= len(sp.Families) || p.Count < 0 {
			return fmt.Errorf("suites: mix part %d: family %d, count %d out of range", k, p.Family, p.Count)
		}
		if p.HorizonMin != 0 && (p.HorizonMin < 1 || p.HorizonMax < p.HorizonMin || p.HorizonMax > MaxHorizon) {
			return fmt.Errorf("suites: mix part %d: horizon %d-%d: want 1 <= MIN <= MAX <= %d", k, p.HorizonMin, p.HorizonMax, MaxHorizon)
		}
	}
	return nil
}

// MaxHorizon is the longest future_state plan (actions before Submit).
const MaxHorizon = 12

// Suite is one kind of question.
type Suite struct {
	Name    string // public name, used in flags, file paths and the dataset card
	Summary string // one sentence on what it tests
	// Build returns question index of the suite. It must depend only on the
	// spec and index, drawing randomness from Source(spec.Seed, Name, index).
	Build func(sp *Spec, index int64) (Question, error)
}

var registry []Suite

// Register adds a suite. It panics on a duplicate name, a programming error.
func Register(s Suite) {
	if _, ok := Lookup(s.Name); ok {
		panic("suites: duplicate suite " + s.Name)
	}
	registry = append(registry, s)
}

// All returns the registered suites in registration order.
func All() []Suite { return slices.Clone(registry) }

// Names returns the registered suite names.
func Names() []string {
	var n []string
	for _, s := range registry {
		n = append(n, s.Name)
	}
	return n
}

// Lookup returns the suite called name.
func Lookup(name string) (Suite, bool) {
	for _, s := range registry {
		if s.Name == name {
			return s, true
		}
	}
	return Suite{}, false
}

// errRetry marks a draw that did not give a usable question; the builder
// draws again from the same source.
var errRetry = errors.New("retry")

// maxDraws bounds how often a builder draws again before giving up.
const maxDraws = 2000

// option is one candidate plan of a multiple-choice question.
type option struct {
	plan  []statesim.Action // including the final Submit
	label string            // "correct" or the mistake
}

// assembleMCQ puts options (the first one correct) in a random display
// order, checks that exactly the first reaches the goal and that no two
// options read the same, and fills the question's choice fields.
func assembleMCQ(q *Question, f *forms.Form, start statesim.State, g statesim.Goal, opts []option, rng *rand.Rand) error {
	// Simulate first: most rejected draws fail here, before any text is made.
	fin := make([]statesim.State, len(opts))
	valid := make([]bool, len(opts))
	all := make(statesim.State, len(opts)*len(start)) // every final state, in one allocation
	for j, o := range opts {
		for k := 0; k < j; k++ {
			if slices.Equal(opts[k].plan, o.plan) {
				return errRetry
			}
		}
		mine := all[j*len(start) : (j+1)*len(start) : (j+1)*len(start)]
		out, err := statesim.RunTo(f, start, o.plan, mine)
		ok := err == nil && out.Submitted && g.Met(f, out.Final)
		if ok != (j == 0) {
			return errRetry
		}
		if err == nil {
			fin[j], valid[j] = out.Final, true
		}
	}
	texts := make([]string, len(opts))
	var words wording
	for j, o := range opts {
		texts[j] = planText(f, o.plan, &words)
		if slices.Contains(texts[:j], texts[j]) {
			return errRetry
		}
	}
	perm := rng.Perm(len(opts))
	n := len(opts)
	q.Choices, q.Labels = make([]string, n), make([]string, n)
	q.Meta.Plans, q.Meta.Finals, q.Meta.Valid = make([][]statesim.Action, n), make([]statesim.State, n), make([]bool, n)
	for k, j := range perm {
		q.Choices[k] = texts[j]
		q.Labels[k] = opts[j].label
		q.Meta.Plans[k] = opts[j].plan
		q.Meta.Finals[k] = fin[j]
		q.Meta.Valid[k] = valid[j]
		if j == 0 {
			q.AnswerIdx = k
			q.Answer = Letters[k : k+1]
		}
	}
	q.Meta.Answer = q.Answer
	return nil
}

// finishMCQ completes a multiple-choice question about start on form f
// whose Horizon and Meta (with Goal g) are set: it assembles the options
// (see assembleMCQ), words the goal now that the question is kept, and fills
// the task, the question (lead asks it), the caption and image_needed.
func finishMCQ(q *Question, f *forms.Form, start statesim.State, g *statesim.Goal, opts []option, lead string, rng *rand.Rand) error {
	if err := assembleMCQ(q, f, start, *g, opts, rng); err != nil {
		return err
	}
	g.Text = statesim.Instruction(f, g.Wants)
	q.Task = g.Text
	q.Question = "Task: " + g.Text + "\nThe screenshot shows the form now. " + lead + "\n" + optionList(q.Choices)
	q.Caption = statesim.Describe(f, start)
	q.ImageNeeded = mcqImageNeeded(f, start, *g, q.Meta.Plans, q.AnswerIdx)
	return nil
}

// whichPlan is the question most multiple-choice suites ask.
const whichPlan = "Which plan completes the task from this state?"

// optionList renders choices as "A. ..." blocks for a question text.
func optionList(choices []string) string {
	var b strings.Builder
	n := 0
	for _, c := range choices {
		n += len(c) + 4
	}
	b.Grow(n)
	for k, c := range choices {
		if k > 0 {
			b.WriteByte('\n')
		}
		b.WriteByte(Letters[k])
		b.WriteString(".\n")
		b.WriteString(c)
	}
	return strings.TrimRight(b.String(), "\n")
}

// build runs draw until it returns a question or maxDraws is reached.
func build(name string, sp *Spec, index int64, draw func(rng *rand.Rand, fam *forms.Family) (Question, error)) (Question, error) {
	rng := Source(sp.Seed, name, index)
	fam, _, _, _ := sp.cell(index)
	for n := 0; n < maxDraws; n++ {
		q, err := draw(rng, fam)
		if errors.Is(err, errRetry) {
			continue
		}
		if err != nil {
			return Question{}, fmt.Errorf("suites: %s %d: %w", name, index, err)
		}
		q.Suite, q.Family, q.Index = name, fam.Name, index
		if err := addPrompts(&q); err != nil {
			return Question{}, err
		}
		return q, nil
	}
	return Question{}, fmt.Errorf("suites: %s %d: no usable question of family %q after %d draws: the family's forms may be too small for this suite", name, index, fam.Name, maxDraws)
}

// addPrompts fills the question's Instruct and CoT prompts.
func addPrompts(q *Question) error {
	d := templates.PromptData{Question: q.Question, Format: q.Meta.Format}
	letters := make([]string, len(q.Choices))
	for k := range q.Choices {
		letters[k] = Letters[k : k+1]
	}
	d.Letters = strings.Join(letters[:len(letters)-1], ", ") + " or " + letters[len(letters)-1]
	var err error
	if q.PromptInstruct, err = templates.Prompt(q.Suite, templates.Instruct, d); err != nil {
		return err
	}
	q.PromptCoT, err = templates.Prompt(q.Suite, templates.CoT, d)
	return err
}
