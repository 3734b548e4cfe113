package score

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// WriteTable writes cells as a terminal table, a line per cell: the
// values of dims, the run (model, and prompt style, setting, protocol and
// rotation where any cell has one) and the cell's score (see Entry).
func WriteTable(w io.Writer, cells []Cell, dims []string) error {
	cols := runColumns(cells, dims)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(slices.Concat(dims, cols, []string{"accuracy [95%] n"}), "\t"))
	for i := range cells {
		c := &cells[i]
		line := make([]string, 0, len(dims)+len(cols)+1)
		for _, d := range dims {
			line = append(line, c.Key[d])
		}
		for _, col := range cols {
			line = append(line, runValue(col, c.Run(), c.Protocol, c.Rotation))
		}
		fmt.Fprintln(tw, strings.Join(append(line, Entry(c)), "\t"))
	}
	return tw.Flush()
}

// Entry words a cell's score: "75.0% [40.9, 92.9] n=8", then its circular
// score, its strict accuracy where that differs, how many unparsed, and
// the measures of an open-ended suite.
func Entry(c *Cell) string {
	e := fmt.Sprintf("%5.1f%% [%.1f, %.1f] n=%d", 100*c.Accuracy, 100*c.Low, 100*c.High, c.N)
	if cc := c.Circular; cc != nil {
		e += fmt.Sprintf(", circular %.1f%% [%.1f, %.1f] n=%d", 100*cc.Accuracy, 100*cc.Low, 100*cc.High, cc.N)
	}
	if s := c.Strict; s != nil {
		e += fmt.Sprintf(", strict %.1f%% [%.1f, %.1f]", 100*s.Accuracy, 100*s.Low, 100*s.High)
	}
	if c.Unparsed > 0 {
		e += fmt.Sprintf(" (%d unparsed)", c.Unparsed)
	}
	if c.Metrics != nil {
		e += fmt.Sprintf(" chance %.1f%%; %s", 100*c.Chance, MetricsText(c.Metrics))
	}
	return e
}

// runColumns returns the columns that tell runs apart: model, and those
// of prompt_style, setting, protocol and rotation that some cell has and
// dims do not already show.
func runColumns(cells []Cell, dims []string) []string {
	cols := []string{"model"}
	for _, col := range []string{"prompt_style", "setting", "protocol", "rotation"} {
		if slices.Contains(dims, col) {
			continue
		}
		for i := range cells {
			if runValue(col, cells[i].Run(), cells[i].Protocol, cells[i].Rotation) != "" {
				cols = append(cols, col)
				break
			}
		}
	}
	return cols
}

// runValue returns a run column's value; "" for rotation 0.
func runValue(col string, r Run, protocol string, rotation int) string {
	switch col {
	case "model":
		return r.Model
	case "prompt_style":
		return r.PromptStyle
	case "setting":
		return r.Setting
	case "protocol":
		return protocol
	case "rotation":
		if rotation != 0 {
			return strconv.Itoa(rotation)
		}
	}
	return ""
}

// WriteSummary writes the table of s.Cells (see WriteTable), then every
// run's overall score and the paired comparisons of runs.
func WriteSummary(w io.Writer, s *Summary) error {
	if err := WriteTable(w, s.Cells, s.Dims); err != nil {
		return err
	}
	if err := WriteVariants(w, s.Variants); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nOverall, every suite (micro: every reply counts the same; macro: every suite does)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tsuites\tmicro [95%] n\tmacro [95%]")
	for i := range s.Overall {
		o := &s.Overall[i]
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", OverallName(o), o.Suites, rateText(o.Micro), intervalText(o.Macro))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := writeAttribution(w, s); err != nil {
		return err
	}
	if s.PairedNote != "" {
		_, err := fmt.Fprintf(w, "\nPaired: %s\n", s.PairedNote)
		return err
	}
	if len(s.Paired) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nPaired, on the questions both runs answered (McNemar's exact test)")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(PairedHeader, "\t"))
	for i := range s.Paired {
		row := PairedRow(&s.Paired[i])
		row[4], row[5] = row[4]+"%", row[5]+"%"
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	return tw.Flush()
}

// PairedHeader names the columns of PairedRow.
var PairedHeader = []string{"suite", "A", "B", "items", "A", "B", "A - B", "only A right", "only B right", "p"}

// PairedRow is a paired comparison as the tables show it: the suite, the
// two runs, the items both answered, each run's accuracy in % and the
// difference in points (one decimal), the discordant counts and the
// p-value of McNemar's exact test.
func PairedRow(p *Paired) []string {
	return []string{SuiteName(p.Suite), p.A.String(), p.B.String(), strconv.Itoa(p.Items),
		strconv.FormatFloat(100*p.AccuracyA, 'f', 1, 64), strconv.FormatFloat(100*p.AccuracyB, 'f', 1, 64),
		fmt.Sprintf("%+.1f", 100*p.Diff), strconv.Itoa(p.OnlyA), strconv.Itoa(p.OnlyB), PText(p.P)}
}

// SuiteName is the name tables give a suite; "all" for every suite.
func SuiteName(s string) string {
	if s == "" {
		return "all"
	}
	return s
}

// OverallName names an overall score's run, protocol and rotation.
func OverallName(o *Overall) string {
	name := o.Run().String()
	if o.Protocol != "" {
		name += " protocol " + o.Protocol
	}
	if o.Rotation != 0 {
		name += " rotation " + strconv.Itoa(o.Rotation)
	}
	return name
}

// PText words a p-value: "0.031", or "<0.001".
func PText(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}

func rateText(r Rate) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f] n=%d", 100*r.Accuracy, 100*r.Low, 100*r.High, r.N)
}

func intervalText(i Interval) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*i.Value, 100*i.Low, 100*i.High)
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
