package pipeline

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/formplan/formplan/datarow"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// suiteRun is one suite's part of a Run: its shard's questions [lo, hi),
// built at positions [at, end()) of the run's pipeline unless Resume keeps
// its file, and the file they go to.
type suiteRun struct {
	suite  suites.Suite
	spec   suites.Spec
	lo, hi int64
	per    int64 // rows a question (Variants)
	at     int64
	path   string
	meta   map[string]string
	result SuiteResult
	// distinct holds the Items of the suite's rows taken so far, while
	// the suite has rows to build.
	distinct *distinct
}

// prepare readies suite k of p: its spec, fitted if the caller did not,
// its shard, and its file's path and metadata. Whether Resume keeps the
// file already there is keep's to find.
func (r *suiteRun) prepare(p *Plan, k int) error {
	r.suite, r.spec = p.Suites[k], p.Spec
	if p.Specs != nil {
		r.spec = p.Specs[k]
	}
	if err := r.spec.Validate(); err != nil {
		return err
	}
	if r.spec.Horizons == nil {
		// Not fitted by the caller: leave out the horizons a family cannot
		// give (suites.Fit), so every index can be built.
		var err error
		if r.spec.Horizons, err = suites.Fit(r.suite, &r.spec, false); err != nil {
			return fmt.Errorf("pipeline: %w", err)
		}
	}
	total := p.Counts[k]
	shards := max(p.Shards, 1)
	r.lo, r.hi = layout.ShardRange(total, p.Shard, shards)
	r.path = layout.FilePath(p.Out, r.suite.Name, p.Shard, shards)
	run := map[string]string{
		layout.SeedKey:    strconv.FormatUint(r.spec.Seed, 10),
		layout.VersionKey: p.Version,
		layout.FlagsKey:   p.Flags,
	}
	r.meta = layout.FileMetadata(run, r.suite.Name, total, p.Shard, shards)
	r.per = p.Variants.rows()
	if r.per > 1 {
		// The file's rows are the groups of its questions: whole groups.
		r.meta[layout.IndicesKey] = fmt.Sprintf("%d-%d", r.lo*r.per, r.hi*r.per)
		r.meta[layout.VariantsKey] = strconv.FormatInt(r.per, 10)
	}
	maps.Copy(r.meta, p.Metadata) // over the keys above
	r.result = SuiteResult{Suite: r.suite.Name, Rows: r.rows(), File: r.path}
	return nil
}

// rows is the number of rows of the suite's file: its questions', each
// as many rows as its variant group has.
func (r *suiteRun) rows() int64 { return (r.hi - r.lo) * r.per }

// writtenBefore reports whether the footer of the suite's file says a
// run of this plan wrote it (its pages unread).
func (r *suiteRun) writtenBefore() bool {
	f, ok := written(r.path, r.meta, r.rows())
	if ok {
		f.Close()
	}
	return ok
}

// keep marks the suite Resumed when its file is already complete: every
// page of it is read and checksummed (complete), once per Run.
func (r *suiteRun) keep() {
	r.result.Resumed = complete(r.path, r.meta, r.rows())
}

// size is the number of rows the suite has to build: its shard's, or none
// when Resume keeps its file.
func (r *suiteRun) size() int64 {
	if r.result.Resumed {
		return 0
	}
	return r.hi - r.lo
}

// end is the pipeline position after the suite's rows.
func (r *suiteRun) end() int64 { return r.at + r.size() }

// suiteWriter writes the batches of a Run's pipeline to the suites' files:
// batches come in order, from one goroutine at a time. The rows go to one
// file at a time, but the files before it may still be being finished:
// with pl set, the encoding of their rows, and so their closing, is
// handed to it, to run on any worker.
type suiteWriter struct {
	p    *Plan
	runs []suiteRun
	ends []int64         // per suite: its end(), the pipeline's ends
	cur  int             // the suite whose rows come next
	w    *dataset.Writer // cur's file, once its first batch came
	// pl, while it runs, takes the files' jobs (hand) on its workers, a
	// row group's rows per worker at most waiting, is stopped by an error
	// (fail) and keeps going until every file's closing ends (hold).
	pl      *pipeline
	closing []*dataset.Writer // files whose closing was handed on
	// domains gives WriteDomains' error once the domains are written;
	// domainsErr keeps it once taken (domains is then nil).
	domains    chan error
	domainsErr error
}

// domainsWritten waits for the PDDL domains and returns WriteDomains'
// error.
func (sw *suiteWriter) domainsWritten() error {
	if sw.domains != nil {
		sw.domainsErr = <-sw.domains
		sw.domains = nil
	}
	return sw.domainsErr
}

// runAt returns the suite of pipeline position i: the first whose end is
// past it (suites without rows end where they start).
func (sw *suiteWriter) runAt(i int64) *suiteRun {
	k, _ := slices.BinarySearch(sw.ends, i+1)
	return &sw.runs[k]
}

// emit paints and writes the batch of rows at pipeline position at, whose
// Items are items, once a row that asks what a row before it asks is
// drawn again, and finishes the suite's file with its last batch.
func (sw *suiteWriter) emit(ctx context.Context, at int64, qs []question.Question, rows []dataset.Row, items []Item) error {
	p := sw.p
	if sw.w == nil {
		if err := sw.finishEmpty(ctx, at); err != nil {
			return err
		}
		if err := sw.create(); err != nil {
			return err
		}
	}
	r := &sw.runs[sw.cur]
	for k := range qs {
		redrawn, err := r.distinct.take(&qs[k], items[k])
		if err != nil {
			return err
		}
		if redrawn {
			if rows[k], err = datarow.Of(&qs[k], r.spec.Seed, p.Version); err != nil {
				return err
			}
		}
	}
	last := at+int64(len(rows)) == r.end()
	qs, rows, err := p.Variants.expand(qs, rows, r.spec.Seed, p.Version)
	if err != nil {
		return err
	}
	if p.Paired {
		for k := range rows {
			rows[k].PairID = rows[k].ID
		}
	}
	if p.Painter != nil {
		if err := p.Painter.Paint(ctx, qs, rows); err != nil {
			return err
		}
	}
	if err := sw.w.Write(rows...); err != nil {
		return fmt.Errorf("pipeline: %s: %w", r.suite.Name, err)
	}
	if p.Observe != nil {
		p.Observe(r.path, qs, rows)
	}
	if p.Progress != nil {
		p.Progress(int64(len(rows)))
	}
	if last {
		return sw.close(ctx)
	}
	return nil
}

// finishEmpty finishes the suites next in line that have no rows to
// build, all at pipeline position at: a file Resume keeps is left as it
// is, and a shard without rows gets a file without rows.
func (sw *suiteWriter) finishEmpty(ctx context.Context, at int64) error {
	for sw.cur < len(sw.runs) && sw.runs[sw.cur].at == at && sw.runs[sw.cur].size() == 0 {
		if sw.runs[sw.cur].result.Resumed {
			sw.cur++
			continue
		}
		if err := sw.create(); err != nil {
			return err
		}
		if err := sw.close(ctx); err != nil {
			return err
		}
	}
	return nil
}

// create starts the file of the current suite.
func (sw *suiteWriter) create() error {
	r := &sw.runs[sw.cur]
	if err := os.MkdirAll(filepath.Dir(r.path), 0o755); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	opts := dataset.Options{Metadata: r.meta, RowGroupRows: layout.GroupRows(sw.p.Painter != nil)}
	if sw.pl != nil {
		opts.Run, opts.InFlight = sw.pl.hand, sw.pl.workers
	}
	w, err := dataset.Create(r.path, opts)
	if err != nil {
		return fmt.Errorf("pipeline: %s: %w", r.suite.Name, err)
	}
	sw.w = w
	return nil
}

// close finishes the current suite's file, once the domains are written,
// and goes on to the next suite. With pl set, the file is closed by
// whichever worker encodes its last rows (dataset.Writer.CloseLater) and
// synced on a goroutine of its own, which the run waits for (hold), and
// an error then stops the run through fail. A run canceled by the time the
// file would be closed leaves no file: canceled, Run fails (a file whose
// closing began before is left complete).
func (sw *suiteWriter) close(ctx context.Context) error {
	r := &sw.runs[sw.cur]
	r.distinct = nil // its rows are all taken
	w := sw.w
	sw.w = nil
	sw.cur++
	if err := sw.domainsWritten(); err != nil {
		w.Abort()
		return err
	}
	if err := ctx.Err(); err != nil {
		w.Abort()
		return err
	}
	pl := sw.pl
	if pl == nil {
		return r.closed(w, w.Close())
	}
	sw.closing = append(sw.closing, w)
	release := pl.hold()
	w.CloseLater(func(err error) {
		defer release()
		if err := r.closed(w, err); err != nil {
			pl.fail(err)
		}
	})
	return nil
}

// closed records the size, hash and metadata of w, the suite's file, once
// closed with error err, or returns err named after the suite.
func (r *suiteRun) closed(w *dataset.Writer, err error) error {
	if err != nil {
		return fmt.Errorf("pipeline: %s: %w", r.suite.Name, err)
	}
	r.result.Size, r.result.SHA256 = w.Sum()
	r.result.Metadata = r.meta
	return nil
}

// abort removes the temporary files of the suites left unfinished, once
// the domains are written: nothing goes on writing after Run returns. It
// is called once no job runs.
func (sw *suiteWriter) abort() {
	sw.domainsWritten()
	if sw.w != nil {
		sw.w.Abort()
	}
	for _, w := range sw.closing {
		w.Abort() // nothing for a file closed
	}
}
