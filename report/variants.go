package report

import (
	"strconv"

	"github.com/formplan/formplan/score"
)

// variantsTable is every cell of the scores over variant groups (gen
// --variants): a line per suite, family, options, horizon and run.
func variantsTable(s *score.Summary) table {
	t := table{name: "variants", caption: "Variant groups: accuracy in % over the rows of the groups a run answered whole, and the worst case over each group (right only if every row is), with 95% intervals over groups",
		header:  []string{"suite", "family", "options", "horizon", "run", "groups", "rows", "mean", "95% CI", "worst case", "95% CI"},
		numeric: []bool{false, false, true, true, false, true, true, true, false, true, false}}
	for i := range s.Variants {
		c := &s.Variants[i]
		options := "-"
		if c.Options > 0 {
			options = strconv.Itoa(c.Options)
		}
		t.rows = append(t.rows, []string{c.Suite, c.Family, options, strconv.Itoa(c.Horizon), lineName(c.Run(), c.Protocol),
			strconv.Itoa(c.Groups), strconv.Itoa(c.Rows), pct(c.Mean.Value), interval(c.Mean.Low, c.Mean.High),
			pct(c.Worst.Accuracy), interval(c.Worst.Low, c.Worst.High)})
	}
	return t
}
