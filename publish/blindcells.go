package publish

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/formplan/formplan/suites"
)

// Measured is what readers of the text alone scored on each cell, as
// `gen blind` wrote it (package blind's tables). The card quotes it for
// the cells its dataset holds; the writer gets it from its caller and
// knows nothing of the readers.
type Measured interface {
	// Table returns the rows one suite has in the tables, under their
	// header, or "" when they have none.
	Table(suite string) string
	// Summary is the last line of the default families' table.
	Summary() string
	// LongSummary is the last line of the long families' table.
	LongSummary() string
	// OptInSummary is the last line of the opt-in suites' table.
	OptInSummary() string
	// InLong reports whether the long families' table measures family.
	InLong(family string) bool
}

// cell is a suite's cell as gen blind measures it: an option count (0 for
// an open-ended question) and a horizon (noHorizon when null).
type cell struct {
	options, horizon int64
}

// blindRow is what gen blind's table says of one cell.
type blindRow struct {
	rows, chance, score, p string
}

// blindRows returns the measured table's rows of a suite by family and
// cell; none when nothing was measured.
func blindRows(m Measured, suite string) map[string]map[cell]blindRow {
	out := map[string]map[cell]blindRow{}
	if m == nil {
		return out
	}
	lines := strings.Split(m.Table(suite), "\n")
	cells := func(l string) []string {
		c := strings.Split(strings.Trim(l, "|"), "|")
		for k := range c {
			c[k] = strings.TrimSpace(c[k])
		}
		return c
	}
	// The columns by their names in the header gen blind writes.
	col := map[string]int{}
	for k, name := range cells(lines[0]) {
		col[name] = k
	}
	for _, name := range []string{"suite", "family", "options", "horizon", "rows", "chance", "its score", "smallest p"} {
		if _, ok := col[name]; !ok {
			return out // not a table of gen blind's: nothing measured
		}
	}
	for _, l := range lines[1:] {
		c := cells(l)
		if len(c) != len(col) || c[col["suite"]] != suite {
			continue
		}
		var key cell
		var err error
		if o := c[col["options"]]; o != "-" {
			if key.options, err = strconv.ParseInt(o, 10, 64); err != nil {
				continue
			}
		}
		if h := c[col["horizon"]]; h != "-" { // "-": a suite without horizon, 0 in its rows
			if key.horizon, err = strconv.ParseInt(h, 10, 64); err != nil {
				continue
			}
		}
		fam := c[col["family"]]
		if out[fam] == nil {
			out[fam] = map[cell]blindRow{}
		}
		out[fam][key] = blindRow{rows: c[col["rows"]], chance: c[col["chance"]], score: c[col["its score"]], p: c[col["smallest p"]]}
	}
	return out
}

// blindIntro says once what the brackets of each suite's table hold.
func blindIntro(b *bytes.Buffer, stats []*suiteStats, paper bool, meas Measured) {
	var rows []string
	long := false  // a row measured in the long families' table
	optIn := false // a row of an opt-in suite, measured in their table
	for _, st := range stats {
		s, _ := suites.Lookup(st.name)
		for fam, m := range st.byCell {
			for c, n := range m {
				if r, ok := st.measured[fam][c]; ok && n > 0 {
					rows = append(rows, r.rows)
					long = long || meas.InLong(fam) && !s.OptIn
					optIn = optIn || s.OptIn
				}
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "Brackets in each suite's table: the best score of a reader of the text alone (task, question, options) on the cell "+
		"(against the bound of the text alone, `metadata.chance`, in an open-ended suite); `p`: the smallest p-value of any reader. "+
		"From `gen blind` on %s fresh questions a cell (seed 1; the generator's `blind/table.md`)", spanOf(rows))
	if paper {
		b.WriteString(", under formplan's own protocol, not the paper's")
	}
	b.WriteString(". The whole table: " + meas.Summary())
	if long {
		b.WriteString("; the long families' (`blind/table_long.md`): " + meas.LongSummary())
	}
	if optIn {
		b.WriteString("; the opt-in suites' (`blind/table_optin.md`): " + meas.OptInSummary())
	}
	b.WriteString(".\n\n")
}

// writeSuiteTable writes the table of one suite's rows by family and
// horizon, with, in each cell the rows fill, the score of the best reader
// of the text alone that gen blind measured there; then the suite's
// answers.
func writeSuiteTable(b *bytes.Buffer, st *suiteStats) {
	measured := st.measured
	type line struct {
		family  string
		options int64
	}
	var lines []line
	seenLine := map[line]bool{}
	seenH := map[int64]bool{}
	seenO := map[int64]bool{}
	for fam, m := range st.byCell {
		for c, n := range m {
			if n == 0 {
				continue
			}
			if l := (line{fam, c.options}); !seenLine[l] {
				seenLine[l] = true
				lines = append(lines, l)
			}
			seenH[c.horizon], seenO[c.options] = true, true
		}
	}
	sort.Slice(lines, func(i, j int) bool {
		if lines[i].family != lines[j].family {
			return lines[i].family < lines[j].family
		}
		return lines[i].options < lines[j].options
	})
	horizons := sortedKeys(seenH)
	b.WriteString("Rows by family and horizon")
	switch {
	case st.open:
		b.WriteString(" (text alone: best reader / bound)")
	case len(seenO) == 1:
		for o := range seenO {
			fmt.Fprintf(b, " (text alone: chance %s)", chanceOf(o))
		}
	default:
		b.WriteString(" (text alone: chance 1/options)")
	}
	b.WriteString(":\n\n| family |")
	free := false // a suite without horizon: its one column is its rows
	if s, ok := suites.Lookup(st.name); ok {
		free = s.NoHorizon
	}
	for _, h := range horizons {
		if free {
			b.WriteString(" no horizon |")
			continue
		}
		b.WriteString(" h" + horizonLabel(h) + " |")
	}
	b.WriteString(" rows | p |\n|---|" + strings.Repeat("---:|", len(horizons)+2) + "\n")

	byH := make([]int64, len(horizons))
	var all int64
	missing := 0
	smallestAll, smallestAllP := math.Inf(1), "-"
	for _, l := range lines {
		label := mdCell(l.family)
		if len(seenO) > 1 && l.options > 0 {
			label += fmt.Sprintf(" (%d options)", l.options)
		}
		b.WriteString("| " + label + " |")
		var total int64
		smallest, smallestP := math.Inf(1), "-"
		for k, h := range horizons {
			c := cell{l.options, h}
			n := st.byCell[l.family][c]
			if n == 0 {
				b.WriteString(" |")
				continue
			}
			byH[k] += n
			total += n
			r, ok := measured[l.family][c]
			switch {
			case !ok:
				missing++
				fmt.Fprintf(b, " %d (-) |", n)
				continue
			case st.open:
				fmt.Fprintf(b, " %d (%s / %s) |", n, mdCell(r.score), mdCell(r.chance))
			default:
				fmt.Fprintf(b, " %d (%s) |", n, mdCell(r.score))
			}
			if p, err := strconv.ParseFloat(r.p, 64); err == nil && p < smallest {
				smallest, smallestP = p, r.p
			}
		}
		all += total
		fmt.Fprintf(b, " %d | %s |\n", total, mdCell(smallestP))
		if smallest < smallestAll {
			smallestAll, smallestAllP = smallest, smallestP
		}
	}
	b.WriteString("| **total** |")
	for _, n := range byH {
		fmt.Fprintf(b, " %d |", n)
	}
	fmt.Fprintf(b, " %d | %s |\n\n", all, mdCell(smallestAllP))
	if missing > 0 {
		b.WriteString("(-): not measured. The generator's table holds the built-in families at 2, 3, 4, 6 and 8 options and horizons 1-12; " +
			"`gen blind --options --horizon` measures other cells of a built-in family, none of a custom one.\n\n")
	}
	if !st.open {
		writeAnswers(b, st)
	}
}

// writeAnswers writes how many rows of a suite have each answer.
func writeAnswers(b *bytes.Buffer, st *suiteStats) {
	byAnswer := map[string]int64{}
	for _, m := range st.byAnswer {
		for a, n := range m {
			byAnswer[a] += n
		}
	}
	var parts []string
	for _, a := range sortedKeys(byAnswer) {
		parts = append(parts, fmt.Sprintf("%s %d", mdCode(a), byAnswer[a]))
	}
	b.WriteString("Answers: " + strings.Join(parts, ", ") + ".\n\n")
}

// chanceOf returns the chance of a guess among n options, in percent.
func chanceOf(n int64) string { return fmt.Sprintf("%.1f%%", 100/float64(n)) }

// horizonLabel names a horizon column.
func horizonLabel(h int64) string {
	if h == noHorizon {
		return "null"
	}
	return strconv.FormatInt(h, 10)
}

// spanOf returns the smallest and largest of counts written as numbers, as
// "n" or "n to m".
func spanOf(counts []string) string {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, c := range counts {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil {
			continue
		}
		lo, hi = min(lo, n), max(hi, n)
	}
	if lo > hi {
		return strings.Join(counts[:1], "")
	}
	if lo == hi {
		return strconv.FormatInt(lo, 10)
	}
	return strconv.FormatInt(lo, 10) + " to " + strconv.FormatInt(hi, 10)
}
