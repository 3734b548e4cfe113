package score

import (
	"fmt"

	"gonum.org/v1/gonum/stat/distuv"
)

// Paired compares two runs on the questions both answered (in the
// dataset's own order of options), in one suite or ("") all of them.
type Paired struct {
	Suite     string  `json:"suite,omitempty"`
	A         Run     `json:"a"`
	B         Run     `json:"b"`
	Items     int     `json:"items"`
	AccuracyA float64 `json:"accuracy_a"`
	AccuracyB float64 `json:"accuracy_b"`
	// OnlyA and OnlyB count the questions only A, or only B, got right;
	// Diff is AccuracyA - AccuracyB, (OnlyA - OnlyB) / Items.
	OnlyA int     `json:"only_a"`
	OnlyB int     `json:"only_b"`
	Diff  float64 `json:"diff"`
	// P is the two-sided p-value of McNemar's exact test: the chance of
	// a split of the OnlyA + OnlyB discordant questions at least as
	// uneven as this one if either run were as likely to be the one
	// right.
	P float64 `json:"p"`
}

// MaxPairedRuns bounds the runs compared pairwise: more would make a
// table of thousands of pairs.
const MaxPairedRuns = 16

// McNemar returns the two-sided p-value of McNemar's exact test for b and
// c discordant pairs: twice the binomial(b+c, 1/2) probability of at most
// min(b, c), at most 1.
func McNemar(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	p := 2 * distuv.Binomial{N: float64(n), P: 0.5}.CDF(float64(min(b, c)))
	return min(1, p)
}

// paired compares every two runs, per suite and over all suites.
func (t *Tally) paired() ([]Paired, string) {
	if len(t.runs) > MaxPairedRuns {
		return nil, fmt.Sprintf("%d runs: paired tests are left out beyond %d; score fewer models at once to compare them", len(t.runs), MaxPairedRuns)
	}
	var suiteNames []string
	suiteOf := make([]int, len(t.order))
	index := map[string]int{}
	for pos, q := range t.order {
		if q == nil {
			suiteOf[pos] = -1
			continue
		}
		k, ok := index[q.Suite]
		if !ok {
			k = len(suiteNames)
			index[q.Suite] = k
			suiteNames = append(suiteNames, q.Suite)
		}
		suiteOf[pos] = k
	}
	type counts struct{ items, rightA, rightB, onlyA, onlyB int }
	var out []Paired
	for i := range t.runs {
		for j := i + 1; j < len(t.runs); j++ {
			a, b := t.state[i], t.state[j]
			per := make([]counts, len(suiteNames)+1) // the last is over all suites
			for pos := range t.order {
				if suiteOf[pos] < 0 || !a.answered.get(pos) || !b.answered.get(pos) {
					continue
				}
				ra, rb := a.right.get(pos), b.right.get(pos)
				for _, c := range []*counts{&per[suiteOf[pos]], &per[len(suiteNames)]} {
					c.items++
					c.rightA += b2i(ra)
					c.rightB += b2i(rb)
					c.onlyA += b2i(ra && !rb)
					c.onlyB += b2i(rb && !ra)
				}
			}
			for k, c := range per {
				if c.items == 0 {
					continue
				}
				suite := ""
				if k < len(suiteNames) {
					suite = suiteNames[k]
				}
				n := float64(c.items)
				out = append(out, Paired{Suite: suite, A: t.runs[i], B: t.runs[j], Items: c.items,
					AccuracyA: float64(c.rightA) / n, AccuracyB: float64(c.rightB) / n,
					OnlyA: c.onlyA, OnlyB: c.onlyB, Diff: float64(c.onlyA-c.onlyB) / n, P: McNemar(c.onlyA, c.onlyB)})
			}
		}
	}
	return out, ""
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
