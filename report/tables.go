package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/score"
)

// table is one table of the report, shown in the page and written as CSV
// and as LaTeX (booktabs).
type table struct {
	name    string // file name without extension
	caption string
	header  []string
	rows    [][]string
	// numeric marks the columns set right-aligned in LaTeX.
	numeric []bool
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

func interval(lo, hi float64) string { return "[" + pct(lo) + ", " + pct(hi) + "]" }

// scoresTable is every cell by suite: a line per suite and run.
func scoresTable(s *score.Summary) table {
	t := table{name: "scores", caption: "Scores by suite and run: accuracy (for an open-ended suite its main measure) in %, with 95% Wilson intervals",
		header:  []string{"suite", "run", "rotation", "n", "accuracy", "95% CI", "unparsed", "strict", "circular", "chance"},
		numeric: []bool{false, false, true, true, true, false, true, true, true, true}}
	for _, su := range suitesOf(s) {
		for i := range s.Suites {
			c := &s.Suites[i]
			if c.Key["suite"] != su {
				continue
			}
			strict, circular := "", ""
			if c.Strict != nil {
				strict = pct(c.Strict.Accuracy)
			}
			if c.Circular != nil {
				circular = pct(c.Circular.Accuracy)
			}
			t.rows = append(t.rows, []string{su, lineName(c.Run(), c.Protocol), strconv.Itoa(c.Rotation), strconv.Itoa(c.N),
				pct(c.Accuracy), interval(c.Low, c.High), strconv.Itoa(c.Unparsed), strict, circular, pct(s.Chance[su])})
		}
	}
	return t
}

// overallTable is every run's overall score.
func overallTable(s *score.Summary) table {
	t := table{name: "overall", caption: "Overall, every suite a run answered: micro (every reply counts the same) and macro (every suite does), in %, with 95% intervals",
		header:  []string{"run", "rotation", "suites", "n", "micro", "95% CI", "macro", "95% CI", "unparsed"},
		numeric: []bool{false, true, true, true, true, false, true, false, true}}
	for _, o := range s.Overall {
		t.rows = append(t.rows, []string{lineName(o.Run(), o.Protocol), strconv.Itoa(o.Rotation), strconv.Itoa(o.Suites), strconv.Itoa(o.Micro.N),
			pct(o.Micro.Accuracy), interval(o.Micro.Low, o.Micro.High), pct(o.Macro.Value), interval(o.Macro.Low, o.Macro.High), strconv.Itoa(o.Unparsed)})
	}
	return t
}

// pairedTable is every two runs compared on the questions both answered.
func pairedTable(s *score.Summary) table {
	t := table{name: "paired", caption: "Paired comparisons on the questions both runs answered: accuracy in %, the difference in points, and the p-value of McNemar's exact test",
		header:  score.PairedHeader,
		numeric: []bool{false, false, false, true, true, true, true, true, true, true}}
	for i := range s.Paired {
		t.rows = append(t.rows, score.PairedRow(&s.Paired[i]))
	}
	return t
}

// orderTable is every run's order gap on temporal_order.
func orderTable(s *score.Summary) table {
	t := table{name: "order", caption: "temporal_order: accuracy in % when the earlier picture is shown first and second, the gap in points with its 95% interval, and over items asked both ways their mean gap",
		header:  []string{"run", "earlier first", "n", "earlier second", "n", "gap", "95% CI", "items both ways", "mean gap", "95% CI"},
		numeric: []bool{false, true, true, true, true, true, false, true, true, false}}
	for _, g := range s.Gaps {
		row := []string{g.Run().String(), pct(g.EarlierFirst.Accuracy), strconv.Itoa(g.EarlierFirst.N), pct(g.LaterFirst.Accuracy), strconv.Itoa(g.LaterFirst.N),
			fmt.Sprintf("%+.1f", 100*g.Gap), fmt.Sprintf("[%+.1f, %+.1f]", 100*g.Low, 100*g.High), "", "", ""}
		if g.Items > 0 {
			row[7], row[8], row[9] = strconv.Itoa(g.Items), fmt.Sprintf("%+.1f", 100*g.Paired), fmt.Sprintf("[%+.1f, %+.1f]", 100*g.PairedLow, 100*g.PairedHigh)
		}
		t.rows = append(t.rows, row)
	}
	return t
}

// csv returns the table as CSV, the header first.
func (t *table) csv() ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.Write(t.header); err != nil {
		return nil, err
	}
	if err := w.WriteAll(t.rows); err != nil {
		return nil, fmt.Errorf("report: %s.csv: %w", t.name, err)
	}
	return b.Bytes(), nil
}

// latex returns the table as a LaTeX table with booktabs rules
// (\usepackage{booktabs}).
func (t *table) latex() []byte {
	var b bytes.Buffer
	b.WriteString("% formplan scores; needs \\usepackage{booktabs}\n\\begin{table}[t]\n\\centering\n\\small\n")
	fmt.Fprintf(&b, "\\caption{%s}\n\\label{tab:formplan-%s}\n\\begin{tabular}{", texEscape(t.caption), t.name)
	for k := range t.header {
		if k < len(t.numeric) && t.numeric[k] {
			b.WriteByte('r')
		} else {
			b.WriteByte('l')
		}
	}
	b.WriteString("}\n\\toprule\n")
	b.WriteString(texRow(t.header))
	b.WriteString("\\midrule\n")
	for _, r := range t.rows {
		b.WriteString(texRow(r))
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n\\end{table}\n")
	return b.Bytes()
}

func texRow(cells []string) string {
	out := make([]string, len(cells))
	for k, c := range cells {
		out[k] = texEscape(c)
	}
	return strings.Join(out, " & ") + " \\\\\n"
}

// texEscaper escapes the characters LaTeX gives a meaning in text.
var texEscaper = strings.NewReplacer(`\`, `\textbackslash{}`, "&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`,
	"{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`, "<", `\textless{}`, ">", `\textgreater{}`)

func texEscape(s string) string { return texEscaper.Replace(s) }
