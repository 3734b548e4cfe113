package question

import (
	"fmt"

	"github.com/google/uuid"
)

// namespace is the UUID namespace of question ids.
var namespace = uuid.MustParse("6f1c2a0e-5b7d-4f3e-9a21-0c8d4e6b7f10")

// ID returns the id of question index of suite under seed, the id column
// of its row: a name-based (SHA-1) UUID of the three, so reruns and shards
// agree on ids and a checker recomputes them from the row alone.
func ID(seed uint64, suite string, index int64) string {
	return uuid.NewSHA1(namespace, []byte(fmt.Sprintf("%d/%s/%d", seed, suite, index))).String()
}
