// Package rowcheck holds what the checks of one dataset row share: the
// list of problems found, the row with its decoded metadata and the
// re-simulation of its plans, and the checks more than one suite makes
// (the answer's letter, candidate starts, image_needed).
//
// Package verify reads a row, makes the checks every suite shares and
// hands the row to the check its suite registers (suites.Suite.Check),
// which adds the suite's own problems:
//
//	r := &rowcheck.Row{Col: row, Meta: m, Texts: texts, Runs: runs, P: &p}
//	suite.Check(r) // p now lists what is wrong with the row
//
// It decides nothing by a suite's name, and imports neither suites nor
// verify.
package rowcheck

import (
	"fmt"
	"math"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// Problems collects what is wrong with one row, a sentence each.
type Problems []string

// Addf adds a problem worded by format and args as fmt.Sprintf does.
func (p *Problems) Addf(format string, args ...any) {
	*p = append(*p, fmt.Sprintf(format, args...))
}

// Row is one row under check: its columns, its decoded metadata (whose
// form, start and pictured states are well formed), and what the checks
// every suite shares worked out of it.
type Row struct {
	Col   *dataset.Row   // the row's columns
	Meta  *question.Meta // the row's metadata, decoded
	Texts []string       // each plan of Meta.Plans in English (suites.PlanText)
	Runs  []Run          // each plan of Meta.Plans re-run from Meta.Start
	P     *Problems      // where the problems found go
}

// Addf adds a problem of the row; see Problems.Addf.
func (r *Row) Addf(format string, args ...any) { r.P.Addf(format, args...) }

// AnswerIdx returns the row's answer index, or -1 when it is null or
// past the last letter.
func (r *Row) AnswerIdx() int {
	a := r.Col.AnswerIdx
	if a == nil || *a < 0 || *a >= int64(len(question.Letters)) {
		return -1
	}
	return int(*a)
}

// Run is the re-simulation of one plan from a state.
type Run struct {
	Out   statesim.Outcome // what statesim.Run gives
	Err   error            // why the plan does not apply, if it does not
	Valid bool             // every step before the first submit applies
}

// RunFrom runs plan on form f from s.
func RunFrom(f *forms.Form, s statesim.State, plan []statesim.Action) Run {
	out, err := statesim.Run(f, s, plan)
	return Run{Out: out, Err: err, Valid: err == nil}
}

// Reaches reports whether the plan is valid, submits and ends meeting g.
func (r Run) Reaches(f *forms.Form, g *statesim.Goal) bool {
	return r.Valid && r.Out.Submitted && g != nil && g.Met(f, r.Out.Final)
}

// Letter names option k by its letter, or by its number past H.
func Letter(k int) string {
	if k >= 0 && k < len(question.Letters) {
		return question.Letters[k : k+1]
	}
	return fmt.Sprintf("#%d", k+1)
}

// OptionLetters names options by letter: "A, C".
func OptionLetters(ks []int) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = Letter(k)
	}
	return strings.Join(s, ", ")
}

// Near reports whether a and b agree to rounding.
func Near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// pickWord returns a when c holds, else b.
func pickWord(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
