package blind

import (
	_ "embed"
	"slices"
	"strings"
)

// table is the output of `make blind` on this code: every cell's readers,
// written by gen blind, on the default families.
//
//go:embed table.md
var table string

// tableLong is the same for the long families (forms.Long): the output
// of `make blind-long`.
//
//go:embed table_long.md
var tableLong string

// tableOptIn is the same for the opt-in suites (suites.Suite.OptIn,
// which `make blind` leaves out) on the default and the long families:
// the output of `make blind-optin`.
//
//go:embed table_optin.md
var tableOptIn string

// Tables reads the measured tables that `make blind`, `make blind-long`
// and `make blind-optin` write, as the dataset card quotes them.
type Tables struct{}

// Table returns the rows of the measured tables (see `make blind`,
// `make blind-long` and `make blind-optin`) for one suite, under the
// tables' header, or "" when the tables have none.
func (Tables) Table(suite string) string {
	lines := strings.Split(table, "\n")
	if len(lines) < 2 {
		return ""
	}
	var b strings.Builder
	for _, l := range slices.Concat(lines, strings.Split(tableLong, "\n"), strings.Split(tableOptIn, "\n")) {
		if strings.HasPrefix(l, "| "+suite+" |") {
			b.WriteString(l + "\n")
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return lines[0] + "\n" + lines[1] + "\n" + b.String()
}

// Summary returns the last line of the default families' table: how many
// cells, and that no reader beat chance.
func (Tables) Summary() string { return lastLine(table) }

// LongSummary returns the last line of the long families' table.
func (Tables) LongSummary() string { return lastLine(tableLong) }

// OptInSummary returns the last line of the opt-in suites' table.
func (Tables) OptInSummary() string { return lastLine(tableOptIn) }

// InLong reports whether the long families' table measures family.
func (Tables) InLong(family string) bool {
	return strings.Contains(tableLong, "| "+family+" |")
}

func lastLine(t string) string {
	lines := strings.Split(strings.TrimSpace(t), "\n")
	return lines[len(lines)-1]
}
