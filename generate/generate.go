// Package generate runs a plan of work: it builds the questions of each
// suite on several workers and writes them, in index order, to one Parquet
// file per suite. Workers build rows and take turns handing them, in index
// order, to the file's writer, so their number never changes the output.
package generate

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"time"

	"github.com/formplan/formplan/dataset"
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
	// Progress, if set, is called after each question is written.
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
	// Observe, if set, is given every batch of rows as it is written, with
	// the file's path and the rows' questions, in index order and from one
	// goroutine at a time (for the dataset card, which then needs no second
	// reading of the file). The slices are reused once it returns.
	Observe func(file string, qs []suites.Question, rows []dataset.Row)
}

// ShardRange returns the indices [lo, hi) of shard k of shards over n questions.
func ShardRange(n int64, k, shards int) (lo, hi int64) {
	if shards <= 1 {
		return 0, n
	}
	return n * int64(k) / int64(shards), n * int64(k+1) / int64(shards)
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
// are written; on error, nothing of the failing suite, or of any after it,
// is left behind.
func Run(ctx context.Context, p Plan) ([]SuiteResult, error) {
	if len(p.Counts) != len(p.Suites) || p.Specs != nil && len(p.Specs) != len(p.Suites) {
		return nil, fmt.Errorf("generate: %d suites, %d counts and %d specs: want one of each per suite", len(p.Suites), len(p.Counts), len(p.Specs))
	}
	if p.Shards > 1 && (p.Shard < 0 || p.Shard >= p.Shards) {
		return nil, fmt.Errorf("generate: shard %d of %d: want 0 <= K < N", p.Shard, p.Shards)
	}
	runs := make([]suiteRun, len(p.Suites))
	for k := range runs {
		if err := runs[k].prepare(&p, k); err != nil {
			return nil, err
		}
	}
	w := &suiteWriter{p: &p, runs: runs, domains: make(chan error, 1)}
	lo, ends := int64(0), make([]int64, 0, len(runs))
	for k := range runs {
		r := &runs[k]
		if r.result.Resumed {
			if p.Progress != nil {
				p.Progress(r.hi - r.lo)
			}
			r.hi = r.lo // nothing to build
		}
		r.at = lo
		lo += r.hi - r.lo
		ends = append(ends, lo)
	}
	// The domains are written while the first rows are built: in a new
	// folder they take about 5 ms, most of it the file system's. A suite's
	// file is finished only once they are there.
	go func() {
		var err error
		for k := range runs {
			// Written once: the other suites find them there.
			if err = WriteDomains(p.Out, runs[k].spec.Families); err != nil {
				break
			}
		}
		w.domains <- err
	}()
	defer w.abort()
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	batch := p.BatchSize
	if batch <= 0 {
		batch = BatchRows
	}
	build := func(i int64) (suites.Question, dataset.Row, error) {
		r := w.runAt(i)
		q, err := r.suite.Build(&r.spec, r.lo+i-r.at)
		if err != nil {
			return q, dataset.Row{}, err
		}
		row, err := Row(&q, r.spec.Seed, p.Version)
		return q, row, err
	}
	if len(runs) == 0 {
		return nil, nil
	}
	pl := newPipeline(0, ends, workers, batch, build, func(at int64, qs []suites.Question, rows []dataset.Row) error {
		return w.emit(ctx, at, qs, rows)
	})
	if err := pl.run(ctx); err != nil {
		return nil, err
	}
	// Suites without rows to write, at the end, are written now.
	if err := w.finishEmpty(lo); err != nil {
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

// FilePath returns where shard k of shards of a suite goes, in the layout
// Hugging Face datasets reads as one split: <out>/<suite>/test-0000K-of-0000N.parquet.
func FilePath(out, suite string, k, shards int) string {
	shards = max(shards, 1)
	return filepath.Join(out, suite, fmt.Sprintf("test-%05d-of-%05d.parquet", k, shards))
}

// ParseFilePath returns the shard k of shards that the data file at path
// holds, as FilePath names it, and whether its name is such a name at all.
// It checks only the name's form: k may be out of range.
func ParseFilePath(path string) (k, shards int, ok bool) {
	m := fileRE.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0, 0, false
	}
	k, _ = strconv.Atoi(m[1])
	shards, _ = strconv.Atoi(m[2])
	return k, shards, true
}

// fileRE matches the name of a data file, as FilePath writes it.
var fileRE = regexp.MustCompile(`^test-(\d{5})-of-(\d{5})\.parquet$`)

// complete reports whether path already holds exactly the rows this plan
// would write there, every page intact.
func complete(path string, meta map[string]string, rows int64) bool {
	r, err := dataset.Open(path)
	if err != nil {
		return false
	}
	defer r.Close()
	if r.NumRows() != rows {
		return false
	}
	for k, v := range meta {
		if got, ok := r.Metadata(k); !ok || got != v {
			return false
		}
	}
	// An intact footer is not enough: every page must match its checksum.
	return r.CheckPages() == nil
}

// Elapsed formats a duration for summaries.
func Elapsed(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
