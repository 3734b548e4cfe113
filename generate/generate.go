// Package generate runs a plan of work: it builds the questions of each
// suite on several workers and writes them, in index order, to one Parquet
// file per suite. Workers only compute, so their number never changes the
// output.
package generate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
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

type built struct {
	index int64
	q     suites.Question
	row   dataset.Row
	err   error
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
	meta := map[string]string{
		"formplan.seed":    strconv.FormatUint(p.Spec.Seed, 10),
		"formplan.suite":   s.Name,
		"formplan.version": p.Version,
		"formplan.flags":   p.Flags,
		"formplan.shard":   fmt.Sprintf("%d/%d", p.Shard, shards),
		"formplan.indices": fmt.Sprintf("%d-%d", lo, hi),
	}
	for k, v := range p.Metadata {
		meta[k] = v
	}
	if p.Resume && complete(path, meta, hi-lo) {
		if p.Progress != nil {
			p.Progress(hi - lo)
		}
		return SuiteResult{Suite: s.Name, Rows: hi - lo, File: path, Resumed: true}, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %w", err)
	}
	// Rows with pictures go 100 to a row group, as Hugging Face writes them;
	// rows without are small, and fewer, larger groups keep the footer (which
	// the writer holds until Close) small.
	groupRows := 100
	if p.Painter == nil {
		groupRows = 5000
	}
	w, err := dataset.Create(path, dataset.Options{Metadata: meta, RowGroupRows: groupRows})
	if err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %s: %w", s.Name, err)
	}
	defer w.Abort()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	jobs := make(chan int64, workers*4)
	results := make(chan built, workers*4)
	go func() {
		defer close(jobs)
		for i := lo; i < hi; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if ctx.Err() != nil {
					return
				}
				q, err := s.Build(&p.Spec, i)
				var row dataset.Row
				if err == nil {
					row, err = Row(&q, p.Spec.Seed, p.Version)
				}
				select {
				case results <- built{i, q, row, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// Emit rows in index order, a batch at a time so pictures are rendered
	// many to a page. Jobs are handed out in order and the channels are
	// bounded, so few rows wait out of order.
	batchSize := p.BatchSize
	if batchSize <= 0 {
		batchSize = 256
	}
	pending := map[int64]built{}
	var batchQ []suites.Question
	var batchR []dataset.Row
	next := lo
	flush := func() error {
		if len(batchR) == 0 {
			return nil
		}
		if p.Painter != nil {
			if err := p.Painter.Paint(ctx, batchQ, batchR); err != nil {
				return err
			}
		}
		if err := w.Write(batchR...); err != nil {
			return fmt.Errorf("generate: %s: %w", s.Name, err)
		}
		if p.Progress != nil {
			p.Progress(int64(len(batchR)))
		}
		batchQ, batchR = batchQ[:0], batchR[:0]
		return nil
	}
	for b := range results {
		if b.err != nil {
			return SuiteResult{}, b.err
		}
		pending[b.index] = b
		for {
			got, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			batchQ, batchR = append(batchQ, got.q), append(batchR, got.row)
			next++
			if len(batchR) == batchSize {
				if err := flush(); err != nil {
					return SuiteResult{}, err
				}
			}
		}
		if ctx.Err() != nil {
			return SuiteResult{}, ctx.Err()
		}
	}
	if err := flush(); err != nil {
		return SuiteResult{}, err
	}
	if err := ctx.Err(); err != nil {
		return SuiteResult{}, err
	}
	if next != hi {
		return SuiteResult{}, fmt.Errorf("generate: %s: wrote %d of %d rows", s.Name, next-lo, hi-lo)
	}
	if err := w.Close(); err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %s: %w", s.Name, err)
	}
	return SuiteResult{Suite: s.Name, Rows: hi - lo, File: path}, nil
}

// Elapsed formats a duration for summaries.
func Elapsed(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
