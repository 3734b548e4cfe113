package score

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
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
	// Open holds the measures of a reply to an open-ended question.
	Open *Open
}

// Score extracts and scores every reply against d. A reply to an id d
// does not hold is an error naming it, and so is a second reply of one
// model to one question in the same prompt style, setting and rotation.
func Score(d *Dataset, replies []Reply) ([]Result, error) {
	out := make([]Result, 0, len(replies))
	seen := map[Reply]bool{}
	for _, rep := range replies {
		q, ok := d.ByID[rep.ID]
		if !ok {
			return nil, fmt.Errorf("score: no row with id %s in the dataset: score replies against the directory that asked them", rep.ID)
		}
		key := Reply{ID: rep.ID, Model: rep.Model, PromptStyle: rep.PromptStyle, Setting: rep.Setting, Rotation: rep.Rotation}
		if seen[key] {
			return nil, fmt.Errorf("score: model %q answers %s twice (prompt style %q, setting %q, rotation %d): give each reply once, or tell the runs apart by model", rep.Model, rep.ID, rep.PromptStyle, rep.Setting, rep.Rotation)
		}
		seen[key] = true
		if q.Open != nil {
			if rep.Rotation != 0 {
				return nil, fmt.Errorf("score: reply to %s has rotation %d, but a %s question has no options to rotate", rep.ID, rep.Rotation, q.Suite)
			}
			out = append(out, scoreOpen(q, rep))
			continue
		}
		opts := q.Options
		n := len(opts.Choices)
		if rep.Rotation != 0 {
			if !q.Rotatable() {
				return nil, fmt.Errorf("score: reply to %s has rotation %d, but a %s question has no lettered options to rotate", rep.ID, rep.Rotation, q.kind())
			}
			if rep.Rotation < 0 || rep.Rotation >= n {
				return nil, fmt.Errorf("score: reply to %s has rotation %d: give 0 to %d, one per option", rep.ID, rep.Rotation, n-1)
			}
			opts.Choices = Rotate(opts.Choices, rep.Rotation)
		}
		got, parsed := Extract(rep.Response, opts)
		if parsed && rep.Rotation != 0 {
			got = letterOf((int(got[0]-'A') + rep.Rotation) % n)
		}
		out = append(out, Result{Reply: rep, Q: q, Got: got, Parsed: parsed, Correct: parsed && got == q.Answer})
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

// Responders are the reference replies Respond gives: the gold answer,
// always the first option (A, Picture 1, Yes), Yes or No on the Yes/No
// questions only, and a uniform guess.
//
// On the open-ended suites the oracle gives the gold reply and set-all
// the reply of a reader of the text alone: every wanted value set with an
// action that works from any state (plan_generation), or such an action
// on the first wanted element that no step taken named (next_action).
// It succeeds without looking, but is optimal only by chance. The other
// responders answer only multiple-choice questions, and set-all only
// open-ended ones.
var Responders = []string{"oracle", "always-A", "always-yes", "always-no", "random", "set-all"}

// Respond returns the replies of responder (one of Responders) to every
// question of d, with model set to the responder's name; random draws
// from seed. With circular, a question with lettered options is answered
// under each of its rotations (see Rotate), so that Breakdown can give
// the circular score; others are answered once.
func Respond(d *Dataset, responder string, seed uint64, circular bool) ([]Reply, error) {
	if !slices.Contains(Responders, responder) {
		return nil, fmt.Errorf("score: unknown responder %q: choose from %s", responder, strings.Join(Responders, ", "))
	}
	rng := rand.New(rand.NewPCG(seed, 0x5c0))
	out := make([]Reply, 0, len(d.Order))
	for _, q := range d.Order {
		if q.Open != nil {
			if r, ok := openReply(q, responder); ok {
				out = append(out, Reply{ID: q.ID, Response: r, Model: responder})
			}
			continue
		}
		if (responder == "always-yes" || responder == "always-no") && !q.Options.YesNo || responder == "set-all" {
			continue
		}
		names := optionNames(q)
		n := len(names)
		rotations := 1
		if circular && q.Rotatable() {
			rotations = n
		}
		for rot := range rotations {
			var shown int // the position of the chosen option as shown
			switch responder {
			case "oracle":
				shown = (slices.Index(names, q.Answer) - rot + n) % n
			case "always-A", "always-yes":
				shown = 0
			case "always-no":
				shown = 1
			case "random":
				shown = rng.IntN(n)
			}
			text := "Answer: " + names[shown]
			if q.Format == "free" {
				text = q.Options.Choices[shown] // "Picture 1", as free-format rows ask
			}
			out = append(out, Reply{ID: q.ID, Response: text, Model: responder, Rotation: rot})
		}
	}
	return out, nil
}

// optionNames returns how a reply names each option: Yes and No, or letters.
func optionNames(q *Question) []string {
	if q.Options.YesNo {
		return []string{"Yes", "No"}
	}
	names := make([]string, len(q.Options.Choices))
	for k := range names {
		names[k] = letterOf(k)
	}
	return names
}

// Dimensions a breakdown can group by.
var Dimensions = []string{"suite", "family", "horizon", "prompt_style", "setting", "image_needed", "order", "format", "protocol"}

// value returns result r's value of dimension dim.
func value(r *Result, dim string) string {
	switch dim {
	case "suite":
		return r.Q.Suite
	case "family":
		return r.Q.Family
	case "horizon":
		return strconv.Itoa(r.Q.Horizon)
	case "prompt_style":
		return r.PromptStyle
	case "setting":
		return r.Setting
	case "image_needed":
		return strconv.FormatBool(r.Q.ImageNeeded)
	case "order":
		return r.Q.Order
	case "format":
		return r.Q.Format
	case "protocol":
		return r.Q.Protocol
	}
	return ""
}

// Cell is one line of a breakdown for one model: how many replies, how
// many right, how many unparsed, and the accuracy with its 95% Wilson
// interval.
type Cell struct {
	Model    string            `json:"model"`
	Key      map[string]string `json:"key"`
	N        int               `json:"n"`
	Correct  int               `json:"correct"`
	Unparsed int               `json:"unparsed"`
	Accuracy float64           `json:"accuracy"`
	Low      float64           `json:"low"`
	High     float64           `json:"high"`
	// Chance is the mean over the cell's replies of what a reader of the
	// text alone scores at most: 1/options for a multiple-choice question,
	// the row's bound (metadata "chance") for an open-ended one.
	Chance float64 `json:"chance"`
	// Metrics holds, for open-ended questions, the mean of each of their
	// measures (see Open): plan_generation success, optimal, partial,
	// valid, repeats, and efficiency over successful plans; next_action
	// strict, lenient, points (the share given as click points) and in_box
	// over the click points.
	Metrics map[string]float64 `json:"metrics,omitempty"`
	// Circular counts the questions answered under every rotation of their
	// options, and how many of them were right under all of them; nil
	// when there are none.
	Circular *Circular `json:"circular,omitempty"`
}

// Circular is the circular score of a cell: a question counts as right
// only when every rotation of its options was answered right.
type Circular struct {
	N        int     `json:"n"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
}

// Breakdown groups results by model and by the dimensions dims, in the
// order the groups first appear.
func Breakdown(results []Result, dims []string) []Cell {
	index := map[string]int{}
	var cells []Cell
	type item struct {
		cell     int
		seen     uint64 // a bit per rotation answered
		n        int    // options
		allRight bool
	}
	items := map[[3]string]*item{} // model+id, prompt style, setting
	var itemOrder []*item
	for i := range results {
		r := &results[i]
		key := map[string]string{}
		parts := []string{r.Model}
		for _, d := range dims {
			key[d] = value(r, d)
			parts = append(parts, key[d])
		}
		id := strings.Join(parts, "\x00")
		k, ok := index[id]
		if !ok {
			k = len(cells)
			index[id] = k
			cells = append(cells, Cell{Model: r.Model, Key: key})
		}
		c := &cells[k]
		c.N++
		c.Chance += r.Q.Chance()
		if r.Open != nil {
			addMetrics(c, r)
		}
		if r.Correct {
			c.Correct++
		}
		if !r.Parsed {
			c.Unparsed++
		}
		if r.Q.Rotatable() {
			ik := [3]string{r.Model + "\x00" + r.ID, r.PromptStyle, r.Setting}
			it, ok := items[ik]
			if !ok {
				it = &item{cell: k, n: len(r.Q.Options.Choices), allRight: true}
				items[ik] = it
				itemOrder = append(itemOrder, it)
			}
			it.seen |= 1 << r.Rotation
			it.allRight = it.allRight && r.Correct
		}
	}
	for _, it := range itemOrder {
		if it.n < 2 || it.seen != 1<<it.n-1 {
			continue // not every rotation answered
		}
		c := &cells[it.cell]
		if c.Circular == nil {
			c.Circular = &Circular{}
		}
		c.Circular.N++
		if it.allRight {
			c.Circular.Correct++
		}
	}
	for k := range cells {
		c := &cells[k]
		c.Accuracy = float64(c.Correct) / float64(c.N)
		c.Low, c.High = Wilson(c.Correct, c.N)
		c.Chance /= float64(c.N)
		meanMetrics(c)
		if cc := c.Circular; cc != nil {
			cc.Accuracy = float64(cc.Correct) / float64(cc.N)
			cc.Low, cc.High = Wilson(cc.Correct, cc.N)
		}
	}
	return cells
}

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}
