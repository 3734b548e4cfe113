package pddl

import (
	"testing"
)

// BenchmarkProblem writes the PDDL problem of every row of the short
// corpus (every suite, the built-in families under both protocols and the
// mixed family), as gen does for each row it writes; ns/op is per row.
func BenchmarkProblem(b *testing.B) {
	rows := corpus(b)
	for i := 0; b.Loop(); i++ {
		r := &rows[i%len(rows)]
		if _, err := Problem(&r.q.Meta, "bench"); err != nil {
			b.Fatal(err)
		}
	}
}
