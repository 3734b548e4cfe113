package blind

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/textonly"
)

// Score is one reader's result in one cell. Ties are scored at their
// expected value (a reader that ties k options, the answer among them,
// gets 1/k), which is what the reader would score on average when it
// breaks ties at random, without the noise.
type Score struct {
	Reader string
	Credit float64 // the sum of the reader's credits over the cell's rows
	Var    float64 // the sum of their variances were the answer uniform among the options
}

// Cell holds the readers' scores on the rows of one suite x family x
// options x horizon cell (Options 0: an open-ended suite).
type Cell struct {
	Suite   string
	Family  string
	Options int
	Horizon int
	Rows    int
	Scores  []Score
	chance  float64 // the sum of the rows' chances
}

// Chance is the score of a reader without information: 1/options, or
// for an open-ended suite the mean of its rows' bounds (Meta.Chance).
func (c *Cell) Chance() float64 {
	if c.Options > 0 || c.Rows == 0 {
		return 1 / float64(max(c.Options, 1))
	}
	return c.chance / float64(c.Rows)
}

// Accuracy returns score s's share of the rows.
func (c *Cell) Accuracy(s Score) float64 { return s.Credit / float64(c.Rows) }

// PValue returns the one-sided p-value of score s under the hypothesis
// that the answer is uniform among the options whatever the text says,
// by the normal approximation to the sum of the rows' credits.
func (c *Cell) PValue(s Score) float64 {
	excess := s.Credit - float64(c.Rows)*c.Chance()
	if s.Var <= 0 {
		if excess > 1e-9 {
			return 0
		}
		return 1
	}
	return 0.5 * math.Erfc(excess/math.Sqrt(2*s.Var))
}

// Add scores q with every reader of its suite.
func (c *Cell) Add(q *question.Question) {
	if q.Choices == nil {
		c.addOpen(q)
		return
	}
	v := textonly.NewView(q)
	rs := readers(q.Suite, q.Meta.Protocol)
	if c.Scores == nil {
		c.Scores = make([]Score, len(rs))
		for k, r := range rs {
			c.Scores[k].Reader = r.Name
		}
	}
	n := float64(len(q.Choices))
	for k, r := range rs {
		sc := r.Score(&v)
		best := math.Inf(-1)
		for _, x := range sc {
			best = max(best, x)
		}
		ties, hit := 0.0, false
		for j, x := range sc {
			if x == best {
				ties++
				hit = hit || j == q.AnswerIdx
			}
		}
		if hit {
			c.Scores[k].Credit += 1 / ties
		}
		c.Scores[k].Var += 1/(ties*n) - 1/(n*n)
	}
	c.Rows++
}

// Config says which cells Run measures.
type Config struct {
	Seed       uint64
	Suites     []string
	Families   []forms.Family
	Options    []int // option counts of the multiple-choice suites
	HorizonMin int
	HorizonMax int
	Protocol   string                // "" or suites.Paper
	Rows       func(options int) int // rows per cell
	Workers    int
	// Progress, if set, is called (from the workers) with each finished cell.
	Progress func(c *Cell)
}

// Run builds the rows of every cell the families can fill (horizons a
// family cannot give are left out, as gen does by default) and scores them.
// Cells come back in suite, options, family, horizon order.
func Run(ctx context.Context, cfg Config) ([]Cell, error) {
	var jobs []job
	for _, name := range cfg.Suites {
		s, ok := suites.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("blind: no suite %q", name)
		}
		if s.Paired {
			jobs = append(jobs, pairedJobs(ctx, cfg, s)...)
			continue
		}
		opts := cfg.Options
		switch {
		case s.Open:
			opts = []int{0} // no options
		case s.Scoring.Options() > 0:
			opts = []int{s.Scoring.Options()}
		}
		for _, n := range opts {
			for _, fam := range cfg.Families {
				if err := ctx.Err(); err != nil {
					return nil, context.Cause(ctx)
				}
				sp := suites.Spec{Seed: cfg.Seed, Families: []forms.Family{fam}, Choices: n, Horizon: suites.Range{Min: cfg.HorizonMin, Max: cfg.HorizonMax}, Protocol: cfg.Protocol}
				var err error
				if sp.Horizons, err = suites.Fit(s, &sp, false); err != nil {
					continue // the family gives no question with this many options
				}
				for h := cfg.HorizonMin; h <= cfg.HorizonMax; h++ {
					if len(sp.Horizons) > 0 && sp.Horizons[0] != nil && !slices.Contains(sp.Horizons[0], h) {
						continue
					}
					cs := sp
					rows := int64(cfg.Rows(max(n, 2))) // an open cell: as many as a coin's
					if g := int64(max(s.Group, 1)); cfg.Protocol == suites.Paper {
						rows = (rows + g - 1) / g * g // whole groups
					}
					if s.NoHorizon {
						// One cell of the family, its rows spread over the
						// kinds and their option counts: four times the rows.
						// Each option count draws from a seed of its own, or
						// the kinds whose options do not depend on it would
						// repeat the same rows at every count.
						rows *= 4
						h = cfg.HorizonMax
						cs.Seed = cfg.Seed + uint64(n)
					}
					cs.Mix = []suites.Part{{Family: 0, Count: rows, Horizon: suites.Range{Min: h, Max: h}}}
					cs.Horizons = nil
					j := job{rows: cs.Total(), build: builder(s, cs), cell: Cell{Suite: name, Family: fam.Name, Options: n, Horizon: h}}
					if s.NoHorizon {
						j.cell.Horizon, j.split = 0, map[int]*Cell{}
					}
					jobs = append(jobs, j)
				}
			}
		}
	}
	workers := max(cfg.Workers, 1)
	var wg sync.WaitGroup
	errs := make([]error, len(jobs))
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				j := &jobs[k]
				for i, made := int64(0), int64(0); made < j.rows; i++ {
					if ctx.Err() != nil {
						errs[k] = ctx.Err()
						break
					}
					qs, err := j.build(i)
					if err != nil {
						errs[k] = err
						break
					}
					for _, q := range qs[:min(int64(len(qs)), j.rows-made)] {
						made++
						j.add(&q)
					}
				}
				if cfg.Progress != nil && errs[k] == nil && j.split == nil {
					cfg.Progress(&j.cell)
				}
			}
		}()
	}
	for k := range jobs {
		next <- k
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	out := make([]Cell, 0, len(jobs))
	for k, j := range jobs {
		switch {
		case j.split == nil:
			out = append(out, j.cell)
		case k == 0 || jobs[k-1].cell.Suite != j.cell.Suite:
			// A suite without horizon: the cells of all its jobs at
			// once, merged by family and option count.
			var split []map[int]*Cell
			for _, o := range jobs[k:] {
				if o.cell.Suite != j.cell.Suite {
					break
				}
				split = append(split, o.split)
			}
			for _, c := range mergeSplit(split, cfg.Families) {
				if cfg.Progress != nil {
					cfg.Progress(&c)
				}
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// job is one cell to measure: build returns the questions of its i-th
// item (one question, or a planning row's probes) until rows are made.
type job struct {
	rows  int64
	build func(i int64) ([]question.Question, error)
	cell  Cell
	// split holds, for a suite without horizon, the job's rows by
	// their option count: its questions are of several kinds, each
	// with its own count, and every count is a cell of its own.
	split map[int]*Cell
}

// add scores q in the job's cell, or in its split's cell of q's option
// count.
func (j *job) add(q *question.Question) {
	if j.split == nil {
		j.cell.Add(q)
		return
	}
	c := j.split[len(q.Choices)]
	if c == nil {
		c = &Cell{Suite: j.cell.Suite, Family: j.cell.Family, Options: len(q.Choices)}
		j.split[len(q.Choices)] = c
	}
	c.Add(q)
}

// builder returns the build of a cell of suite s under spec sp: question
// i of the suite.
func builder(s suites.Suite, sp suites.Spec) func(i int64) ([]question.Question, error) {
	return func(i int64) ([]question.Question, error) {
		q, err := s.Build(&sp, i)
		return []question.Question{q}, err
	}
}

// mergeSplit merges the cells of a suite without horizon, found job by
// job, into one cell per option count and family, in that order (the
// families in fams's order).
func mergeSplit(split []map[int]*Cell, fams []forms.Family) []Cell {
	merged := map[[2]int]*Cell{} // option count, family index
	var keys [][2]int
	for _, m := range split {
		for n, c := range m {
			fi := slices.IndexFunc(fams, func(f forms.Family) bool { return f.Name == c.Family })
			key := [2]int{n, fi}
			into := merged[key]
			if into == nil {
				into = &Cell{Suite: c.Suite, Family: c.Family, Options: n, Scores: make([]Score, len(c.Scores))}
				for k := range c.Scores {
					into.Scores[k].Reader = c.Scores[k].Reader
				}
				merged[key] = into
				keys = append(keys, key)
			}
			into.Rows += c.Rows
			into.chance += c.chance
			for k := range c.Scores {
				into.Scores[k].Credit += c.Scores[k].Credit
				into.Scores[k].Var += c.Scores[k].Var
			}
		}
	}
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	out := make([]Cell, len(keys))
	for k, key := range keys {
		out[k] = *merged[key]
	}
	return out
}

// Tests returns how many reader scores the cells hold: the number of tests
// Check corrects for.
func Tests(cells []Cell) int {
	n := 0
	for _, c := range cells {
		n += len(c.Scores)
	}
	return n
}

// Failure is a reader that beats chance in a cell.
type Failure struct {
	Cell   *Cell
	Score  Score
	Reason string
}

// Check returns the scores that beat chance: by more than margin (when
// the cell has at least minRows rows), or significantly by a one-sided
// test at level alpha corrected for the number of cells and readers.
func Check(cells []Cell, margin float64, minRows int, alpha float64) []Failure {
	tests := Tests(cells)
	var out []Failure
	for k := range cells {
		c := &cells[k]
		for _, s := range c.Scores {
			acc := c.Accuracy(s)
			if c.Rows >= minRows && acc > c.Chance()+margin {
				out = append(out, Failure{c, s, fmt.Sprintf("%.1f%% against %.1f%% chance", 100*acc, 100*c.Chance())})
			} else if p := c.PValue(s); p < alpha/float64(tests) {
				out = append(out, Failure{c, s, fmt.Sprintf("p = %.2g, below %.2g", p, alpha/float64(tests))})
			}
		}
	}
	return out
}

// Write prints cells as a Markdown table: per cell its rows, chance, the
// best reader and its score, and the symbolic and exact readers' scores.
func Write(w io.Writer, cells []Cell) error {
	if _, err := fmt.Fprintln(w, "| suite | family | options | horizon | rows | chance | best reader | its score | symbolic | exact bound | smallest p |\n|---|---|---|---|---|---|---|---|---|---|---|"); err != nil {
		return err
	}
	for k := range cells {
		c := &cells[k]
		scores := append([]Score(nil), c.Scores...)
		sort.SliceStable(scores, func(a, b int) bool { return scores[a].Credit > scores[b].Credit })
		minP, sym, ex := 1.0, "-", "-"
		for _, s := range c.Scores {
			minP = min(minP, c.PValue(s))
			acc := fmt.Sprintf("%.1f%%", 100*c.Accuracy(s))
			switch {
			case strings.HasPrefix(s.Reader, "symbolic"):
				sym = acc
			case strings.HasPrefix(s.Reader, "exact"):
				ex = acc
			}
		}
		opts := "-"
		if c.Options > 0 {
			opts = strconv.Itoa(c.Options)
		}
		horizon := strconv.Itoa(c.Horizon)
		if s, ok := suites.Lookup(c.Suite); ok && s.NoHorizon {
			horizon = "-"
		}
		if _, err := fmt.Fprintf(w, "| %s | %s | %s | %s | %d | %.1f%% | %s | %.1f%% | %s | %s | %.2g |\n",
			c.Suite, c.Family, opts, horizon, c.Rows, 100*c.Chance(), scores[0].Reader, 100*c.Accuracy(scores[0]), sym, ex, minP); err != nil {
			return err
		}
	}
	return nil
}

// RowsFor returns the rows a cell of n options needs so that a reader 3
// points above chance stands 4.5 standard errors out: at least 1000.
func RowsFor(n int) int {
	p := 1 / float64(n)
	return max(1000, int(math.Ceil(p*(1-p)*(4.5/0.03)*(4.5/0.03))))
}
