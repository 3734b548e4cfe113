// Package verify re-checks a generated dataset from its files alone.
//
// Dir reads every row of every data file of a dataset directory
// (<dir>/<suite>/test-0000K-of-0000N.parquet, as layout.Scan finds them; a
// Parquet file of another name is an error), a batch at a time, decodes
// the row's metadata JSON and re-simulates its plans with statesim, the
// way docs/SCHEMA.md §3 describes. It never calls the suite
// builders, so a label that disagrees with the simulation is reported, not
// reproduced.
//
// Before reading a file, Dir makes sure reading it is safe and says in one
// line, naming the file, why it is not (files.go, footer.go):
//
//   - only regular files (or symbolic links to one) are read: a named pipe,
//     device, socket or directory named like a shard is an error found with
//     Lstat before anything opens it, since opening a pipe would block;
//
//   - the file starts and ends with Parquet's magic number, its footer fits
//     in it, and the footer and page index, walked without decoding them,
//     declare no length past their end, no deeper nesting than Parquet's,
//     and no more than 512 MB once decoded: the Parquet reader allocates
//     what they declare before reading it;
//
//   - the schema is the dataset's: a file of another schema is named with
//     its first column that is missing, out of place, unexpected, or of
//     another type or repetition.
//
// The checks per row are:
//
//   - id, seed, index: the id is the name-based UUID of "<seed>/<suite>/<index>"
//     (question.ID), ids are unique within a suite, and indices run
//     0, 1, 2, … in file order, shard after shard (a shard whose predecessor
//     is absent may start anywhere; absent shards are listed, not failed);
//
//   - metadata: it decodes, its form and states are well formed, every plan
//     has a submit, and its recorded finals and valid flags are what
//     re-running each plan from start gives; its answer, family and task
//     agree with the columns;
//
//   - columns: choices has no duplicates, the A–H columns repeat choices,
//     answer_idx is in range, answer is its letter (or Yes/No), exactly the
//     answer's option label is "correct", plans_text and plans_pddl render
//     metadata.plans, and caption describes the pictured states;
//
//   - PDDL (pddl.go): <dir>/pddl/<family>.domain.pddl is the domain of the
//     row's form (pddl.DomainOf), problem_pddl is the problem of the
//     metadata (pddl.Problem), and under pddl/interp, which reads PDDL and
//     knows nothing of forms, each plans_pddl entry run from problem_pddl's
//     init is valid exactly when metadata.valid says, ends in its recorded
//     final state and meets the goal exactly when the simulator's run does;
//
//   - edge_case, plan_semantic, plan_shuffle: choices[k] is the text of
//     plans[k] and exactly one plan is valid, submits and ends in a state
//     meeting every want: the one at answer_idx; the horizon is its length;
//     edge_case's history re-creates start from the clean state;
//
//   - future_state: the answer is Yes exactly when the two finals are equal;
//
//   - temporal_order: both pictures lie on the recorded run, horizon actions
//     apart in run order; the run completes the task; the earlier picture has
//     strictly more unmet wants and is the answer; order and distance agree;
//
//   - images: when present, image (and image_2 for temporal_order) are PNG
//     whose header declares image_width x image_height pixels, which must
//     be the size of a form picture at the row's scale (formview.Width x
//     formview.Height CSS px times the scale, whole pixels, scale at most
//     MaxScale); only then is a picture decoded, so memory is bounded
//     whatever a file declares. Rows without pictures, as written with
//     --no-images, pass; a row with only one of its two pictures does not;
//
//   - boxes: for a row with pictures, per picture one box per form element,
//     in form order, with its id, kind and name, inside the picture, each
//     below the one before, norm its pixels over the picture size; per plan,
//     the steps' targets and click points on picture 1 (formview.Steps);
//
//   - probes (probes.go): each picture shows the state the metadata says it
//     pictures (metadata.pictures; the start for every suite but
//     temporal_order, whose two pictures show two states of its run), read
//     from its pixels in each element's box: every checkbox checked or not,
//     every radio button selected or not, the slider's handle where its
//     value puts it and that value printed after it, every text box empty
//     or holding text, of the text's width when the file records the
//     pictures' font (Liberation Sans). A picture of another state, or with
//     one element painted over, fails with the element and the column
//     named: "image: the 2nd checkbox (e3) looks unchecked but the state
//     has it checked";
//
//   - image_needed: re-derived. A multiple-choice row must carry, per
//     option, a start from which that option and no other is correct (the
//     answer's being the pictured start); future_state a start where the
//     plans agree and one where they differ. Such witnesses make
//     image_needed true; without them it is decided by an exact search
//     over every start the family can give (statesim.Judge);
//
//   - edge_case: 1 to 3 mistakes in the history;
//
//   - horizon: every option has as many steps as the horizon says.
//
// With Options.Rerender, DirWith also renders every picture again in
// Chromium and compares it with the row's, pixel for pixel, and its boxes
// with the boxes column (rerender.go).
//
// The prompts are not re-derived.
package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// MaxFailures is how many failing rows a Report lists; every failing row is
// counted in Report.Failed whatever the cap.
const MaxFailures = 1000

// ErrNoFiles is wrapped by Dir's error when the directory holds no data
// files (layout.ErrNoFiles).
var ErrNoFiles = layout.ErrNoFiles

// batchRows is how many rows Dir reads at a time.
const batchRows = 64

// Failure is one row that does not pass.
type Failure struct {
	File   string // the Parquet file holding the row
	Suite  string // the suite directory the file is in
	ID     string // the row's id column, possibly empty
	Index  int64  // the row's index column, or -1 when it is null
	Reason string // every problem found in the row, joined by "; "
}

// SuiteReport counts the rows of one suite.
type SuiteReport struct {
	Suite  string // the suite directory name
	Files  int    // Parquet files read
	Rows   int64  // rows checked
	Failed int64  // rows with at least one problem
	// Missing names the shard files absent from a test-K-of-N series of
	// the suite: a directory may rightly hold some shards only, so this is
	// not a row failure.
	Missing []string
}

// Report is the outcome of checking a dataset directory.
type Report struct {
	Suites   []SuiteReport // per suite directory, in name order
	Files    []string      // every file read, in reading order
	Rows     int64         // rows checked in all
	Pictures int64         // pictures whose every element was probed (see checkPictures)
	Failed   int64         // failing rows in all, including those past MaxFailures
	Failures []Failure     // the first MaxFailures failing rows, in reading order
	Notes    []string      // what a reader should know that is no failure: pictures not re-rendered and why, another Chromium's differences
}

// OK reports whether every row passed.
func (r *Report) OK() bool { return r.Failed == 0 }

// Dir checks every row of every data file of dir (layout.Scan). Files are
// read one at a time, in batches, so memory does not grow with the
// dataset. The error is for what prevents checking (a missing directory, no
// files, a Parquet file of a name gen does not write, a file that is not a
// regular file, not Parquet or not of the dataset schema, a cancelled ctx); rows that fail their checks are listed
// in the Report instead.
func Dir(ctx context.Context, dir string) (Report, error) {
	return DirWith(ctx, dir, Options{})
}

// DirWith is Dir with options: see Options.
func DirWith(ctx context.Context, dir string, opt Options) (Report, error) {
	info, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return Report{}, missingDir(dir)
	}
	if err != nil {
		return Report{}, fmt.Errorf("verify: %w", err)
	}
	if !info.IsDir() {
		return Report{}, fmt.Errorf("verify: %s is not a directory", dir)
	}
	found, err := layout.Scan(dir)
	if err != nil {
		return Report{}, fmt.Errorf("verify: %w", err)
	}

	var rep Report
	var rr *rerenderer
	if opt.Rerender != RerenderOff {
		rr = newRerenderer(opt.Rerender, opt.Chrome, &rep.Notes)
		defer rr.close()
	}
	doms := newDomains(dir)
	for _, s := range found.Suites {
		rep.Suites = append(rep.Suites, SuiteReport{Suite: s.Name})
		cur := newSuiteState(s.Name, doms)
		sr := &rep.Suites[len(rep.Suites)-1]
		for i := range s.Files {
			f := &s.Files[i]
			sr.Files++
			rep.Files = append(rep.Files, f.Path)
			cur.startFile(f)
			if err := checkFile(ctx, f.Path, cur, sr, &rep, rr); err != nil {
				return rep, err
			}
		}
		sr.Missing = s.Missing()
	}
	if rr != nil {
		rr.finishFile()
	}
	return rep, nil
}

// missingDir is the error for a directory that does not exist; it matches
// fs.ErrNotExist.
type missingDir string

func (d missingDir) Error() string {
	return fmt.Sprintf("verify: directory %s does not exist", string(d))
}

func (d missingDir) Unwrap() error { return fs.ErrNotExist }

// suiteState is what the checks of one suite carry from row to row.
type suiteState struct {
	name      string
	ids       map[string]int64  // id -> index of the row that had it first
	nextIndex int64             // the index the next row should have, or -1: take the next row's
	prev      *layout.File      // the file read before, nil at first
	groups    map[string]*group // groups of rows not yet complete, by group_id
	// textWidths is whether the current file's text boxes are checked for
	// the width of their text (see textWidthsKnown).
	textWidths textRule
	domains    *domains // the dataset's PDDL domains (pddl.go)
}

func newSuiteState(name string, doms *domains) *suiteState {
	return &suiteState{name: name, ids: map[string]int64{}, groups: map[string]*group{}, domains: doms}
}

// startFile sets up the index check for the next file. Indices run on from
// the file before, except that the first row of shard K > 0 starts afresh
// when shard K-1 was not the file before (shards are written separately,
// and a directory may hold some of them only).
func (st *suiteState) startFile(f *layout.File) {
	switch {
	case st.prev == nil:
		st.nextIndex = 0
		if f.Shard > 0 {
			st.nextIndex = -1
		}
	case f.Shard > 0:
		if st.prev.Shards != f.Shards || st.prev.Shard != f.Shard-1 {
			st.nextIndex = -1
		}
	}
	st.prev = f
}

// checkFile checks the rows of one file and adds them to rep, re-rendering
// their pictures with rr unless it is nil.
func checkFile(ctx context.Context, path string, st *suiteState, sr *SuiteReport, rep *Report, rr *rerenderer) error {
	r, err := openFile(path)
	if err != nil {
		return err
	}
	st.textWidths = textWidthsKnown(r)
	if rr != nil {
		if err := rr.startFile(ctx, r, path); err != nil {
			r.Close()
			return err
		}
		if !rr.use {
			rr = nil
		}
	}
	err = checkRows(ctx, r, path, st, sr, rep, rr)
	if cerr := r.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("verify: %w", cerr)
	}
	return err
}

// checkRows reads r to the end a batch at a time, checking every row and
// re-rendering its pictures with rr unless it is nil.
func checkRows(ctx context.Context, r *dataset.Reader, path string, st *suiteState, sr *SuiteReport, rep *Report, rr *rerenderer) error {
	batch := make([]dataset.Row, batchRows)
	probs := make([]problems, batchRows)
	// What check decoded of each row of the batch, for rr to re-render
	// from; without rr, of one row at a time.
	var checks []checked
	var scratch checked
	if rr != nil {
		checks = make([]checked, batchRows)
	}
	var n, probed int64
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("verify: %s: %w", path, err)
		}
		k, rerr := r.Read(batch)
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return fmt.Errorf("verify: %w", rerr)
		}
		for i := range batch[:k] {
			c := &scratch
			if rr != nil {
				c = &checks[i]
			}
			var pics int
			probs[i], pics = st.check(&batch[i], c)
			probed += int64(pics)
		}
		if rr != nil {
			if err := rr.batch(ctx, batch[:k], checks[:k], probs[:k]); err != nil {
				return err
			}
		}
		for i := range batch[:k] {
			row := &batch[i]
			n++
			sr.Rows++
			rep.Rows++
			if len(probs[i]) == 0 {
				continue
			}
			sr.Failed++
			rep.Failed++
			if len(rep.Failures) < MaxFailures {
				idx := int64(-1)
				if row.Index != nil {
					idx = *row.Index
				}
				rep.Failures = append(rep.Failures, Failure{
					File: path, Suite: st.name, ID: row.ID, Index: idx,
					Reason: strings.Join(probs[i], "; "),
				})
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
	}
	rep.Pictures += probed
	if n != r.NumRows() {
		return fmt.Errorf("verify: %s: read %d rows, the footer says %d", path, n, r.NumRows())
	}
	return nil
}

// problems collects what is wrong with one row.
type problems []string

func (p *problems) addf(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

// checked is what check decoded of a row and found well formed, which the
// re-rendering (rerender.go) takes from it rather than decode or validate
// the row again.
type checked struct {
	pics   [2]shot        // image and image_2, as checkImages found them
	meta   *question.Meta // the decoded metadata; nil when it does not decode
	formOK bool           // the metadata's form is valid
	// The boxes column, once decoded (see boxesColumn).
	boxesRead bool
	boxes     boxesColumn
	boxesErr  error
}

// check returns every problem of row, which comes next in suite st, and how
// many of its pictures it probed. It keeps in c what it decoded of the row.
func (st *suiteState) check(row *dataset.Row, c *checked) (probs problems, probed int) {
	*c = checked{}
	defer func() {
		if v := recover(); v != nil {
			probs.addf("the row could not be checked: %v", v)
		}
	}()
	st.checkIdentity(row, &probs)
	c.pics = checkImages(row, st.name, &probs)
	var m question.Meta
	if err := json.Unmarshal([]byte(row.Metadata), &m); err != nil {
		probs.addf("metadata does not decode: %v", err)
		return probs, 0
	}
	c.meta = &m
	v := validate(&m)
	c.formOK = v.form == nil
	checkMeta(row, st.name, &m, v, &probs)
	st.domains.checkPDDL(row, st.name, &m, &probs)
	probed = checkPictures(row, &m, c, v.picturesOK(), st.textWidths, &probs)
	st.checkGroup(row, &m, &probs)
	return probs, probed
}

// validity is whether a row's metadata form and pictured states are well
// formed, worked out once for checkMeta, checkPictures and the
// re-rendering.
type validity struct {
	form     error   // the form's Validate error
	pictures []error // each pictured state's statesim.Validate error; nil when the form is invalid
}

func validate(m *question.Meta) validity {
	v := validity{form: m.Form.Validate()}
	if v.form == nil {
		// Labels and texts as the picture draws them: visible, distinct.
		v.form = m.Form.CheckLabels()
	}
	if v.form != nil {
		return v
	}
	v.pictures = make([]error, len(m.Pictures))
	for k, s := range m.Pictures {
		v.pictures[k] = statesim.Validate(&m.Form, s)
	}
	return v
}

// picturesOK reports whether the form and every pictured state are valid.
func (v validity) picturesOK() bool {
	return v.form == nil && !slices.ContainsFunc(v.pictures, func(err error) bool { return err != nil })
}

// checkIdentity checks the suite, seed, index and id columns.
func (st *suiteState) checkIdentity(row *dataset.Row, p *problems) {
	if row.Suite != st.name {
		p.addf("suite column %q, but the file is in directory %q", row.Suite, st.name)
	}
	if row.Index == nil {
		p.addf("index is null")
	} else {
		if st.nextIndex >= 0 && *row.Index != st.nextIndex {
			p.addf("index %d, want %d (rows missing, repeated or out of order)", *row.Index, st.nextIndex)
		}
		st.nextIndex = *row.Index + 1
	}
	if row.Seed == nil {
		p.addf("seed is null")
	}
	if row.Horizon == nil {
		p.addf("horizon is null")
	}
	if row.Seed != nil && row.Index != nil {
		if want := question.ID(uint64(*row.Seed), st.name, *row.Index); row.ID != want {
			p.addf("id %q, want %s for seed %d, index %d", row.ID, want, *row.Seed, *row.Index)
		}
	}
	if row.ID != "" {
		if first, dup := st.ids[row.ID]; dup {
			p.addf("id repeats the row with index %d", first)
		} else {
			idx := int64(-1)
			if row.Index != nil {
				idx = *row.Index
			}
			st.ids[row.ID] = idx
		}
	}
}

// run is the re-simulation of one plan from start.
type run struct {
	out   statesim.Outcome
	err   error
	valid bool // every step before the first submit applies
}

// runFrom runs plan from s.
func runFrom(f *forms.Form, s statesim.State, plan []statesim.Action) run {
	out, err := statesim.Run(f, s, plan)
	return run{out: out, err: err, valid: err == nil}
}

// reaches reports whether the plan is valid, submits and ends meeting g.
func (r run) reaches(f *forms.Form, g *statesim.Goal) bool {
	return r.valid && r.out.Submitted && g != nil && g.Met(f, r.out.Final)
}

// checkMeta checks the decoded metadata against itself, the re-simulation
// and the row's columns; v is validate(m).
func checkMeta(row *dataset.Row, suite string, m *question.Meta, v validity, p *problems) {
	f := &m.Form
	if err := v.form; err != nil {
		p.addf("metadata form: %v", err)
		return
	}
	if len(f.Elements) == 0 || f.Elements[len(f.Elements)-1].Kind != forms.Submit {
		p.addf("metadata form does not end with its Submit button")
	}
	if err := statesim.Validate(f, m.Start); err != nil {
		p.addf("metadata start: %v", err)
		return
	}
	for k, err := range v.pictures {
		if err != nil {
			p.addf("metadata picture %d: %v", k+1, err)
			return
		}
	}
	if m.Answer != row.Answer {
		p.addf("metadata answer %q, answer column %q", m.Answer, row.Answer)
	}
	if m.Protocol != "" && m.Protocol != suites.Paper {
		p.addf("metadata protocol %q: want none or %q", m.Protocol, suites.Paper)
	}
	if row.Family != f.Family {
		p.addf("family column %q, metadata form family %q", row.Family, f.Family)
	}
	if suite == "future_state" {
		if m.Goal != nil {
			p.addf("future_state has a goal in its metadata")
		}
		if row.Task != "" {
			p.addf("future_state has a task")
		}
	} else if m.Goal == nil {
		p.addf("metadata goal is null")
	} else if row.Task != m.Goal.Text {
		p.addf("task column %q, metadata goal text %q", row.Task, m.Goal.Text)
	}

	// Re-run every plan and compare with what the metadata records.
	runs := make([]run, len(m.Plans))
	for j, plan := range m.Plans {
		runs[j] = runFrom(f, m.Start, plan)
		if !slices.ContainsFunc(plan, func(a statesim.Action) bool { return a.Op == statesim.Submit }) {
			p.addf("plan %d has no submit", j+1)
		}
	}
	if len(m.Plans) == 0 {
		p.addf("metadata has no plans")
	}
	if len(m.Valid) != len(m.Plans) || len(m.Finals) != len(m.Plans) {
		p.addf("metadata has %d plans, %d valid flags and %d finals", len(m.Plans), len(m.Valid), len(m.Finals))
	} else {
		for j, r := range runs {
			if m.Valid[j] != r.valid {
				p.addf("plan %d: metadata says valid=%v, re-simulation says %v (%v)", j+1, m.Valid[j], r.valid, r.err)
			}
			switch {
			case r.valid && !m.Finals[j].Equal(r.out.Final):
				p.addf("plan %d: metadata final %s, re-simulation gives %s", j+1, m.Finals[j], r.out.Final)
			case !r.valid && m.Finals[j] != nil:
				p.addf("plan %d is invalid but metadata records a final %s", j+1, m.Finals[j])
			}
		}
	}

	texts := make([]string, len(m.Plans)) // each plan's English, rendered once
	for j, plan := range m.Plans {
		texts[j] = suites.PlanText(&m.Form, plan)
	}
	if su, ok := suites.Lookup(suite); ok && su.Open {
		checkOpen(row, suite, m, texts, runs, p)
		return
	}
	checkColumns(row, m, texts, p)

	switch suite {
	case "edge_case", "plan_semantic", "plan_shuffle":
		checkMCQ(row, suite, m, texts, runs, p)
	case "future_state":
		checkFutureState(row, m, runs, p)
	case "temporal_order":
		checkTemporalOrder(row, m, runs, p)
		if m.Protocol == suites.Paper {
			checkPaperTemporal(row, m, runs, p)
		}
	default:
		p.addf("unknown suite %q: its labels cannot be checked", suite)
	}
}

// checkColumns checks what every suite shares: choices, letters, labels,
// answer index, plan renderings (texts holds each plan's English).
func checkColumns(row *dataset.Row, m *question.Meta, texts []string, p *problems) {
	n := len(row.Choices)
	if n < 2 || n > len(question.Letters) {
		p.addf("%d choices, want 2 to %d", n, len(question.Letters))
	}
	seen := map[string]int{}
	for k, c := range row.Choices {
		if j, dup := seen[c]; dup {
			p.addf("options %s and %s have the same text", letter(j), letter(k))
		}
		seen[c] = k
	}
	letters := []*string{row.A, row.B, row.C, row.D, row.E, row.F, row.G, row.H}
	for k, col := range letters {
		name := question.Letters[k : k+1]
		switch {
		case k < n && col == nil:
			p.addf("column %s is null, want choice %d", name, k+1)
		case k < n && *col != row.Choices[k]:
			p.addf("column %s differs from choice %d", name, k+1)
		case k >= n && col != nil:
			p.addf("column %s is set past the last choice", name)
		}
	}
	if row.AnswerIdx == nil {
		p.addf("answer_idx is null")
	} else if idx := *row.AnswerIdx; idx < 0 || idx >= int64(n) {
		p.addf("answer_idx %d is outside the %d choices", idx, n)
	}
	if len(row.OptionLabels) != n {
		p.addf("%d option labels for %d choices", len(row.OptionLabels), n)
	} else if row.AnswerIdx != nil {
		for k, l := range row.OptionLabels {
			if (l == "correct") != (int64(k) == *row.AnswerIdx) {
				p.addf("option %s is labelled %q, but answer_idx is %d", letter(k), l, *row.AnswerIdx)
			}
		}
	}
	checkRenderings(row, m, texts, p)
}

// checkRenderings checks what every suite renders from its metadata:
// plans_text and plans_pddl (texts holds each plan's English), and the
// caption of the pictured states.
func checkRenderings(row *dataset.Row, m *question.Meta, texts []string, p *problems) {
	f := &m.Form
	if len(row.PlansText) != len(m.Plans) || len(row.PlansPDDL) != len(m.Plans) {
		p.addf("%d plans_text and %d plans_pddl entries for %d plans", len(row.PlansText), len(row.PlansPDDL), len(m.Plans))
	} else {
		for j, plan := range m.Plans {
			if row.PlansText[j] != texts[j] {
				p.addf("plans_text %d does not render plan %d", j+1, j+1)
			}
			if row.PlansPDDL[j] != suites.PlanPDDL(f, plan) {
				p.addf("plans_pddl %d does not render plan %d", j+1, j+1)
			}
		}
	}
	var want string
	switch len(m.Pictures) {
	case 1:
		want = statesim.Describe(f, m.Pictures[0])
	case 2:
		want = "Picture 1: " + statesim.Describe(f, m.Pictures[0]) + "\nPicture 2: " + statesim.Describe(f, m.Pictures[1])
	}
	if row.Caption == nil || *row.Caption != want {
		p.addf("caption does not describe the pictured state")
	}
}

// answerIdx returns the row's answer index, or -1.
func answerIdx(row *dataset.Row) int {
	if row.AnswerIdx == nil || *row.AnswerIdx < 0 || *row.AnswerIdx >= int64(len(question.Letters)) {
		return -1
	}
	return int(*row.AnswerIdx)
}

// checkLetter checks that the answer column is the letter of answer_idx.
func checkLetter(row *dataset.Row, p *problems) {
	if idx := answerIdx(row); idx >= 0 && row.Answer != question.Letters[idx:idx+1] {
		p.addf("answer %q, but answer_idx %d is %s", row.Answer, idx, question.Letters[idx:idx+1])
	}
}

// checkMCQ checks edge_case, plan_semantic and plan_shuffle rows; texts
// holds each plan's English.
func checkMCQ(row *dataset.Row, suite string, m *question.Meta, texts []string, runs []run, p *problems) {
	f := &m.Form
	checkLetter(row, p)
	if len(m.Plans) != len(row.Choices) {
		p.addf("%d plans for %d choices", len(m.Plans), len(row.Choices))
	} else {
		for k := range m.Plans {
			if row.Choices[k] != texts[k] {
				p.addf("choice %s is not the text of plan %d", letter(k), k+1)
			}
		}
	}
	var reach []int
	for j, r := range runs {
		if r.reaches(f, m.Goal) {
			reach = append(reach, j)
		}
	}
	idx := answerIdx(row)
	switch {
	case len(reach) == 0:
		p.addf("no option reaches the goal")
	case len(reach) > 1:
		p.addf("%d options reach the goal: %s", len(reach), optionLetters(reach))
	case reach[0] != idx:
		p.addf("option %s reaches the goal, but the answer is %q (answer_idx %d)", optionLetters(reach), row.Answer, idx)
	}
	if row.Horizon != nil {
		for k, plan := range m.Plans {
			// plan_shuffle counts every step but Submit, which may fall
			// anywhere; the others count the steps before Submit.
			steps := len(plan) - 1
			if suite != "plan_shuffle" {
				steps = slices.IndexFunc(plan, func(a statesim.Action) bool { return a.Op == statesim.Submit })
			}
			if int64(steps) != *row.Horizon {
				p.addf("horizon %d, but option %s has %d steps", *row.Horizon, letter(k), steps)
			}
		}
	}
	checkPictureIsStart(m, p)
	if suite == "plan_shuffle" && m.Protocol == suites.Paper {
		checkPaperShuffle(row, m, p)
	} else {
		checkCandidates(row, m, p)
	}
	if suite == "edge_case" {
		most := suites.MaxHistory(&m.Form)
		if len(m.History) < 1 || len(m.History) > most {
			p.addf("edge_case history has %d steps of mistakes, want 1 to %d", len(m.History), most)
		}
		s, err := statesim.Run(f, statesim.Clean(f), m.History)
		if err != nil || !s.Final.Equal(m.Start) {
			p.addf("metadata history does not turn the clean state into start")
		}
		if row.History == nil || *row.History != suites.HistoryText(f, m.History) {
			p.addf("history column does not render metadata history")
		}
	} else {
		checkNoHistory(row, m, p)
	}
}

func checkPictureIsStart(m *question.Meta, p *problems) {
	if len(m.Pictures) != 1 || !m.Pictures[0].Equal(m.Start) {
		p.addf("metadata pictures should be [start]")
	}
}

func checkNoHistory(row *dataset.Row, m *question.Meta, p *problems) {
	if m.History != nil || row.History == nil || *row.History != "" {
		p.addf("history is set, but only edge_case has one")
	}
}

// letter names option k by its letter, or by its number past H.
func letter(k int) string {
	if k >= 0 && k < len(question.Letters) {
		return question.Letters[k : k+1]
	}
	return fmt.Sprintf("#%d", k+1)
}

// optionLetters names options by letter: "A, C".
func optionLetters(ks []int) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = letter(k)
	}
	return strings.Join(s, ", ")
}

// checkFutureState checks a future_state row: Yes exactly when the two
// plans end in the same state.
func checkFutureState(row *dataset.Row, m *question.Meta, runs []run, p *problems) {
	if !slices.Equal(row.Choices, []string{"Yes", "No"}) {
		p.addf("choices %q, want [Yes No]", row.Choices)
	}
	checkPictureIsStart(m, p)
	checkNoHistory(row, m, p)
	if len(runs) != 2 {
		p.addf("%d plans, want 2", len(runs))
		return
	}
	for j, r := range runs {
		if !r.valid || !r.out.Submitted {
			p.addf("plan %c does not run to Submit: %v", 'A'+j, r.err)
			return
		}
		if row.Horizon != nil && int64(r.out.Steps) != *row.Horizon && (j == 0 || !futureLengthOK(m, int(*row.Horizon), r.out.Steps)) {
			p.addf("horizon %d, but plan %c has %d steps before Submit", *row.Horizon, 'A'+j, r.out.Steps)
		}
	}
	want, wantIdx := "No", 1
	if runs[0].out.Final.Equal(runs[1].out.Final) {
		want, wantIdx = "Yes", 0
	}
	if row.Answer != want {
		p.addf("answer %q, but the finals are %s and %s: want %s", row.Answer, runs[0].out.Final, runs[1].out.Final, want)
	}
	if idx := answerIdx(row); idx != wantIdx {
		p.addf("answer_idx %d, want %d for %s", idx, wantIdx, want)
	}
	checkPairStarts(row, m, p)
}

// checkTemporalOrder checks a temporal_order row: both pictures lie on the
// recorded run, and the one with more unmet wants is the earlier.
func checkTemporalOrder(row *dataset.Row, m *question.Meta, runs []run, p *problems) {
	f := &m.Form
	checkLetter(row, p)
	checkNoHistory(row, m, p)
	if !slices.Equal(row.Choices, []string{"Picture 1", "Picture 2"}) {
		p.addf("choices %q, want [Picture 1, Picture 2]", row.Choices)
	}
	if m.Format != suites.FormatMCQ && m.Format != suites.FormatFree {
		p.addf("metadata format %q, want %s or %s", m.Format, suites.FormatMCQ, suites.FormatFree)
	}
	checkNeeded(row, true, p) // swapping the pictures flips the answer
	if len(runs) != 1 || len(m.Pictures) != 2 || m.Goal == nil {
		p.addf("metadata has %d plans and %d pictures, want 1 and 2", len(runs), len(m.Pictures))
		return
	}
	r := runs[0]
	if !r.reaches(f, m.Goal) {
		p.addf("the recorded run does not complete the task")
		return
	}
	d := []int{m.Goal.Unmet(f, m.Pictures[0]), m.Goal.Unmet(f, m.Pictures[1])}
	if m.Distance != nil && !slices.Equal(m.Distance, d) {
		p.addf("metadata distance %v, re-simulation gives %v", m.Distance, d)
	}
	if d[0] == d[1] {
		p.addf("both pictures have %d unmet wants", d[0])
		return
	}
	earlier, order := 0, suites.EarlierFirst
	if d[1] > d[0] {
		earlier, order = 1, suites.LaterFirst
	}
	if idx := answerIdx(row); idx != earlier {
		p.addf("answer_idx %d, but Picture %d is the earlier (%d unmet wants against %d)", idx, earlier+1, d[earlier], d[1-earlier])
	}
	if m.Order != order {
		p.addf("metadata order %q, want %q", m.Order, order)
	}
	// The states of the run, from start to just before Submit.
	traj := []statesim.State{m.Start}
	for _, a := range m.Plans[0][:r.out.Steps] {
		next, err := statesim.Apply(f, traj[len(traj)-1], a)
		if err != nil {
			p.addf("the recorded run does not apply: %v", err)
			return
		}
		traj = append(traj, next)
	}
	first, second := m.Pictures[earlier], m.Pictures[1-earlier]
	onRun := func(s statesim.State) bool { return slices.ContainsFunc(traj, s.Equal) }
	if !onRun(first) || !onRun(second) {
		p.addf("a picture is not a state of the recorded run")
		return
	}
	if row.Horizon == nil {
		return
	}
	h := int(*row.Horizon)
	gap := false
	for i := range traj {
		if h >= 1 && i+h < len(traj) && traj[i].Equal(first) && traj[i+h].Equal(second) {
			gap = true
			break
		}
	}
	if !gap {
		p.addf("the pictures are not %d actions apart, earlier first, on the recorded run", h)
	}
}
