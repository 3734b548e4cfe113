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
}

// SuiteResult says what was written for one suite.
type SuiteResult struct {
	Suite string
	Rows  int64
	File  string
}

// Run executes the plan. A suite's file appears only once all its rows are
// written; on error, nothing of the failing suite is left behind.
func Run(ctx context.Context, p Plan) ([]SuiteResult, error) {
	if err := p.Spec.Validate(); err != nil {
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

// FilePath returns where a suite's single file goes.
func FilePath(out, suite string) string {
	return filepath.Join(out, suite, "test-00000-of-00001.parquet")
}

type built struct {
	index int64
	row   dataset.Row
	err   error
}

func runSuite(ctx context.Context, p Plan, s suites.Suite, n int64) (SuiteResult, error) {
	path := FilePath(p.Out, s.Name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %w", err)
	}
	w, err := dataset.Create(path, dataset.Options{Metadata: map[string]string{
		"formplan.seed":    strconv.FormatUint(p.Spec.Seed, 10),
		"formplan.suite":   s.Name,
		"formplan.version": p.Version,
		"formplan.flags":   p.Flags,
	}})
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
		for i := int64(0); i < n; i++ {
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
				q, err := s.Build(&p.Spec, i)
				var row dataset.Row
				if err == nil {
					row, err = Row(&q, p.Spec.Seed, p.Version)
				}
				select {
				case results <- built{i, row, err}:
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

	// Emit rows in index order; at most workers*8 wait out of order, since
	// jobs are handed out in order and the buffers are bounded.
	pending := map[int64]dataset.Row{}
	next := int64(0)
	for b := range results {
		if b.err != nil {
			return SuiteResult{}, b.err
		}
		pending[b.index] = b.row
		for {
			row, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if err := w.Write(row); err != nil {
				return SuiteResult{}, fmt.Errorf("generate: %s: %w", s.Name, err)
			}
			next++
			if p.Progress != nil {
				p.Progress(1)
			}
		}
		if ctx.Err() != nil {
			return SuiteResult{}, ctx.Err()
		}
	}
	if err := ctx.Err(); err != nil {
		return SuiteResult{}, err
	}
	if next != n {
		return SuiteResult{}, fmt.Errorf("generate: %s: wrote %d of %d rows", s.Name, next, n)
	}
	if err := w.Close(); err != nil {
		return SuiteResult{}, fmt.Errorf("generate: %s: %w", s.Name, err)
	}
	return SuiteResult{Suite: s.Name, Rows: n, File: path}, nil
}

// Elapsed formats a duration for summaries.
func Elapsed(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
