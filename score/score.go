package score

import (
	"fmt"
	"strconv"

	"github.com/formplan/formplan/suites"
)

// Result is one scored reply.
type Result struct {
	Reply
	Q      *Question
	Got    string // the extracted answer, "" when unparsed
	Parsed bool
	// Correct is, for an open-ended question, the suite's main measure:
	// plan_generation a shortest plan that succeeds, next_action a
	// lenient match.
	Correct bool
	// Strict is Correct under strict extraction (see ExtractStrict): the
	// answer given in an answer format, not read out of prose. For an
	// open-ended question it is Correct.
	Strict bool
	// Why says why a reply is unparsed; "" when it is not.
	Why string
	// Open holds the measures of a reply to an open-ended question.
	Open *Open
}

// Run is who answered and how: a model in one prompt style and setting.
// Scores are never pooled over runs.
type Run struct {
	Model       string `json:"model"`
	PromptStyle string `json:"prompt_style,omitempty"`
	Setting     string `json:"setting,omitempty"`
}

// Run returns the run a reply belongs to.
func (r *Reply) Run() Run { return Run{Model: r.Model, PromptStyle: r.PromptStyle, Setting: r.Setting} }

// String names a run as tables show it: "model", or "model (cot,
// caption)".
func (r Run) String() string {
	switch {
	case r.PromptStyle == "" && r.Setting == "":
		return r.Model
	case r.Setting == "":
		return r.Model + " (" + r.PromptStyle + ")"
	case r.PromptStyle == "":
		return r.Model + " (" + r.Setting + ")"
	}
	return r.Model + " (" + r.PromptStyle + ", " + r.Setting + ")"
}

// ScoreReply extracts and scores one reply against d. A reply to an id d
// does not hold is an error naming it, as is a rotation the question
// cannot have.
func (d *Dataset) ScoreReply(rep Reply) (Result, error) {
	q, ok := d.ByID[rep.ID]
	if !ok {
		return Result{}, fmt.Errorf("score: no row with id %s in the dataset: score replies against the directory that asked them", rep.ID)
	}
	if q.Open != nil {
		if rep.Rotation != 0 {
			return Result{}, fmt.Errorf("score: reply to %s has rotation %d, but a %s question has no options to rotate", rep.ID, rep.Rotation, q.Suite)
		}
		return scoreOpen(q, rep), nil
	}
	opts := q.Options
	n := len(opts.Choices)
	if rep.Rotation != 0 {
		if !q.Rotatable() {
			return Result{}, fmt.Errorf("score: reply to %s has rotation %d, but a %s question has no lettered options to rotate", rep.ID, rep.Rotation, q.kind())
		}
		if rep.Rotation < 0 || rep.Rotation >= n {
			return Result{}, fmt.Errorf("score: reply to %s has rotation %d: give 0 to %d, one per option", rep.ID, rep.Rotation, n-1)
		}
		opts.Choices = Rotate(opts.Choices, rep.Rotation)
	}
	back := func(got string) string { // a rotated letter names the dataset's option
		if got != "" && rep.Rotation != 0 {
			return letterOf((int(got[0]-'A') + rep.Rotation) % n)
		}
		return got
	}
	e := explain(rep.Response, opts)
	got := back(e.Lenient)
	strict := back(e.Strict)
	return Result{Reply: rep, Q: q, Got: got, Parsed: got != "", Correct: got != "" && got == q.Answer,
		Strict: strict != "" && strict == q.Answer, Why: e.Why}, nil
}

// Score scores every reply against d (see ScoreReply). A second reply of
// one run to one question in the same rotation is an error naming it.
// Score holds every reply; Tally scores them as a stream.
func Score(d *Dataset, replies []Reply) ([]Result, error) {
	out := make([]Result, 0, len(replies))
	seen := map[Reply]bool{}
	for _, rep := range replies {
		r, err := d.ScoreReply(rep)
		if err != nil {
			return nil, err
		}
		key := Reply{ID: rep.ID, Model: rep.Model, PromptStyle: rep.PromptStyle, Setting: rep.Setting, Rotation: rep.Rotation}
		if seen[key] {
			return nil, fmt.Errorf("score: model %q answers %s twice (prompt style %q, setting %q, rotation %d): give each reply once, or tell the runs apart by model", rep.Model, rep.ID, rep.PromptStyle, rep.Setting, rep.Rotation)
		}
		seen[key] = true
		out = append(out, r)
	}
	return out, nil
}

// Rotate returns choices as shown under rotation k: the option shown
// j-th is choices[(j+k) mod n]. A reply's letter j under rotation k so
// names the dataset's option (j+k) mod n. Rotation 0 is the dataset's own
// order; rotations 0 to n-1 put every option in every place once, which
// is what the circular score asks for.
func Rotate(choices []string, k int) []string {
	n := len(choices)
	out := make([]string, n)
	for j := range out {
		out[j] = choices[(j+k)%n]
	}
	return out
}

// Rotatable reports whether q's options are lettered, so that showing
// them in another order asks the same question: not a Yes/No question,
// and not a free-format one answered by the option's text.
func (q *Question) Rotatable() bool { return q.Open == nil && !q.Options.YesNo && q.Format != "free" }

// kind names the kind of q's options for errors.
func (q *Question) kind() string {
	if q.Options.YesNo {
		return "Yes/No"
	}
	return "free-format"
}

// Dimensions a breakdown can group by.
var Dimensions = []string{"suite", "family", "horizon", "prompt_style", "setting", "image_needed", "order", "format", "protocol"}

// value returns the value of dimension dim for a reply of run to q.
func value(run Run, q *Question, dim string) string {
	switch dim {
	case "suite":
		return q.Suite
	case "family":
		return q.Family
	case "horizon":
		if s, ok := suites.Lookup(q.Suite); ok && s.NoHorizon {
			return "-" // a suite without horizon
		}
		return strconv.Itoa(q.Horizon)
	case "prompt_style":
		return run.PromptStyle
	case "setting":
		return run.Setting
	case "image_needed":
		return strconv.FormatBool(q.ImageNeeded)
	case "order":
		return q.Order
	case "format":
		return q.Format
	case "protocol":
		return q.Protocol
	}
	return ""
}
