package score

import (
	"math"
)

// The settings a reply can be made in (Reply.Setting): the picture alone,
// the caption alone (the pictured state in words, the row's caption
// column, in place of the picture), or both. A reply that names none was
// made from the picture.
const (
	SettingImage   = "image"
	SettingCaption = "caption"
	SettingBoth    = "both"
)

// PerceptionGap compares one model in one prompt style on the same
// questions of one cell asked from the picture and from the caption: the
// replies of the run in setting image (or none) against those of the run
// in setting caption, on the questions both answered (rotation 0).
// Reading the state in words takes perception out of the task, so Gap,
// the caption's accuracy minus the picture's, is what misreading the
// picture costs.
type PerceptionGap struct {
	Model       string `json:"model"`
	PromptStyle string `json:"prompt_style,omitempty"`
	// Setting is the picture run's setting: image, or "" for replies that
	// named none.
	Setting  string `json:"setting,omitempty"`
	Protocol string `json:"protocol,omitempty"`
	Suite    string `json:"suite"`
	Family   string `json:"family"`
	Horizon  int    `json:"horizon"`
	// Picture and Caption are the two runs' accuracies (the row's main
	// measure) on the questions both answered.
	Picture Rate    `json:"picture"`
	Caption Rate    `json:"caption"`
	Gap     float64 `json:"gap"`
	// Low and High bound Gap at 95%: Newcombe's hybrid score interval
	// for a difference of paired proportions (his method 10), from the
	// two Wilson intervals and the correlation of the paired replies.
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Run returns the picture run of the gap.
func (g *PerceptionGap) Run() Run {
	return Run{Model: g.Model, PromptStyle: g.PromptStyle, Setting: g.Setting}
}

// gapCounts counts paired replies by [picture right][caption right].
type gapCounts [2][2]int

// perceptionGaps pairs every run in the picture setting with the run of
// the same model and prompt style in the caption setting, and compares
// them per cell of suite, family, horizon and protocol; runs in the order
// they first appeared, cells in the dataset's order.
func (t *Tally) perceptionGaps() []PerceptionGap {
	var out []PerceptionGap
	for k, run := range t.runs {
		if run.Setting != "" && run.Setting != SettingImage {
			continue
		}
		c, ok := t.byRun[Run{Model: run.Model, PromptStyle: run.PromptStyle, Setting: SettingCaption}]
		if !ok {
			continue
		}
		pic, capt := t.state[k], t.state[c]
		index := map[string]int{}
		var cells []*gapCounts
		var firsts []*Question
		for pos, q := range t.order {
			if q == nil || !pic.answered.get(pos) || !capt.answered.get(pos) {
				continue
			}
			key := cellKey(q)
			i, ok := index[key]
			if !ok {
				i = len(cells)
				index[key] = i
				cells = append(cells, &gapCounts{})
				firsts = append(firsts, q)
			}
			cells[i][b2i(pic.right.get(pos))][b2i(capt.right.get(pos))]++
		}
		for i, n := range cells {
			q := firsts[i]
			g := PerceptionGap{Model: run.Model, PromptStyle: run.PromptStyle, Setting: run.Setting, Protocol: q.Protocol,
				Suite: q.Suite, Family: q.Family, Horizon: q.Horizon}
			total := n[0][0] + n[0][1] + n[1][0] + n[1][1]
			g.Picture = newRate(n[1][0]+n[1][1], total)
			g.Caption = newRate(n[0][1]+n[1][1], total)
			g.Gap, g.Low, g.High = pairedDiff(*n)
			out = append(out, g)
		}
	}
	return out
}

// pairedDiff returns the difference of two paired proportions, the
// second minus the first, with its 95% interval by Newcombe's method 10:
// n[i][j] counts the pairs with the first outcome i and the second j
// (1: a success). The two proportions' Wilson intervals are combined as
// for independent ones, corrected by the phi correlation of the pairs
// (taken as 0 when a margin is empty, where it is undefined).
func pairedDiff(n gapCounts) (diff, low, high float64) {
	a, b, c, d := float64(n[1][1]), float64(n[1][0]), float64(n[0][1]), float64(n[0][0])
	total := a + b + c + d
	if total == 0 {
		return 0, -1, 1
	}
	p1, p2 := (a+b)/total, (a+c)/total
	l1, u1 := Wilson(int(a+b), int(total))
	l2, u2 := Wilson(int(a+c), int(total))
	var phi float64
	if den := (a + b) * (c + d) * (a + c) * (b + d); den > 0 {
		phi = (a*d - b*c) / math.Sqrt(den)
	}
	diff = p2 - p1
	dl := sq(p2-l2) - 2*phi*(p2-l2)*(u1-p1) + sq(u1-p1)
	du := sq(u2-p2) - 2*phi*(u2-p2)*(p1-l1) + sq(p1-l1)
	low = math.Max(-1, diff-math.Sqrt(math.Max(0, dl)))
	high = math.Min(1, diff+math.Sqrt(math.Max(0, du)))
	return diff, low, high
}
