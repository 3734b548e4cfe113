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
//   - the suite's own checks (meta.go): each suite registers with itself
//     what its rows must hold beyond what every suite shares (a Check in
//     suites.Suite, built on package rowcheck): its labels against the
//     re-simulation, its options, candidate starts, history and
//     image_needed. Dir looks the suite up by its directory's name and
//     knows none by name; a row of a suite not registered fails;
//
//   - images: when present, image (and image_2 for a suite of two
//     pictures, suites.Suite.Pictures) are PNG whose header declares
//     image_width x image_height pixels, which must be the size of a form
//     picture at the row's scale (formview.Width x formview.Height CSS px
//     times the scale, whole pixels, scale at most MaxScale); only then is
//     a picture decoded, so memory is bounded whatever a file declares.
//     Rows without pictures, as written with --no-images, pass; a row with
//     only one of its two pictures does not;
//
//   - boxes: for a row with pictures, per picture one box per form element,
//     in form order, with its id, kind and name, inside the picture, each
//     below the one before, norm its pixels over the picture size; per plan,
//     the steps' targets and click points on picture 1 (formview.Steps);
//
//   - probes (probes.go): each picture shows the state the metadata says it
//     pictures (metadata.pictures: the start, or for a suite of two
//     pictures the two states of its run the row asks about), read from
//     its pixels in each element's box: every checkbox checked or not,
//     every radio button selected or not, the slider's handle where its
//     value puts it and that value printed after it, every text box empty
//     or holding text, of the text's width when the file records the
//     pictures' font (Liberation Sans). A picture of another state, or with
//     one element painted over, fails with the element and the column
//     named: "image: the 2nd checkbox (e3) looks unchecked but the state
//     has it checked";
//
//   - variant groups (variants.go), rows of gen --variants: a row with a
//     look (metadata.look) is variant v of a group of V rows that come one
//     after another in its file, variant_group the id of the first; the
//     look fits the form (variant.Check), the first row's is none, the
//     row's scale is the look's, no two rows of a group share a look or a
//     picture, every row asks what the first asks (metadata but the look,
//     text, options, answer, labels), and no group ends early; boxes,
//     probes and re-rendering take the form and states as the look draws
//     them (variant.Show). A row without a look has no variant_group;
//
//   - image_needed: re-derived by the suite's check, from the candidate
//     starts the row carries or by an exact search over every start the
//     family can give (startspace.Judge).
//
// With Options.Rerender, DirWith also renders every picture again in
// Chromium and compares it with the row's, pixel for pixel, and its boxes
// with the boxes column (rerender.go).
//
// The prompts are not re-derived.
package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
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
	doms, ps := newDomains(dir), newPairs()
	for _, s := range found.Suites {
		rep.Suites = append(rep.Suites, SuiteReport{Suite: s.Name})
		cur := newSuiteState(s.Name, doms, ps)
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
	ps.finish(&rep)
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
	su        suites.Suite // the registered suite of that name, if known
	known     bool
	ids       map[string]int64  // id -> index of the row that had it first
	nextIndex int64             // the index the next row should have, or -1: take the next row's
	prev      *layout.File      // the file read before, nil at first
	groups    map[string]*group // groups of rows not yet complete, by group_id
	// textWidths is whether the current file's text boxes are checked for
	// the width of their text (see textWidthsKnown).
	textWidths textRule
	domains    *domains // the dataset's PDDL domains (pddl.go)
	pairs      *pairs   // the dataset's pairs of planning rows and probes (pairs.go)
	// variant is the variant group being read, until its last row;
	// left is how many rows of the current file are still to check;
	// scale is the current file's scale (layout.ScaleKey), 0 when it
	// records none.
	variant *variantGroup
	left    int64
	scale   float64
}

func newSuiteState(name string, doms *domains, ps *pairs) *suiteState {
	su, known := suites.Lookup(name)
	return &suiteState{name: name, su: su, known: known, ids: map[string]int64{}, groups: map[string]*group{}, domains: doms, pairs: ps}
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
	st.left, st.variant = r.NumRows(), nil // a variant group never spans two files
	st.scale = 0
	if sc, ok := r.Metadata(layout.ScaleKey); ok {
		st.scale, _ = strconv.ParseFloat(sc, 64)
	}
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
			st.pairs.add(row, path, st, len(probs[i]) > 0, &probs[i])
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
