package blind

import (
	_ "embed"
	"strings"
)

// table is the output of `make blind` on this code: every cell's readers,
// written by gen blind.
//
//go:embed table.md
var table string

// Table returns the rows of the measured table (see `make blind`) for one
// suite, under the table's header, or "" when the table has none.
func Table(suite string) string {
	lines := strings.Split(table, "\n")
	if len(lines) < 2 {
		return ""
	}
	var b strings.Builder
	for _, l := range lines {
		if strings.HasPrefix(l, "| "+suite+" |") {
			b.WriteString(l + "\n")
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return lines[0] + "\n" + lines[1] + "\n" + b.String()
}

// Summary returns the last line of the measured table: how many cells, and
// that no reader beat chance.
func Summary() string {
	lines := strings.Split(strings.TrimSpace(table), "\n")
	return lines[len(lines)-1]
}
