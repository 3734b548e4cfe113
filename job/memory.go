package job

import (
	"github.com/formplan/formplan/internal/heapbudget"
	"github.com/formplan/formplan/pipeline"
)

// budgetMemory gives the garbage collector of a run without pictures a
// fixed budget (pipeline.TextHeap, as pipeline.BudgetTextHeap), unless GOGC
// or GOMEMLIMIT is set in the environment (getenv), which then decide. It
// returns what puts the settings back.
func budgetMemory(pictures bool, workers int, getenv func(string) string) (restore func()) {
	if pictures {
		return func() {}
	}
	return heapbudget.Default(pipeline.TextHeap(workers), getenv)
}
