package suites

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/templates"
	"github.com/formplan/formplan/textonly"
)

// Suite is one kind of question.
type Suite struct {
	Name    string // public name, used in flags, file paths and the dataset card
	Summary string // one sentence on what it tests
	Horizon string // what the horizon counts in this suite, in words
	// Paper says, in words, what the Paper protocol changes in this suite.
	Paper string
	// PaperHorizon is the horizon range the seed paper uses for the suite
	// (zero: none in particular), which the Paper protocol takes when the
	// run asks for none.
	PaperHorizon Range
	// OptIn marks a suite a run makes only when --suites names it: it is
	// not among Defaults.
	OptIn bool
	// Paired marks a suite whose rows are made from other suites' rows
	// (gen --probes), not drawn by index: --suites cannot name it.
	Paired bool
	// Probe marks a suite whose rows are perception probes, not planning
	// rows: gen --probes pairs none with them.
	Probe bool
	// Open marks a suite that asks for a plan or an action instead of a
	// choice: its rows have no options, and their answer is a gold reply.
	Open bool
	// NoHorizon marks a suite whose questions have no horizon (perception):
	// its cells are families alone, its rows carry horizon 0, and a run's
	// horizon range does not apply to it.
	NoHorizon bool
	// PaperPlans words the plans the paper-structured prompts show, where
	// they are not the options (nil: the options, lettered).
	PaperPlans func(q *question.Question) string
	// Group is how many rows ask about one item under the Paper protocol
	// (0 or 1: each row its own item). Counts must then be multiples of it.
	Group int
	// Build returns question index of the suite. It depends only on the
	// spec and index, drawing randomness from Source(spec.Seed, Name, index).
	// Register sets it from the suite's draw function.
	Build func(sp *Spec, index int64) (question.Question, error)
	// Draws returns the questions index of the suite can be, in the order
	// its source gives them: the first is Build's, and each next one is
	// drawn on from where the source stopped, in the same cell (family,
	// horizon, answer slot), so a caller that refuses a question (one that
	// another row already asks) takes the next. Under the Paper protocol
	// every row of a group walks the group's source, so the rows of a group
	// agree on the item at every place of the sequence. A question not
	// found within Build's budget of draws ends the sequence with an error.
	Draws func(sp *Spec, index int64) iter.Seq2[question.Question, error]
	// draw makes one attempt at a question of cell c from rng; errRetry
	// asks for another attempt from where rng now is.
	draw func(c *cell, rng *rand.Rand) (question.Question, error)

	// What the packages that read questions back look up: the readers of
	// the text alone (blind), how a reply is judged (score, the report),
	// what the card and harness files say of the suite (export).

	// Scoring is how a reply is judged; Open says the same as
	// Scoring.Open.
	Scoring Scoring
	// Readers read the text alone of a question with options: each picks
	// an option, and none may beat chance. PaperReaders are added to them
	// for a question made under the Paper protocol, reading what that
	// protocol adds. A suite scored ByPoint has readers too: their
	// options are the elements the question may name (GroundTargets).
	Readers, PaperReaders []textonly.Reader
	// OpenReaders read the text alone of an open question (Open): each
	// ranks the task's wants, and the reply is written from the ranking
	// as Scoring asks (a plan or the next action).
	OpenReaders []textonly.OpenReader
	// PaperCaveat is a limitation the dataset card states when the
	// dataset holds rows of the suite made under the Paper protocol.
	PaperCaveat string

	// What package verify checks of the suite's rows beyond what every
	// suite shares. Every suite registers a Check (a test makes sure).

	// Pictures is how many pictures a row of the suite shows: 1 or 2.
	Pictures int
	// NoGoal marks a suite whose rows have neither a goal in their
	// metadata nor a task.
	NoGoal bool
	// NoPlans marks a suite whose rows show no plans: their metadata has
	// none (perception).
	NoPlans bool
	// Check adds to r.P what is wrong with a row of the suite that the
	// checks every suite shares do not find: its labels against the
	// re-simulation, its options, starts, history and image_needed. It
	// runs on a row whose metadata decodes to a well-formed form, start
	// and pictured states; for an Open suite, only on a row with one plan
	// and a goal.
	Check func(r *rowcheck.Row)
}

var registry []Suite

// register adds a suite. It panics on a duplicate name, a programming error.
func register(s Suite) {
	if _, ok := Lookup(s.Name); ok {
		panic("suites: duplicate suite " + s.Name)
	}
	// A suite scored by a point has its readers pick one of the elements
	// the question may name (GroundTargets): Readers, like a choice's.
	ranks := s.Open && s.Scoring != ByPoint
	if s.Open != s.Scoring.Open() || (ranks && s.OpenReaders == nil) || (!ranks && s.Readers == nil) {
		panic("suites: " + s.Name + " registers readers or a scoring that do not fit its questions")
	}
	draw, name, group := s.draw, s.Name, int64(max(s.Group, 1))
	// cellOf returns the cell of row index and the size of its group.
	// Under Paper every row of a group draws the same item from the
	// group's source; the row's member number picks what differs.
	// Otherwise every row is a group of one.
	cellOf := func(sp *Spec, index int64) (cell, int64) {
		unit := int64(1)
		if sp.Protocol == Paper {
			unit = group
		}
		c := sp.placeIn(name, index/unit, unit, s.NoHorizon)
		c.member = int(index % unit)
		return c, unit
	}
	s.Build = func(sp *Spec, index int64) (question.Question, error) {
		c, unit := cellOf(sp, index)
		q, err := build(&c, draw, maxDraws)
		q.Index, q.Group = index, index-index%unit
		return q, err
	}
	s.Draws = func(sp *Spec, index int64) iter.Seq2[question.Question, error] {
		return func(yield func(question.Question, error) bool) {
			c, unit := cellOf(sp, index)
			rng := Source(c.sp.Seed, c.suite, c.index)
			for {
				q, err := next(&c, draw, rng, maxDraws)
				q.Index, q.Group = index, index-index%unit
				if !yield(q, err) || err != nil {
					return
				}
			}
		}
	}
	registry = append(registry, s)
}

// errRetry marks a draw that did not give a usable question; the builder
// draws again from the same source.
var errRetry = errors.New("retry")

// maxDraws bounds how often a builder draws again before giving up.
const maxDraws = 2000

// build runs draw until it returns a question or draws attempts are spent.
func build(c *cell, draw func(c *cell, rng *rand.Rand) (question.Question, error), draws int) (question.Question, error) {
	return next(c, draw, Source(c.sp.Seed, c.suite, c.index), draws)
}

// next runs draw on rng, from where it stands, until it returns a question
// or draws attempts are spent.
func next(c *cell, draw func(c *cell, rng *rand.Rand) (question.Question, error), rng *rand.Rand, draws int) (question.Question, error) {
	for n := 0; n < draws; n++ {
		q, err := draw(c, rng)
		if errors.Is(err, errRetry) {
			continue
		}
		if err != nil {
			return question.Question{}, fmt.Errorf("suites: %s %d: %w", c.suite, c.index, err)
		}
		q.Suite, q.Family, q.Horizon = c.suite, c.fam.Name, c.h
		q.Meta.Protocol = c.sp.Protocol
		note := FormNote(&q.Meta.Form)
		if note != "" {
			q.Question = note + "\n" + q.Question
		}
		if err := addPrompts(&q, note); err != nil {
			return question.Question{}, err
		}
		return q, nil
	}
	return question.Question{}, fmt.Errorf("suites: %s %d: no usable question of family %q at horizon %d with %d options after %d draws: run gen with --horizon and --choices the family allows",
		c.suite, c.index, c.fam.Name, c.h, c.sp.choices(), draws)
}

// addPrompts fills the question's Instruct and CoT prompts; note is the
// form's line of conditions (FormNote), already at the head of q.Question.
func addPrompts(q *question.Question, note string) error {
	d := templates.PromptData{Question: q.Question, Format: q.Meta.Format, Protocol: q.Meta.Protocol, Task: q.Task}
	if len(q.Choices) == 0 || !templates.HasPaper(q.Suite) {
		// An open-ended suite, or one the paper has no counterpart of:
		// its own prompts under either protocol.
		d.Protocol = ""
		var err error
		if q.PromptInstruct, err = templates.Prompt(q.Suite, templates.Instruct, d); err != nil {
			return err
		}
		q.PromptCoT, err = templates.Prompt(q.Suite, templates.CoT, d)
		return err
	}
	letters := make([]string, len(q.Choices))
	for k := range q.Choices {
		letters[k] = question.Letters[k : k+1]
	}
	d.Letters = strings.Join(letters[:len(letters)-1], ", ") + " or " + letters[len(letters)-1]
	if d.Protocol == Paper {
		paperParts(q, &d)
		// The paper's prompts take the task and plans, not the question:
		// a form's conditions go before the task, or the plans.
		switch {
		case note != "" && d.Task != "":
			d.Task = note + "\n" + d.Task
		case note != "":
			d.Plans = note + "\n" + d.Plans
		}
	}
	var err error
	if q.PromptInstruct, err = templates.Prompt(q.Suite, templates.Instruct, d); err != nil {
		return err
	}
	q.PromptCoT, err = templates.Prompt(q.Suite, templates.CoT, d)
	return err
}

// paperParts fills the parts of q that the paper-structured prompts take
// one by one: the plans (or options) worded, and the plans' common length
// where every option has the same.
func paperParts(q *question.Question, d *templates.PromptData) {
	d.Plans = OptionList(q.Choices)
	if s, ok := Lookup(q.Suite); ok && s.PaperPlans != nil {
		d.Plans = s.PaperPlans(q)
	}
	if s, _ := Lookup(q.Suite); s.Scoring != ByLetter {
		return // the options are not plans
	}
	for k, p := range q.Meta.Plans {
		if k > 0 && len(p) != d.PlanLen {
			d.PlanLen = 0
			return
		}
		d.PlanLen = len(p)
	}
}

// OptionList renders choices as the lettered blocks a multiple-choice
// question text ends with: "A.\n<choice>\nB.\n<choice>...".
func OptionList(choices []string) string {
	var b strings.Builder
	for k, c := range choices {
		if k > 0 {
			b.WriteByte('\n')
		}
		b.WriteByte(question.Letters[k])
		b.WriteString(".\n")
		b.WriteString(c)
	}
	return strings.TrimRight(b.String(), "\n")
}

// probeDraws is the budget of each question fits tries: a twentieth of
// what a real question may take. A cell where one draw in k succeeds
// passes four probes only when k is not much above probeDraws, and then a
// real question runs out of draws with odds near exp(-20), so a run never
// stops part way on a cell that was let in.
const probeDraws = maxDraws / 20

// fits reports whether family fi of sp can give the suite's questions at
// horizon h: it tries a few questions of that cell with a small budget.
func (s *Suite) fits(sp *Spec, fi, h int) bool {
	probe := *sp
	probe.Mix = []Part{{Family: fi, Count: 1 << 40, Horizon: Range{Min: h, Max: h}}}
	probe.Horizons = nil
	for _, index := range []int64{0, 1, 2, 3} {
		c := probe.placeIn(s.Name, index, 1, s.NoHorizon)
		if _, err := build(&c, s.draw, probeDraws); err != nil {
			return false
		}
	}
	return true
}

// Fit checks, before anything is generated, that every family of sp can
// give the suite's questions at every horizon it asks for, and returns
// what it found: per family the horizons it will cycle through, for the
// caller to set as sp.Horizons (Fit reads sp and leaves it as it is).
// With strict set (the horizon range was asked for), a horizon a family
// cannot give is an error naming the horizons that family allows;
// otherwise such horizons are left out for that family, a family left
// with none takes the smallest horizon above the range it allows, and
// only a family allowing none up to MaxHorizon is an error. Every family
// that fails is named, one line each.
func Fit(s Suite, sp *Spec, strict bool) ([][]int, error) {
	if err := sp.Validate(); err != nil {
		return nil, err
	}
	if s.NoHorizon {
		return nil, s.fitFree(sp)
	}
	if sp.Protocol == Paper && s.Group > 1 {
		for _, p := range sp.Mix {
			if p.Count%int64(s.Group) != 0 {
				return nil, fmt.Errorf("suites: %s asks about each item in %d rows under --protocol %s, but %s has %d questions: give counts that are multiples of %d",
					s.Name, s.Group, Paper, sp.Families[p.Family].Name, p.Count, s.Group)
			}
		}
	}
	ranges := map[int]Range{} // family -> the widest range asked of it
	whole := sp.horizons()
	if sp.Mix == nil {
		for fi := range sp.Families {
			ranges[fi] = whole
		}
	}
	for _, p := range sp.Mix {
		r := whole
		if p.Horizon.Min > 0 {
			r = p.Horizon
		}
		if old, ok := ranges[p.Family]; ok {
			r = Range{Min: min(old.Min, r.Min), Max: max(old.Max, r.Max)}
		}
		if p.Count > 0 {
			ranges[p.Family] = r
		}
	}
	found := make([][]int, len(sp.Families))
	// Families are probed at once, each on its own goroutine: a probe
	// depends only on its family and horizon, so the result is the same.
	errs := make([]error, len(sp.Families))
	var wg sync.WaitGroup
	for fi := range sp.Families {
		if r, ok := ranges[fi]; ok {
			wg.Go(func() { found[fi], errs[fi] = s.fitFamily(sp, fi, r, strict) })
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return found, nil
}

// fitFamily returns the horizons family fi will cycle through, given the
// range r asked of it, or why it cannot; see Fit. A family that allows
// every horizon of r returns nil: it takes the range as asked.
func (s *Suite) fitFamily(sp *Spec, fi int, r Range, strict bool) ([]int, error) {
	var good, bad []int
	for h := r.Min; h <= r.Max; h++ {
		if s.fits(sp, fi, h) {
			good = append(good, h)
		} else {
			bad = append(bad, h)
		}
	}
	if len(bad) == 0 {
		return nil, nil
	}
	for h := r.Max + 1; !strict && len(good) == 0 && h <= MaxHorizon; h++ {
		if s.fits(sp, fi, h) {
			good = append(good, h) // the smallest horizon above the range
		}
	}
	if strict || len(good) == 0 {
		with := fmt.Sprintf(" with %d options", sp.choices())
		if s.Open {
			with = ""
		}
		return nil, fmt.Errorf("suites: %s cannot make %s questions of horizon %s%s; %s",
			sp.Families[fi].Name, s.Name, spans(bad), with, s.allowed(sp, fi, r, good))
	}
	return good, nil
}

// allowed words the horizons from 1 to MaxHorizon that family fi allows,
// given those of the range r already found good.
func (s *Suite) allowed(sp *Spec, fi int, r Range, good []int) string {
	var all []int
	for h := 1; h <= MaxHorizon; h++ {
		if h >= r.Min && h <= r.Max {
			if slices.Contains(good, h) {
				all = append(all, h)
			}
		} else if s.fits(sp, fi, h) {
			all = append(all, h)
		}
	}
	if len(all) == 0 && s.Open {
		return "it allows no horizon: its tasks name too few elements for a start that leaves one of them as the task wants; leave the family out"
	}
	if len(all) == 0 {
		return fmt.Sprintf("it allows no horizon at %d options: ask for fewer --choices or leave the family out", sp.choices())
	}
	if s.Open {
		return fmt.Sprintf("it allows horizon %s (largest %d): pass --horizon within that", spans(all), all[len(all)-1])
	}
	return fmt.Sprintf("it allows horizon %s (largest %d): pass --horizon within that, or ask for fewer --choices", spans(all), all[len(all)-1])
}

// spans words a sorted list of horizons as ranges: "1-3, 5".
func spans(hs []int) string {
	var parts []string
	for k := 0; k < len(hs); {
		j := k
		for j+1 < len(hs) && hs[j+1] == hs[j]+1 {
			j++
		}
		if j == k {
			parts = append(parts, fmt.Sprint(hs[k]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", hs[k], hs[j]))
		}
		k = j + 1
	}
	return strings.Join(parts, ", ")
}
