package score

import (
	"fmt"
	"math/bits"
)

// Tally scores replies one at a time and keeps only what the scores need:
// counts per cell, and per run a few bits per question of the dataset
// (answered, right, the rotations answered). Its memory so grows with the
// dataset and the number of runs, never with the replies' text, and a
// million replies stream through it.
type Tally struct {
	d       *Dataset    // the dataset Add scores replies against (nil: built from scored replies)
	order   []*Question // by Question.Pos
	runs    []Run
	byRun   map[Run]int
	state   []*runState
	views   []*breakdown // the asked dims, by suite, and (detail) by suite, family and horizon
	gaps    gapTally
	choices choiceTally
}

// runState is what a Tally keeps of one run per question.
type runState struct {
	answered, right bitset // the reply under rotation 0
	// rot has a bit per rotation answered, and allRight whether every
	// one of them was right; both nil until a reply in a rotation other
	// than 0 comes.
	rot      []uint8
	allRight bitset
	sources  []string
}

// bitset is a bit per question of the dataset.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) get(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) set(i int, on bool) {
	if on {
		b[i/64] |= 1 << (i % 64)
	} else {
		b[i/64] &^= 1 << (i % 64)
	}
}

// NewTally returns a Tally of replies to d broken down by dims. With
// detail it also keeps cells by suite, family and horizon (Summary.Detail),
// which the HTML report plots.
func NewTally(d *Dataset, dims []string, detail bool) *Tally {
	t := newTally(d.Order, dims, detail)
	t.d = d
	return t
}

func newTally(order []*Question, dims []string, detail bool) *Tally {
	t := &Tally{order: order, byRun: map[Run]int{}}
	t.views = []*breakdown{newBreakdown(dims), newBreakdown([]string{"suite"})}
	if detail {
		t.views = append(t.views, newBreakdown([]string{"suite", "family", "horizon"}))
	}
	t.gaps.byRun = map[Run]*gapRun{}
	t.choices.index = map[choiceKey]int{}
	return t
}

// DuplicateError is a second reply of one run to one question in one
// rotation.
type DuplicateError struct {
	Run      Run
	ID       string
	Rotation int
	// First and Second name where the replies came from: a file, or a
	// responder; First is "" when the Tally cannot tell which of the
	// run's sources gave the first.
	First, Second string
	// Sources are the run's sources up to the second reply.
	Sources []string
}

func (e *DuplicateError) Error() string {
	first := e.First
	if first == "" {
		first = "one of " + fmt.Sprint(e.Sources)
	}
	return fmt.Sprintf("score: %s answers %s twice in rotation %d: in %s and again in %s: give each reply once, or tell the runs apart by model, prompt_style or setting",
		e.Run, e.ID, e.Rotation, first, e.Second)
}

// Add scores rep (see Dataset.ScoreReply), counts it and returns its
// result; source names where it came from (a file or a responder), for
// errors. A second reply of one run to one question in the same rotation
// is a *DuplicateError.
func (t *Tally) Add(rep Reply, source string) (Result, error) {
	r, err := t.d.ScoreReply(rep)
	if err != nil {
		return r, err
	}
	return r, t.add(&r, source)
}

// add counts a scored reply.
func (t *Tally) add(r *Result, source string) error {
	run := r.Run()
	k, ok := t.byRun[run]
	if !ok {
		k = len(t.runs)
		t.byRun[run] = k
		t.runs = append(t.runs, run)
		t.state = append(t.state, &runState{answered: newBitset(len(t.order)), right: newBitset(len(t.order))})
	}
	s := t.state[k]
	if n := len(s.sources); n == 0 || s.sources[n-1] != source {
		s.sources = append(s.sources, source)
	}
	pos := r.Q.Pos
	if r.Rotation != 0 && s.rot == nil {
		s.rot = make([]uint8, len(t.order))
		s.allRight = newBitset(len(t.order))
		for i := range t.order {
			if s.answered.get(i) {
				s.rot[i] = 1
				s.allRight.set(i, s.right.get(i))
			}
		}
	}
	dup := r.Rotation == 0 && s.answered.get(pos) || s.rot != nil && s.rot[pos]&(1<<r.Rotation) != 0
	if dup {
		e := &DuplicateError{Run: run, ID: r.ID, Rotation: r.Rotation, Second: source, Sources: s.sources}
		if len(s.sources) == 1 {
			e.First = source
		}
		return e
	}
	if r.Rotation == 0 {
		s.answered.set(pos, true)
		s.right.set(pos, r.Correct)
	}
	if s.rot != nil {
		if s.rot[pos] == 0 {
			s.allRight.set(pos, r.Correct)
		} else if !r.Correct {
			s.allRight.set(pos, false)
		}
		s.rot[pos] |= 1 << r.Rotation
	}
	for _, v := range t.views {
		v.add(r)
	}
	t.gaps.add(r)
	t.choices.add(r)
	return nil
}

// Answered is how many of the dataset's questions a run answered.
type Answered struct {
	Run       Run `json:"run"`
	Questions int `json:"questions"`
}

// Summary is everything a Tally found, in the order runs and cells first
// appeared.
type Summary struct {
	Dims []string `json:"dims"`
	// Cells is the breakdown by Dims; Suites the one by suite, Detail by
	// suite, family and horizon (only with NewTally's detail).
	Cells   []Cell    `json:"cells"`
	Suites  []Cell    `json:"-"`
	Detail  []Cell    `json:"-"`
	Overall []Overall `json:"overall"`
	// Paired compares every two runs on the questions both answered;
	// PairedNote says why it is empty when there are too many runs.
	Paired     []Paired   `json:"paired,omitempty"`
	PairedNote string     `json:"paired_note,omitempty"`
	Gaps       []Gap      `json:"order_gaps,omitempty"`
	Choices    []Choice   `json:"chosen,omitempty"`
	Answered   []Answered `json:"answered"`
	Questions  int        `json:"questions"` // in the dataset
	// Attribution splits planning errors by perception (rows with probes,
	// gen --probes); PerceptionGaps compares runs in the picture and the
	// caption setting.
	Attribution    []Attribution   `json:"attribution,omitempty"`
	PerceptionGaps []PerceptionGap `json:"perception_gaps,omitempty"`
	// Chance is, per suite, the mean over the dataset's questions of what
	// a reader of the text alone scores at most (Question.Chance).
	Chance map[string]float64 `json:"chance"`
	// Variants scores the variant groups of a dataset made with gen
	// --variants, per suite, family, options, horizon and run.
	Variants []VariantCell `json:"variants,omitempty"`
}

// Runs returns the runs in the order they first appeared.
func (t *Tally) Runs() []Run { return t.runs }

// Summary computes the scores of everything added so far. Call it once.
func (t *Tally) Summary() *Summary {
	for k, s := range t.state {
		if s.rot == nil {
			continue
		}
		for pos, seen := range s.rot {
			q := t.order[pos]
			if n := len(q.Options.Choices); !q.Rotatable() || n < 2 || int(seen) != 1<<n-1 {
				continue // not every rotation answered
			}
			for _, v := range t.views {
				v.addCircular(t.runs[k], q, s.allRight.get(pos))
			}
		}
	}
	out := &Summary{Dims: t.views[0].dims, Questions: len(t.order), Chance: map[string]float64{}}
	count := map[string]int{}
	for _, q := range t.order {
		if q != nil {
			out.Chance[q.Suite] += q.Chance()
			count[q.Suite]++
		}
	}
	for s, n := range count {
		out.Chance[s] /= float64(n)
	}
	out.Cells = t.views[0].finish()
	out.Suites = t.views[1].finish()
	if len(t.views) > 2 {
		out.Detail = t.views[2].finish()
	}
	out.Overall = overall(out.Suites)
	out.Paired, out.PairedNote = t.paired()
	out.Attribution, out.PerceptionGaps = t.attribution(), t.perceptionGaps()
	out.Gaps = t.gaps.finish()
	out.Choices = t.choices.out
	out.Variants = t.variantCells()
	for k, s := range t.state {
		n := 0
		if s.rot == nil {
			for _, w := range s.answered {
				n += bits.OnesCount64(w)
			}
		}
		for _, seen := range s.rot {
			if seen != 0 {
				n++
			}
		}
		out.Answered = append(out.Answered, Answered{Run: t.runs[k], Questions: n})
	}
	return out
}

// tallyOf counts results already scored.
func tallyOf(results []Result, dims []string) *Tally {
	n := 0
	for i := range results {
		n = max(n, results[i].Q.Pos+1)
	}
	order := make([]*Question, n)
	for i := range results {
		order[results[i].Q.Pos] = results[i].Q
	}
	t := newTally(order, dims, false)
	for i := range results {
		_ = t.add(&results[i], "") // a repeat is left out: Score refuses them
	}
	return t
}

// Breakdown groups results by run, protocol, rotation and the dimensions
// dims, in the order the groups first appear. Results are expected to
// hold one reply per run, question and rotation, as Score gives them.
func Breakdown(results []Result, dims []string) []Cell {
	return tallyOf(results, dims).Summary().Cells
}
