package pipeline

import (
	"errors"
	"fmt"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// A suite's rows are kept distinct: no two rows of a suite have the same
// Item (the same prompts and pictures). Row i takes the first question of
// its sequence (suites.Suite.Draws) whose Item no row of the suite below i
// has. The rule depends only on the rows below, taken in index order, so
// the output is the same whatever the number of workers; a shard that
// starts at index lo first builds, text only, the rows below lo to learn
// their Items (Run), and a run with pictures can check every row before a
// browser starts (Check).
//
// Under the Paper protocol the rows of a group ask about one item: the
// group's first row decides how far along the sequence the whole group
// goes, and the others take the question at the same place. Their rows
// then differ from every row before as the first one does (temporal_order's
// four rows show one pair of pictures in both orders and both formats, so
// two groups share either all their rows or none).

// maxRedraws is how many questions a row draws past its first, at most,
// before its cell counts as out of distinct questions: a cell still
// holding new questions of 1/1000 of its draws' odds goes on with odds of
// 1 - 5e-5. A cell that does run out costs this many draws once.
const maxRedraws = 10_000

// distinct is a suite's Items of the rows below next, in one run or pass.
type distinct struct {
	suite *suites.Suite
	spec  *suites.Spec
	total int64 // the suite's rows in the whole run (every shard)
	seen  itemSet
	cells map[cellKey]int64 // rows taken per family and horizon
	next  int64             // the row to take next
	// group is the first row of the group of the row taken last, and
	// attempt its place in the group's sequence (Paper protocol).
	group   int64
	attempt int
}

// cellKey is a family and horizon of a suite.
type cellKey struct {
	family  string
	horizon int
}

// newDistinct returns the state of suite s under sp before its first
// row, of a run of total rows in all.
func newDistinct(s *suites.Suite, sp *suites.Spec, total int64) *distinct {
	return &distinct{suite: s, spec: sp, total: total, cells: map[cellKey]int64{}, group: -1}
}

// take adds row q, whose Item is it, built as the first of its sequence
// (Build), to the rows taken; rows come in index order from 0. When a row
// below has its Item, q is replaced by the question the rule gives, and
// take reports true. A cell that runs out of distinct questions gives an
// *ExhaustedError.
func (d *distinct) take(q *question.Question, it Item) (bool, error) {
	i := q.Index
	if i != d.next {
		return false, fmt.Errorf("pipeline: %s: row %d taken after row %d", d.suite.Name, i, d.next-1)
	}
	replaced := false
	switch {
	case q.Group == i: // a group's first row, or a row of its own
		d.group, d.attempt = i, 0
		if d.has(it) {
			var err error
			if d.attempt, it, err = d.redraw(q); err != nil {
				return false, err
			}
			replaced = true
		}
	case q.Group != d.group:
		return false, fmt.Errorf("pipeline: %s: row %d taken without the first row of its group, %d", d.suite.Name, i, q.Group)
	default:
		if d.attempt > 0 {
			var err error
			if *q, err = d.nth(i, d.attempt); err != nil {
				return false, err
			}
			it, replaced = ItemOf(q), true
		}
		if d.has(it) {
			return false, fmt.Errorf("pipeline: %s: row %d asks what a row before it asks, though the first row of its group, %d, does not", d.suite.Name, i, q.Group)
		}
	}
	d.seen.add(it)
	d.cells[cellKey{q.Family, q.Horizon}]++
	d.next++
	return replaced, nil
}

// redraw replaces q, whose Item a row below has, by the next question of
// its sequence whose Item none has, and returns its place in the sequence
// and its Item.
func (d *distinct) redraw(q *question.Question) (int, Item, error) {
	at := 0
	for next, err := range d.suite.Draws(d.spec, q.Index) {
		if err != nil {
			return 0, 0, err
		}
		if at == 0 { // Build's question, already refused
			at++
			continue
		}
		if it := ItemOf(&next); !d.has(it) {
			*q = next
			return at, it, nil
		}
		if at == maxRedraws {
			break
		}
		at++
	}
	return 0, 0, d.exhausted(q)
}

// has reports whether a row taken has Item it.
func (d *distinct) has(it Item) bool { return d.seen.has(it) }

// nth returns question n (from 0) of row i's sequence.
func (d *distinct) nth(i int64, n int) (question.Question, error) {
	at := 0
	for q, err := range d.suite.Draws(d.spec, i) {
		if err != nil || at == n {
			return q, err
		}
		at++
	}
	return question.Question{}, errors.New("pipeline: a sequence of questions ended") // Draws goes on until an error
}

// exhausted returns the error of q's cell, out of distinct questions.
func (d *distinct) exhausted(q *question.Question) error {
	e := &ExhaustedError{Suite: q.Suite, Family: q.Family, Horizon: q.Horizon, Draws: maxRedraws,
		Distinct: d.cells[cellKey{q.Family, q.Horizon}],
		Asked:    d.suite.Asked(d.spec, d.total, q.Family, q.Horizon)}
	if !d.suite.Open {
		e.Choices = d.spec.Choices
		if e.Choices == 0 {
			e.Choices = 4
		}
	}
	return e
}

// ExhaustedError reports a cell of a suite (a family at a horizon) that
// cannot give as many distinct questions as the run asks of it.
type ExhaustedError struct {
	Suite   string
	Family  string
	Horizon int
	Choices int // options of a multiple-choice suite; 0 for an open-ended one
	// Distinct is how many distinct questions the cell gave before one of
	// its rows found none new in Draws more draws; Asked is how many rows
	// of the cell the whole run (every shard) asks for.
	Distinct, Asked int64
	Draws           int
}

// Error words the refusal in one line: the cell, how many distinct
// questions it gives and how many are asked, and what to do.
func (e *ExhaustedError) Error() string {
	with := ""
	if e.Choices > 0 {
		with = fmt.Sprintf(" with %d options", e.Choices)
	}
	at, cell := fmt.Sprintf(" at horizon %d", e.Horizon), "family and horizon"
	if e.Horizon == 0 { // a suite without horizon: the family is the cell
		at, cell = "", "family"
	}
	return fmt.Sprintf("%s: %s%s%s gives only %d distinct questions (a row found none new in %d more draws), but the run asks for %d: ask for at most %d of that %s (a smaller --n or --config count) or leave %s out of --families",
		e.Suite, e.Family, at, with, e.Distinct, e.Draws, e.Asked, e.Distinct, cell, e.Family)
}
