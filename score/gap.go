package score

import (
	"math"

	"github.com/formplan/formplan/suites"
)

// Gap is the order bias of one run on temporal_order: its accuracy when
// the earlier picture is shown first and when it is shown second, and the
// difference (first minus second). A model that reads the pictures has no
// gap; one that always answers "Picture 1" has the whole gap, 1.
type Gap struct {
	Model        string  `json:"model"`
	PromptStyle  string  `json:"prompt_style,omitempty"`
	Setting      string  `json:"setting,omitempty"`
	EarlierFirst Rate    `json:"earlier_first"`
	LaterFirst   Rate    `json:"later_first"`
	Gap          float64 `json:"gap"`
	// Low and High bound Gap at 95% (Newcombe's hybrid score interval).
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Items counts the items asked in both orders (rows sharing a
	// group_id, as --protocol paper asks them); Paired is the mean over
	// them of each item's own gap, with a 95% normal interval. Zero
	// when fewer than two items were asked both ways.
	Items      int     `json:"items,omitempty"`
	Paired     float64 `json:"paired,omitempty"`
	PairedLow  float64 `json:"paired_low,omitempty"`
	PairedHigh float64 `json:"paired_high,omitempty"`
}

// Run returns the run of the gap's replies.
func (g *Gap) Run() Run { return Run{Model: g.Model, PromptStyle: g.PromptStyle, Setting: g.Setting} }

// OrderGaps returns the order gap of every run that answered
// temporal_order questions, in the order they first appear.
func OrderGaps(results []Result) []Gap { return tallyOf(results, nil).Summary().Gaps }

// side counts right replies of n.
type side struct{ right, n int }

// gapRun is what a gapTally keeps of one run: the two sides, and per
// item asked both ways (a shared group id) its two sides.
type gapRun struct {
	run           Run
	first, second side
	groups        map[string]*[2]side
	order         []string
}

// gapTally gathers the order gaps of every run.
type gapTally struct {
	runs  []*gapRun
	byRun map[Run]*gapRun
}

func (g *gapTally) add(r *Result) {
	if r.Q.Scoring != suites.ByOrder {
		return
	}
	run := r.Run()
	a, ok := g.byRun[run]
	if !ok {
		a = &gapRun{run: run, groups: map[string]*[2]side{}}
		g.byRun[run] = a
		g.runs = append(g.runs, a)
	}
	s, which := &a.first, 0
	if r.Q.Order == suites.LaterFirst {
		s, which = &a.second, 1
	}
	s.n++
	if r.Correct {
		s.right++
	}
	if !r.Q.Paired {
		return // asked one way only: nothing to pair it with
	}
	gs, ok := a.groups[r.Q.GroupID]
	if !ok {
		gs = &[2]side{}
		a.groups[r.Q.GroupID] = gs
		a.order = append(a.order, r.Q.GroupID)
	}
	gs[which].n++
	if r.Correct {
		gs[which].right++
	}
}

func (g *gapTally) finish() []Gap {
	out := make([]Gap, 0, len(g.runs))
	for _, a := range g.runs {
		gp := Gap{Model: a.run.Model, PromptStyle: a.run.PromptStyle, Setting: a.run.Setting}
		gp.EarlierFirst = newRate(a.first.right, a.first.n)
		gp.LaterFirst = newRate(a.second.right, a.second.n)
		p1, p2 := gp.EarlierFirst, gp.LaterFirst
		gp.Gap = p1.Accuracy - p2.Accuracy
		gp.Low = gp.Gap - math.Sqrt(sq(p1.Accuracy-p1.Low)+sq(p2.High-p2.Accuracy))
		gp.High = gp.Gap + math.Sqrt(sq(p1.High-p1.Accuracy)+sq(p2.Accuracy-p2.Low))
		var diffs []float64
		for _, id := range a.order {
			s := a.groups[id]
			if s[0].n > 0 && s[1].n > 0 {
				diffs = append(diffs, float64(s[0].right)/float64(s[0].n)-float64(s[1].right)/float64(s[1].n))
			}
		}
		if len(diffs) >= 2 {
			mean, sd := meanSD(diffs)
			half := z95 * sd / math.Sqrt(float64(len(diffs)))
			gp.Items, gp.Paired, gp.PairedLow, gp.PairedHigh = len(diffs), mean, mean-half, mean+half
		}
		out = append(out, gp)
	}
	return out
}

func sq(x float64) float64 { return x * x }

// meanSD returns the mean and the sample standard deviation of xs.
func meanSD(xs []float64) (float64, float64) {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += sq(x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}
