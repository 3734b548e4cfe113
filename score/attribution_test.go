package score

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/formplan/formplan/suites"
)

// pairSet builds a dataset of planning rows (edge_case, answer A of two)
// each with probes Yes/No probes sharing its pair_id (answer Yes), in one
// cell per family, and replies to it.
type pairSet struct {
	d       *Dataset
	replies []Reply
}

func newPairSet() *pairSet { return &pairSet{d: NewDataset()} }

func (p *pairSet) add(q *Question) {
	q.Pos = len(p.d.Order)
	p.d.ByID[q.ID] = q
	p.d.Order = append(p.d.Order, q)
}

// pair adds a planning row of family with probes probes, and the replies
// of run: right on the plan or not, right on the first probes answered
// that many probes of which rightProbes are right.
func (p *pairSet) pair(run Run, family string, probes, answered, rightProbes int, planRight bool) {
	id := fmt.Sprintf("plan-%d", len(p.d.Order))
	p.add(&Question{ID: id, Suite: "edge_case", Family: family, Horizon: 2, Answer: "A",
		Options: Options{Choices: []string{"one", "two"}}, Scoring: suites.ByLetter, PairID: id})
	p.reply(run, id, map[bool]string{true: "A", false: "B"}[planRight])
	for k := range probes {
		pid := fmt.Sprintf("%s-probe-%d", id, k)
		p.add(&Question{ID: pid, Suite: "probes", Family: family, Horizon: 2, Answer: "Yes",
			Options: Options{Choices: []string{"Yes", "No"}, YesNo: true}, Scoring: suites.ByYesNo, PairID: id})
		if k < answered {
			p.reply(run, pid, map[bool]string{true: "Yes", false: "No"}[k < rightProbes])
		}
	}
}

func (p *pairSet) reply(run Run, id, answer string) {
	p.replies = append(p.replies, Reply{ID: id, Response: "Answer: " + answer, Model: run.Model, PromptStyle: run.PromptStyle, Setting: run.Setting})
}

func (p *pairSet) summary(t *testing.T) *Summary {
	t.Helper()
	tl := NewTally(p.d, []string{"suite"}, false)
	for _, r := range p.replies {
		if _, err := tl.Add(r, "test"); err != nil {
			t.Fatal(err)
		}
	}
	return tl.Summary()
}

// counts is a share as the tests state it.
type counts struct{ right, n int }

func (c counts) check(t *testing.T, name string, r Rate) {
	t.Helper()
	if r.Correct != c.right || r.N != c.n {
		t.Errorf("%s: %d of %d, want %d of %d", name, r.Correct, r.N, c.right, c.n)
	}
	lo, hi := Wilson(c.right, c.n)
	if r.Low != lo || r.High != hi {
		t.Errorf("%s: interval [%v, %v], want Wilson's [%v, %v]", name, r.Low, r.High, lo, hi)
	}
}

func TestAttribution(t *testing.T) {
	m := Run{Model: "m"}
	type outcome struct {
		probes, answered, right int
		plan                    bool
		times                   int
	}
	cases := []struct {
		name     string
		outcomes []outcome
		lines    int // attribution lines
		pairs    int
		partial  int
		// perception, plan, given right, given misread, errors after a misreading
		perception, plan, givenRight, givenMisread, errors counts
	}{
		{"every outcome", []outcome{{3, 3, 3, true, 4}, {3, 3, 3, false, 1}, {3, 3, 2, true, 2}, {3, 3, 0, false, 3}},
			1, 10, 0, counts{5, 10}, counts{6, 10}, counts{4, 5}, counts{2, 5}, counts{3, 4}},
		{"all right: no misreading, no error", []outcome{{2, 2, 2, true, 5}},
			1, 5, 0, counts{5, 5}, counts{5, 5}, counts{5, 5}, counts{0, 0}, counts{0, 0}},
		{"a pair answered with some probes only is left out", []outcome{{3, 3, 3, true, 2}, {3, 2, 2, false, 1}},
			1, 2, 1, counts{2, 2}, counts{2, 2}, counts{2, 2}, counts{0, 0}, counts{0, 0}},
		{"planning rows answered without probes give no line", []outcome{{3, 0, 0, true, 4}},
			0, 0, 0, counts{}, counts{}, counts{}, counts{}, counts{}},
		{"a planning row without probes is no pair", []outcome{{0, 0, 0, false, 3}},
			0, 0, 0, counts{}, counts{}, counts{}, counts{}, counts{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPairSet()
			for _, o := range c.outcomes {
				for range o.times {
					p.pair(m, "checkboxes", o.probes, o.answered, o.right, o.plan)
				}
			}
			s := p.summary(t)
			if len(s.Attribution) != c.lines {
				t.Fatalf("%d attribution lines, want %d: %+v", len(s.Attribution), c.lines, s.Attribution)
			}
			if c.lines == 0 {
				return
			}
			a := s.Attribution[0]
			if a.Pairs != c.pairs || a.Partial != c.partial || a.Suite != "edge_case" || a.Family != "checkboxes" || a.Horizon != 2 || a.Model != "m" {
				t.Errorf("cell %+v", a)
			}
			c.perception.check(t, "perception", a.Perception)
			c.plan.check(t, "plan", a.Plan)
			c.givenRight.check(t, "plan given perception right", a.GivenRight)
			c.givenMisread.check(t, "plan given a misreading", a.GivenMisread)
			c.errors.check(t, "errors after a misreading", a.ErrorsMisread)
		})
	}
}

// TestAttributionCells keeps runs and cells apart (two families, two
// runs) and words them in the table.
func TestAttributionCells(t *testing.T) {
	p := newPairSet()
	a, b := Run{Model: "a"}, Run{Model: "b", PromptStyle: "cot"}
	p.pair(a, "checkboxes", 1, 1, 1, true)
	p.pair(a, "slider_checkboxes", 1, 1, 0, false)
	p.pair(b, "checkboxes", 1, 1, 0, true)
	s := p.summary(t)
	want := []string{"a checkboxes 1 1", "a slider_checkboxes 1 0", "b (cot) checkboxes 1 0"}
	var got []string
	for _, at := range s.Attribution {
		got = append(got, fmt.Sprintf("%s %s %d %d", at.Run(), at.Family, at.Pairs, at.Perception.Correct))
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("cells %q, want %q", got, want)
	}
	var out strings.Builder
	if err := WriteSummary(&out, s); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Attribution", "errors after a misreading", "0.0% [0.0, 79.3] n=1", "- n=0"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the table lacks %q:\n%s", w, out.String())
		}
	}
}

func TestPerceptionGap(t *testing.T) {
	p := newPairSet()
	pic, capt, both := Run{Model: "m", Setting: SettingImage}, Run{Model: "m", Setting: SettingCaption}, Run{Model: "m", Setting: SettingBoth}
	other := Run{Model: "m", PromptStyle: "cot"} // no caption run of its own
	// 10 rows: both right on 5, only the caption on 3, only the picture
	// on 1, neither on 1.
	for k, o := range []struct{ pic, capt bool }{{true, true}, {true, true}, {true, true}, {true, true}, {true, true},
		{false, true}, {false, true}, {false, true}, {true, false}, {false, false}} {
		id := fmt.Sprintf("q%d", k)
		p.add(&Question{ID: id, Suite: "edge_case", Family: "checkboxes", Horizon: 2, Answer: "A",
			Options: Options{Choices: []string{"one", "two"}}, Scoring: suites.ByLetter})
		for _, r := range []struct {
			run   Run
			right bool
		}{{pic, o.pic}, {capt, o.capt}, {both, true}, {other, true}} {
			p.reply(r.run, id, map[bool]string{true: "A", false: "B"}[r.right])
		}
	}
	s := p.summary(t)
	if len(s.PerceptionGaps) != 1 {
		t.Fatalf("%d gaps, want 1 (image against caption): %+v", len(s.PerceptionGaps), s.PerceptionGaps)
	}
	g := s.PerceptionGaps[0]
	counts{6, 10}.check(t, "picture", g.Picture)
	counts{8, 10}.check(t, "caption", g.Caption)
	if math.Abs(g.Gap-0.2) > 1e-12 || g.Low >= g.Gap || g.High <= g.Gap || g.Setting != SettingImage {
		t.Errorf("gap %+v", g)
	}
	var out strings.Builder
	if err := WriteSummary(&out, s); err != nil {
		t.Fatal(err)
	}
	if !regexpLineScore(out.String(), "edge_case", "checkboxes", "m (image)", "10", "60.0", "80.0", "+20.0") {
		t.Errorf("no gap line:\n%s", out.String())
	}
}

// regexpLineScore reports whether some line of text holds words in order.
func regexpLineScore(text string, words ...string) bool {
	for _, line := range strings.Split(text, "\n") {
		rest, ok := line, true
		for _, w := range words {
			i := strings.Index(rest, w)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(w):]
		}
		if ok {
			return true
		}
	}
	return false
}

func TestPairedDiff(t *testing.T) {
	cases := []struct {
		name string
		n    gapCounts // [first right][second right]
		diff float64
	}{
		{"no pairs", gapCounts{}, 0},
		{"all agree, all right", gapCounts{{0, 0}, {0, 20}}, 0},
		{"second better", gapCounts{{4, 6}, {1, 9}}, 0.25},
		{"first better", gapCounts{{3, 0}, {7, 10}}, -0.35},
		{"opposite", gapCounts{{0, 10}, {10, 0}}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, lo, hi := pairedDiff(c.n)
			if math.Abs(d-c.diff) > 1e-12 || lo > d || hi < d || lo < -1 || hi > 1 {
				t.Errorf("%v [%v, %v], want %v inside", d, lo, hi, c.diff)
			}
		})
	}
	// With no correlation (phi 0) the interval is the one for two
	// independent proportions (Newcombe's hybrid, as Gap uses).
	n := gapCounts{{2, 8}, {2, 8}} // phi = (8*2 - 2*8)/... = 0
	d, lo, hi := pairedDiff(n)
	p1, p2 := newRate(10, 20), newRate(16, 20)
	wantLo := d - math.Sqrt(sq(p2.Accuracy-p2.Low)+sq(p1.High-p1.Accuracy))
	wantHi := d + math.Sqrt(sq(p2.High-p2.Accuracy)+sq(p1.Accuracy-p1.Low))
	if math.Abs(lo-wantLo) > 1e-12 || math.Abs(hi-wantHi) > 1e-12 {
		t.Errorf("phi 0: [%v, %v], want [%v, %v]", lo, hi, wantLo, wantHi)
	}
}

// TestPairedDiffCoverage draws correlated pairs and counts how often the
// interval holds the true difference: about 95% of the time.
func TestPairedDiffCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 41))
	// True cell probabilities of [first right][second right].
	probs := [2][2]float64{{0.15, 0.15}, {0.05, 0.65}}
	truth := (probs[0][1] + probs[1][1]) - (probs[1][0] + probs[1][1])
	const trials, n = 2000, 80
	held := 0
	for range trials {
		var c gapCounts
		for range n {
			u := rng.Float64()
			switch {
			case u < probs[0][0]:
				c[0][0]++
			case u < probs[0][0]+probs[0][1]:
				c[0][1]++
			case u < probs[0][0]+probs[0][1]+probs[1][0]:
				c[1][0]++
			default:
				c[1][1]++
			}
		}
		if _, lo, hi := pairedDiff(c); lo <= truth && truth <= hi {
			held++
		}
	}
	cover := float64(held) / trials
	t.Logf("coverage %.3f", cover)
	if cover < 0.93 || cover > 0.975 {
		t.Errorf("the interval held the true difference in %.1f%% of %d draws, want about 95%%", 100*cover, trials)
	}
}
