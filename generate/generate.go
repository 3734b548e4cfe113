// Package generate runs a plan of work: it builds the questions of each
// suite on several workers and writes them, in index order, to one Parquet
// file per suite. Workers build rows and take turns handing them, in index
// order, to the file's writer, so their number never changes the output.
package generate

import (
	"context"
	"fmt"
	"maps"
	"os"
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
	Out     string         // output directory
	Suites  []suites.Suite // in output order
	Counts  []int64        // questions per suite, parallel to Suites
	Spec    suites.Spec
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

// Run executes the plan. It first writes the PDDL domain of every family
// of the spec (WriteDomains), which the rows' problem_pddl refer to. A
// suite's file appears only once all its rows are written; on error,
// nothing of the failing suite is left behind.
func Run(ctx context.Context, p Plan) ([]SuiteResult, error) {
	if err := p.Spec.Validate(); err != nil {
		return nil, err
	}
	if p.Shards > 1 && (p.Shard < 0 || p.Shard >= p.Shards) {
		return nil, fmt.Errorf("generate: shard %d of %d: want 0 <= K < N", p.Shard, p.Shards)
	}
	if err := WriteDomains(p.Out, p.Spec.Families); err != nil {
		return nil, err
	}
	var res []SuiteResult
	for k, s := range p.Suites {
		r, err := runSuite(ctx, p, s, p.Counts[k])
		if err != nil {
			return res, err
		}
		res = append(res, r)
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

func runSuite(ctx context.Context, p Plan, s suites.Suite, total int64) (SuiteResult, error) {
	if p.Spec.Horizons == nil {
		// Not fitted by the caller: leave out the horizons a family cannot
		// give (suites.Fit), so every index can be built.
		if err := suites.Fit(s, &p.Spec, false); err != nil {
			return SuiteResult{}, fmt.Errorf("generate: %w", err)
		}
	}
	shards := max(p.Shards, 1)
	lo, hi := ShardRange(total, p.Shard, shards)
	path := FilePath(p.Out, s.Name, p.Shard, shards)
	run := map[string]string{
		dataset.SeedKey:    strconv.FormatUint(p.Spec.Seed, 10),
		dataset.VersionKey: p.Version,
		dataset.FlagsKey:   p.Flags,
	}
	meta := FileMetadata(run, s.Name, total, p.Shard, shards)
	maps.Copy(meta, p.Metadata) // over the keys above
	if p.Resume && complete(path, meta, hi-lo) {
		if p.Progress != nil {
			p.Progress(hi - lo)
		}
		return SuiteResult{Suite: s.Name, Rows: hi - lo, File: path, Resumed: true}, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %w", err)
	}
	w, err := dataset.Create(path, dataset.Options{Metadata: meta, RowGroupRows: GroupRows(p.Painter != nil)})
	if err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %s: %w", s.Name, err)
	}
	defer w.Abort()

	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	batch := p.BatchSize
	if batch <= 0 {
		batch = BatchRows
	}
	emit := func(qs []suites.Question, rows []dataset.Row) error {
		if p.Painter != nil {
			if err := p.Painter.Paint(ctx, qs, rows); err != nil {
				return err
			}
		}
		if err := w.Write(rows...); err != nil {
			return fmt.Errorf("generate: %s: %w", s.Name, err)
		}
		if p.Observe != nil {
			p.Observe(path, qs, rows)
		}
		if p.Progress != nil {
			p.Progress(int64(len(rows)))
		}
		return nil
	}
	build := func(i int64) (suites.Question, dataset.Row, error) {
		q, err := s.Build(&p.Spec, i)
		if err != nil {
			return q, dataset.Row{}, err
		}
		row, err := Row(&q, p.Spec.Seed, p.Version)
		return q, row, err
	}
	pl := newPipeline(lo, hi, workers, batch, build, emit)
	if err := pl.run(ctx); err != nil {
		return SuiteResult{}, err
	}
	if err := w.Close(); err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %s: %w", s.Name, err)
	}
	size, sum := w.Sum()
	return SuiteResult{Suite: s.Name, Rows: hi - lo, File: path, Size: size, SHA256: sum, Metadata: meta}, nil
}

// Elapsed formats a duration for summaries.
func Elapsed(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
