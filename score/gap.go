package score

import (
	"math"

	"github.com/formplan/formplan/suites"
)

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

// Gap is the order bias of one model on temporal_order, in one prompt
// style and setting: its accuracy when the earlier picture is shown first
// and when it is shown second, and the difference (first minus second).
// A model that reads the pictures has no gap; one that always answers
// "Picture 1" has the whole gap, 1.
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

// OrderGaps returns the order gap of every model, prompt style and
// setting that answered temporal_order questions, in the order they first
// appear.
func OrderGaps(results []Result) []Gap {
	type side struct{ right, n int }
	type acc struct {
		gap    Gap
		first  side
		second side
		groups map[string]*[2]side // group id -> earlier first, later first
		order  []string
	}
	var keys [][3]string
	byKey := map[[3]string]*acc{}
	for i := range results {
		r := &results[i]
		if r.Q.Suite != "temporal_order" {
			continue
		}
		k := [3]string{r.Model, r.PromptStyle, r.Setting}
		a, ok := byKey[k]
		if !ok {
			a = &acc{gap: Gap{Model: r.Model, PromptStyle: r.PromptStyle, Setting: r.Setting}, groups: map[string]*[2]side{}}
			byKey[k] = a
			keys = append(keys, k)
		}
		s, which := &a.first, 0
		if r.Q.Order == suites.LaterFirst {
			s, which = &a.second, 1
		}
		s.n++
		g, ok := a.groups[r.Q.GroupID]
		if !ok {
			g = &[2]side{}
			a.groups[r.Q.GroupID] = g
			a.order = append(a.order, r.Q.GroupID)
		}
		g[which].n++
		if r.Correct {
			s.right++
			g[which].right++
		}
	}
	out := make([]Gap, 0, len(keys))
	for _, k := range keys {
		a := byKey[k]
		g := a.gap
		g.EarlierFirst = newRate(a.first.right, a.first.n)
		g.LaterFirst = newRate(a.second.right, a.second.n)
		p1, p2 := g.EarlierFirst, g.LaterFirst
		g.Gap = p1.Accuracy - p2.Accuracy
		g.Low = g.Gap - math.Sqrt(sq(p1.Accuracy-p1.Low)+sq(p2.High-p2.Accuracy))
		g.High = g.Gap + math.Sqrt(sq(p1.High-p1.Accuracy)+sq(p2.Accuracy-p2.Low))
		var diffs []float64
		for _, id := range a.order {
			s := a.groups[id]
			if s[0].n > 0 && s[1].n > 0 {
				diffs = append(diffs, float64(s[0].right)/float64(s[0].n)-float64(s[1].right)/float64(s[1].n))
			}
		}
		if len(diffs) >= 2 {
			mean, sd := meanSD(diffs)
			half := 1.959963984540054 * sd / math.Sqrt(float64(len(diffs)))
			g.Items, g.Paired, g.PairedLow, g.PairedHigh = len(diffs), mean, mean-half, mean+half
		}
		out = append(out, g)
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
