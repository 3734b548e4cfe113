// Package blind scores readers that see only a question's words (its task,
// question and options, never a picture, caption or history) against the
// answers, cell by cell, to show that none beats chance. Each suite
// registers its readers (package suites; the readers themselves are in
// package textonly): surface heuristics (longest option, per-position
// majority, most like the task's words), a symbolic reader that runs every
// option from every start the family can give, and an exact bound: a
// reader that guesses uniformly among the options that are the only
// correct one for some start. With formplan's construction every reader
// scores 1/N in expectation; a cell where one does better is a leak to
// find.
package blind

import (
	"slices"

	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/textonly"
)

// readers returns the readers of a question of suite made under
// protocol: those the suite registers, and under the Paper protocol also
// its readers of what that protocol adds. A suite the registry does not
// know is read as a multiple-choice one.
func readers(suite, protocol string) []textonly.Reader {
	s, ok := suites.Lookup(suite)
	if !ok {
		return textonly.MCQ
	}
	if protocol != suites.Paper || len(s.PaperReaders) == 0 {
		return s.Readers
	}
	return append(slices.Clone(s.Readers), s.PaperReaders...)
}
