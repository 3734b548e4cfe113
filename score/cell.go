package score

import (
	"strconv"
	"strings"
)

// Cell is one line of a breakdown: the replies of one run (model, prompt
// style, setting) under one protocol and one rotation of the options to
// the questions with one value of each breakdown dimension. It says how
// many replies, how many right, how many unparsed, and the accuracy with
// its 95% Wilson interval. Cells are never pooled over runs, protocols or
// rotations.
type Cell struct {
	Model       string            `json:"model"`
	PromptStyle string            `json:"prompt_style,omitempty"`
	Setting     string            `json:"setting,omitempty"`
	Protocol    string            `json:"protocol,omitempty"`
	Rotation    int               `json:"rotation,omitempty"`
	Key         map[string]string `json:"key"`
	N           int               `json:"n"`
	Correct     int               `json:"correct"`
	Unparsed    int               `json:"unparsed"`
	Accuracy    float64           `json:"accuracy"`
	Low         float64           `json:"low"`
	High        float64           `json:"high"`
	// Strict is the accuracy under strict extraction (ExtractStrict),
	// given when it differs from Accuracy.
	Strict *Rate `json:"strict,omitempty"`
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
	// Circular counts the questions of the cell's run answered under every
	// rotation of their options, and how many of them were right under
	// all of them; nil when there are none. It is given on the rotation 0
	// cell.
	Circular *Circular `json:"circular,omitempty"`

	strict int // replies right under strict extraction
}

// Run returns the run of the cell's replies.
func (c *Cell) Run() Run { return Run{Model: c.Model, PromptStyle: c.PromptStyle, Setting: c.Setting} }

// Circular is the circular score of a cell: a question counts as right
// only when every rotation of its options was answered right.
type Circular = Rate

// Rate is a share of right replies with its 95% Wilson interval.
type Rate struct {
	N        int     `json:"n"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
}

func newRate(correct, n int) Rate {
	r := Rate{N: n, Correct: correct}
	if n > 0 {
		r.Accuracy = float64(correct) / float64(n)
	}
	r.Low, r.High = Wilson(correct, n)
	return r
}

// breakdown gathers cells by run, protocol, rotation and the values of
// dims, in the order they first appear.
type breakdown struct {
	dims  []string
	index map[string]int
	cells []Cell
	key   strings.Builder
}

func newBreakdown(dims []string) *breakdown {
	return &breakdown{dims: dims, index: map[string]int{}}
}

// cell returns the cell of a reply of run to q under rotation; with
// create unset, -1 when there is none yet.
func (b *breakdown) cell(run Run, q *Question, rotation int, create bool) int {
	k := &b.key
	k.Reset()
	for _, s := range []string{run.Model, run.PromptStyle, run.Setting, q.Protocol, strconv.Itoa(rotation)} {
		k.WriteString(s)
		k.WriteByte(0)
	}
	for _, d := range b.dims {
		k.WriteString(value(run, q, d))
		k.WriteByte(0)
	}
	if i, ok := b.index[k.String()]; ok || !create {
		if !ok {
			return -1
		}
		return i
	}
	key := make(map[string]string, len(b.dims))
	for _, d := range b.dims {
		key[d] = value(run, q, d)
	}
	i := len(b.cells)
	b.index[k.String()] = i
	b.cells = append(b.cells, Cell{Model: run.Model, PromptStyle: run.PromptStyle, Setting: run.Setting,
		Protocol: q.Protocol, Rotation: rotation, Key: key})
	return i
}

// add counts result r.
func (b *breakdown) add(r *Result) {
	c := &b.cells[b.cell(r.Run(), r.Q, r.Rotation, true)]
	c.N++
	c.Chance += r.Q.Chance()
	if r.Open != nil {
		addMetrics(c, r)
	}
	if r.Correct {
		c.Correct++
	}
	if r.Strict {
		c.strict++
	}
	if !r.Parsed {
		c.Unparsed++
	}
}

// addCircular counts a question run answered under every rotation, right
// under all of them or not.
func (b *breakdown) addCircular(run Run, q *Question, right bool) {
	i := b.cell(run, q, 0, false)
	if i < 0 {
		return // cannot be: rotation 0 was answered
	}
	c := &b.cells[i]
	if c.Circular == nil {
		c.Circular = &Circular{}
	}
	c.Circular.N++
	if right {
		c.Circular.Correct++
	}
}

// finish turns the cells' sums into shares and means.
func (b *breakdown) finish() []Cell {
	for k := range b.cells {
		c := &b.cells[k]
		c.Accuracy = float64(c.Correct) / float64(c.N)
		c.Low, c.High = Wilson(c.Correct, c.N)
		if c.strict != c.Correct {
			r := newRate(c.strict, c.N)
			c.Strict = &r
		}
		c.Chance /= float64(c.N)
		meanMetrics(c)
		if cc := c.Circular; cc != nil {
			*cc = newRate(cc.Correct, cc.N)
		}
	}
	return b.cells
}

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	return wilsonAt(float64(k)/float64(n), n)
}
