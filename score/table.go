package score

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteTable writes cells as a terminal table: a row per value of dims, a
// column per model, each entry the accuracy with its 95% interval, the
// number of replies and, if any, how many were unparsed.
func WriteTable(w io.Writer, cells []Cell, dims []string) error {
	var models []string
	seen := map[string]bool{}
	type row struct {
		key   []string
		entry map[string]*Cell
	}
	var rows []*row
	byKey := map[string]*row{}
	for i := range cells {
		c := &cells[i]
		if !seen[c.Model] {
			seen[c.Model] = true
			models = append(models, c.Model)
		}
		key := make([]string, len(dims))
		for k, d := range dims {
			key[k] = c.Key[d]
		}
		id := strings.Join(key, "\x00")
		r, ok := byKey[id]
		if !ok {
			r = &row{key: key, entry: map[string]*Cell{}}
			byKey[id] = r
			rows = append(rows, r)
		}
		r.entry[c.Model] = c
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(append(append([]string(nil), dims...), models...), "\t"))
	for _, r := range rows {
		line := append([]string(nil), r.key...)
		for _, m := range models {
			c, ok := r.entry[m]
			if !ok {
				line = append(line, "-")
				continue
			}
			e := fmt.Sprintf("%5.1f%% [%.1f, %.1f] n=%d", 100*c.Accuracy, 100*c.Low, 100*c.High, c.N)
			if cc := c.Circular; cc != nil {
				e += fmt.Sprintf(", circular %.1f%% [%.1f, %.1f] n=%d", 100*cc.Accuracy, 100*cc.Low, 100*cc.High, cc.N)
			}
			if c.Unparsed > 0 {
				e += fmt.Sprintf(" (%d unparsed)", c.Unparsed)
			}
			if c.Metrics != nil {
				e += fmt.Sprintf(" chance %.1f%%; %s", 100*c.Chance, MetricsText(c.Metrics))
			}
			line = append(line, e)
		}
		fmt.Fprintln(tw, strings.Join(line, "\t"))
	}
	return tw.Flush()
}

// MetricOrder is the order measures of open-ended questions are shown in.
var MetricOrder = []string{"success", "optimal", "partial", "valid", "efficiency", "repeats", "strict", "lenient", "points", "in_box"}

// MetricsText words a cell's measures: "success 92.0%, optimal 40.0%,
// efficiency 0.81, ..."; efficiency and repeats are ratios, the rest shares.
func MetricsText(m map[string]float64) string {
	var parts []string
	for _, k := range MetricOrder {
		v, ok := m[k]
		if !ok {
			continue
		}
		if k == "efficiency" || k == "repeats" {
			parts = append(parts, fmt.Sprintf("%s %.2f", k, v))
		} else {
			parts = append(parts, fmt.Sprintf("%s %.1f%%", k, 100*v))
		}
	}
	return strings.Join(parts, ", ")
}
