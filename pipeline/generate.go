// Package pipeline runs a plan of work: it builds the questions of each
// suite on several workers and writes them, in index order, to one Parquet
// file per suite. Workers build rows and take turns handing them, in index
// order, to the file's writer, so their number never changes the output.
package pipeline

import (
	"context"
	"fmt"
	"runtime"
	"slices"

	"github.com/formplan/formplan/datarow"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// Plan is a whole generation job.
type Plan struct {
	Out    string         // output directory
	Suites []suites.Suite // in output order
	Counts []int64        // questions per suite, parallel to Suites
	Spec   suites.Spec    // of every suite, unless Specs is set
	// Specs, if set, holds each suite's own spec, parallel to Suites, in
	// place of Spec: gen fits each suite's horizons apart. A spec whose
	// Horizons is nil is fitted by Run (suites.Fit).
	Specs   []suites.Spec
	Workers int    // 0 means the number of CPUs
	Version string // generator version recorded in every row
	Flags   string // the command line, recorded in file metadata
	// Progress, if set, is called with the number of questions written,
	// batch by batch, and at the start with those of each file Resume
	// keeps.
	Progress func(done int64)
	// Painter, if set, adds pictures to the rows; BatchSize questions are
	// painted at a time (0 means 256).
	Painter   Painter
	BatchSize int
	// Shard and Shards select a contiguous part of every suite's indices:
	// shard K of N holds indices [K*n/N, (K+1)*n/N). Shards 0 means 1. The N
	// shards' files together hold the rows of the single run, each once.
	Shard, Shards int
	// Metadata is added to every file's key-value metadata, such as the
	// browser and font versions of the pictures.
	Metadata map[string]string
	// Resume keeps a suite's file that is already complete for this very
	// plan (same content flags, shard and row count) instead of redoing it.
	Resume bool
	// Paired sets every row's pair_id to its own id: the run pairs
	// perception probes with its rows (package probes writes them).
	Paired bool
	// Observe, if set, is given every batch of rows as it is written, with
	// the file's path and the rows' questions, in index order and from one
	// goroutine at a time (for the dataset card, which then needs no second
	// reading of the file). The slices are reused once it returns.
	Observe func(file string, qs []question.Question, rows []dataset.Row)
	// Variants, if its N is above 1, writes every question N times under
	// looks that change no answer; Counts, Shard and Progress then count
	// questions and rows as Variants says.
	Variants Variants
}

// SuiteResult says what was written for one suite.
type SuiteResult struct {
	Suite   string
	Rows    int64
	File    string
	Resumed bool // the file was already complete and was kept
	// Size and SHA256 (hex) are the written file's, computed as it was
	// written; both are empty for a file that was kept.
	Size   int64
	SHA256 string
	// Metadata is the key-value metadata written in the file's footer.
	Metadata map[string]string
}

// Run executes the plan. It writes the PDDL domain of every family of the
// specs (WriteDomains), which the rows' problem_pddl refer to. The
// suites' questions go through one pipeline, suite after suite: while the
// last rows of a suite are written and its file is finished, the workers
// go on with the next suite. A suite's file appears only once all its rows
// are written. On error Run returns no results, and leaves nothing of the
// failing suite or of any after it; the suite before it may be left
// unfinished too, as the workers build ahead of the writer (a rerun with
// Resume keeps every file that is complete).
//
// No two rows of a suite ask the same question of the same pictures (see
// Item): a row that would is drawn again, by a rule that depends only on
// the rows below it, so a shard first builds those, text only. A cell of
// a suite that runs out of distinct questions ends the run with an
// *ExhaustedError; Check finds that before anything is written.
func Run(ctx context.Context, p Plan) ([]SuiteResult, error) {
	runs, err := p.prepare()
	if err != nil || len(runs) == 0 {
		return nil, err
	}
	if p.Resume {
		for k := range runs {
			runs[k].keep()
		}
	}
	// The Items of the rows below each shard, which its rows must differ
	// from.
	below := make([]int64, len(runs))
	for k := range runs {
		if r := &runs[k]; r.size() > 0 {
			r.distinct = newDistinct(&r.suite, &r.spec, p.Counts[k])
			below[k] = r.lo
		}
	}
	if err := textPass(ctx, runs, below, p.Workers); err != nil {
		return nil, err
	}
	ends := make([]int64, len(runs))
	for k := range runs {
		r := &runs[k]
		if k > 0 {
			r.at = ends[k-1]
		}
		ends[k] = r.end()
		if r.result.Resumed && p.Progress != nil {
			p.Progress(r.rows())
		}
	}
	w := &suiteWriter{p: &p, runs: runs, ends: ends, domains: make(chan error, 1)}
	// The domains are written while the first rows are built: in a new
	// folder they take about 5 ms, most of it the file system's. A suite's
	// file is finished only once they are there.
	fams := families(runs)
	go func() { w.domains <- WriteDomains(p.Out, fams) }()
	defer w.abort()
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	batch := p.BatchSize
	if batch <= 0 {
		batch = BatchRows
	}
	build := func(i int64) (question.Question, dataset.Row, Item, error) {
		r := w.runAt(i)
		q, err := r.suite.Build(&r.spec, r.lo+i-r.at)
		if err != nil {
			return q, dataset.Row{}, 0, err
		}
		row, err := datarow.Of(&q, r.spec.Seed, p.Version)
		return q, row, ItemOf(&q), err
	}
	pl := newPipeline(0, ends, workers, batch, build, func(at int64, qs []question.Question, rows []dataset.Row, items []Item) error {
		return w.emit(ctx, at, qs, rows, items)
	})
	// The files' rows are encoded, and the files closed, by any worker;
	// the run ends once every file is synced.
	w.pl = pl
	err = pl.run(ctx)
	w.pl = nil // whatever comes next runs here
	if err != nil {
		return nil, err
	}
	// Suites without rows to write, at the end, are finished now.
	if err := w.finishEmpty(ctx, ends[len(ends)-1]); err != nil {
		return nil, err
	}
	if err := w.domainsWritten(); err != nil {
		return nil, err
	}
	res := make([]SuiteResult, len(runs))
	for k := range runs {
		res[k] = runs[k].result
	}
	return res, nil
}

// prepare checks the plan and readies its suites' runs (suiteRun.prepare).
func (p *Plan) prepare() ([]suiteRun, error) {
	if len(p.Counts) != len(p.Suites) {
		return nil, fmt.Errorf("pipeline: %d suites and %d counts: want one count per suite", len(p.Suites), len(p.Counts))
	}
	if p.Specs != nil && len(p.Specs) != len(p.Suites) {
		return nil, fmt.Errorf("pipeline: %d suites and %d specs: want one spec per suite, or none and Spec", len(p.Suites), len(p.Specs))
	}
	if p.Shards > 1 && (p.Shard < 0 || p.Shard >= p.Shards) {
		return nil, fmt.Errorf("pipeline: shard %d of %d: want 0 <= K < N", p.Shard, p.Shards)
	}
	runs := make([]suiteRun, len(p.Suites))
	for k := range runs {
		if err := runs[k].prepare(p, k); err != nil {
			return nil, err
		}
	}
	return runs, nil
}

// families returns the families of the runs' specs, each name once (the
// first spec's family of that name).
func families(runs []suiteRun) []forms.Family {
	var fams []forms.Family
	for k := range runs {
		for _, f := range runs[k].spec.Families {
			if !slices.ContainsFunc(fams, func(g forms.Family) bool { return g.Name == f.Name }) {
				fams = append(fams, f)
			}
		}
	}
	return fams
}

// complete reports whether path already holds exactly the rows this plan
// would write there, every page intact.
func complete(path string, meta map[string]string, rows int64) bool {
	r, ok := written(path, meta, rows)
	if !ok {
		return false
	}
	defer r.Close()
	// An intact footer is not enough: every page must match its checksum.
	return r.CheckPages() == nil
}

// written opens the file at path if its footer says it holds the rows this
// plan would write there: their number and metadata. Its pages are not
// read.
func written(path string, meta map[string]string, rows int64) (*dataset.Reader, bool) {
	r, err := dataset.Open(path)
	if err != nil {
		return nil, false
	}
	if r.NumRows() != rows {
		r.Close()
		return nil, false
	}
	for k, v := range meta {
		if got, ok := r.Metadata(k); !ok || got != v {
			r.Close()
			return nil, false
		}
	}
	return r, true
}
