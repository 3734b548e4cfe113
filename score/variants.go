package score

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
)

// VariantCell is one cell of the scores over variant groups (gen
// --variants): the groups of one suite, family, number of options and
// horizon that one run answered whole (every row of the group, in the
// dataset's own order of options), under one protocol. Mean is the share
// of those groups' rows answered right; Worst the share of groups whose
// every row was: an item counts only if the answer survives every look.
type VariantCell struct {
	Model       string `json:"model"`
	PromptStyle string `json:"prompt_style,omitempty"`
	Setting     string `json:"setting,omitempty"`
	Protocol    string `json:"protocol,omitempty"`
	Suite       string `json:"suite"`
	Family      string `json:"family"`
	Options     int    `json:"options"` // 0 for an open-ended suite
	Horizon     int    `json:"horizon"`
	Groups      int    `json:"groups"`
	Rows        int    `json:"rows"`
	// Mean is the rows' accuracy. Its 95% interval counts groups, not
	// rows, as the rows of a group are not independent: Wilson's interval
	// at the mean with n the number of groups, as if each group were one
	// trial (as wide as the rows allow at the most).
	Mean Interval `json:"mean"`
	// Worst is the worst case over each group: the share of groups right
	// in every row, with its 95% Wilson interval over groups.
	Worst Rate `json:"worst"`
}

// Run returns the run of the cell's replies.
func (c *VariantCell) Run() Run {
	return Run{Model: c.Model, PromptStyle: c.PromptStyle, Setting: c.Setting}
}

// variantGroups returns the positions in order of the rows of each
// variant group, groups in the order their first rows come.
func variantGroups(order []*Question) [][]int {
	at := map[string]int{}
	var groups [][]int
	for pos, q := range order {
		if q == nil || q.VariantGroup == "" {
			continue
		}
		k, ok := at[q.VariantGroup]
		if !ok {
			k = len(groups)
			at[q.VariantGroup] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], pos)
	}
	return groups
}

// variantCells scores every run on the variant groups it answered whole.
func (t *Tally) variantCells() []VariantCell {
	groups := variantGroups(t.order)
	if len(groups) == 0 {
		return nil
	}
	type cellKey struct {
		run                     Run
		protocol, suite, family string
		options, horizon        int
	}
	index := map[cellKey]int{}
	var cells []VariantCell
	right := make([]int, 0, 8) // per cell: rows right
	for k, run := range t.runs {
		s := t.state[k]
		for _, g := range groups {
			q := t.order[g[0]]
			n, whole := 0, true
			for _, pos := range g {
				if !s.answered.get(pos) {
					whole = false
					break
				}
				if s.right.get(pos) {
					n++
				}
			}
			if !whole {
				continue
			}
			key := cellKey{run, q.Protocol, q.Suite, q.Family, len(q.Options.Choices), q.Horizon}
			c, ok := index[key]
			if !ok {
				c = len(cells)
				index[key] = c
				cells = append(cells, VariantCell{Model: run.Model, PromptStyle: run.PromptStyle, Setting: run.Setting,
					Protocol: q.Protocol, Suite: q.Suite, Family: q.Family, Options: key.options, Horizon: q.Horizon})
				right = append(right, 0)
			}
			cells[c].Groups++
			cells[c].Rows += len(g)
			right[c] += n
			if n == len(g) {
				cells[c].Worst.Correct++
			}
		}
	}
	for c := range cells {
		vc := &cells[c]
		vc.Worst = newRate(vc.Worst.Correct, vc.Groups)
		mean := float64(right[c]) / float64(vc.Rows)
		lo, hi := wilsonAt(mean, vc.Groups)
		vc.Mean = Interval{Value: mean, Low: lo, High: hi}
	}
	return cells
}

// wilsonAt is Wilson's 95% interval of a share p observed over n trials,
// p not necessarily a whole number of successes over n.
func wilsonAt(p float64, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = z95
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// WriteVariants writes the cells of the scores over variant groups as a
// terminal table, a line per cell; nothing when there are none.
func WriteVariants(w io.Writer, cells []VariantCell) error {
	if len(cells) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nVariant groups (gen --variants): mean over the rows, and worst case over each group (right only if every row of the group is), groups answered whole")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "suite\tfamily\toptions\thorizon\trun\tgroups\trows\tmean [95%]\tworst case [95%]")
	for i := range cells {
		c := &cells[i]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%d\t%s\t%s\n", c.Suite, c.Family, optionsText(c.Options), c.Horizon,
			lineOf(c.Run(), c.Protocol), c.Groups, c.Rows, intervalText(c.Mean), intervalText(Interval{Value: c.Worst.Accuracy, Low: c.Worst.Low, High: c.Worst.High}))
	}
	return tw.Flush()
}

// optionsText words a number of options: "-" for an open-ended suite.
func optionsText(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

// lineOf names a run under a protocol.
func lineOf(r Run, protocol string) string {
	if protocol != "" {
		return r.String() + " protocol " + protocol
	}
	return r.String()
}
