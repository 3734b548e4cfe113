package pipeline

import (
	"context"
	"sync"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
)

// pipeline builds the rows of indices from lo to hi on several workers and
// hands them, with their questions and Items, to emit in index order,
// batch rows at a time, the same
// batches whatever the number of workers. The indices may be cut into
// runs (the suites of a Run, one after another): a batch never spans two,
// so each run's batches are as if it were alone, batch rows from its
// first index, the last one shorter. emit must not keep the slices it is
// given: they hold the next batch after it returns.
//
// There is no collector goroutine: workers take chunks of indices in
// order, build them, and the worker that completes the chunk next in line
// takes the turn to emit every ready batch (painting them and handing them
// to the writer) while the others go on building. Work that emit hands on
// (hand: encoding and compressing a file's rows, and closing the file once
// they are) goes before building: any worker takes it. So the writer's work is
// spread over the workers instead of serialising them, and one worker does
// everything on about one core.
type pipeline struct {
	hi      int64   // the end of the indices, which start at next's first value
	ends    []int64 // where the runs not yet emitted end, ascending; the last is hi
	workers int
	batch   int
	chunk   int64 // indices a worker builds at a time
	window  int64 // how far ahead of the next index to emit chunks are taken
	build   func(i int64) (question.Question, dataset.Row, Item, error)
	emit    func(lo int64, qs []question.Question, rows []dataset.Row, items []Item) error

	mu      sync.Mutex
	ready   *sync.Cond
	next    int64               // first index not yet taken to build
	done    map[int64]*chunk    // built chunks waiting for their turn, by first index
	turn    bool                // a worker is emitting
	emitted int64               // first index not yet gathered for emitting
	qs      []question.Question // the batch being gathered, reused once emitted
	rows    []dataset.Row
	items   []Item
	jobs    []func() // handed on, not yet taken
	held    int      // work held (hold), not yet released
	err     error
}

// chunk is a run of built rows starting at index lo.
type chunk struct {
	lo    int64
	qs    []question.Question
	rows  []dataset.Row
	items []Item
}

// newPipeline prepares a pipeline over the indices from lo to the last of
// ends, the ends of its runs in ascending order (one run: ends is {hi});
// emit is given each batch with the index of its first row. run starts
// it.
func newPipeline(lo int64, ends []int64, workers, batch int, build func(int64) (question.Question, dataset.Row, Item, error), emit func(lo int64, qs []question.Question, rows []dataset.Row, items []Item) error) *pipeline {
	workers, batch = max(workers, 1), max(batch, 1)
	hi := ends[len(ends)-1]
	// Chunks small enough that the last ones spread over the workers, big
	// enough that taking one costs nothing next to building it.
	c := min(max((hi-lo)/int64(workers*32), 1), 64)
	p := &pipeline{
		hi: hi, ends: ends, workers: workers, batch: batch, chunk: c,
		// Rows built ahead of the writer wait in memory: a batch (or two
		// chunks) per worker bounds them whatever the number of rows.
		// Without pictures more rows ahead built no faster (measured with
		// four batches per worker) and only raised the peak memory; with
		// pictures the painting is the bottleneck, and a batch ahead keeps
		// it fed.
		window: int64(workers) * max(int64(batch), 2*c),
		build:  build, emit: emit,
		next: lo, emitted: lo, done: map[int64]*chunk{},
	}
	// One batch, reused for every batch.
	size := min(int64(batch), max(hi-lo, 0))
	p.qs, p.rows, p.items = make([]question.Question, 0, size), make([]dataset.Row, 0, size), make([]Item, 0, size)
	p.ready = sync.NewCond(&p.mu)
	return p
}

// run builds and emits every row, and returns the first error, or ctx's.
func (p *pipeline) run(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() { p.fail(ctx.Err()) })
	defer stop()
	var wg sync.WaitGroup
	for range p.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.work()
		}()
	}
	wg.Wait()
	p.mu.Lock()
	err := p.err
	p.mu.Unlock()
	if err != nil {
		return err
	}
	return ctx.Err()
}

// fail records err, if it is the first, and wakes every worker to stop.
func (p *pipeline) fail(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		p.err = err
	}
	p.ready.Broadcast()
}

// hand queues job for the first worker free, before any building.
func (p *pipeline) hand(job func()) {
	p.mu.Lock()
	p.jobs = append(p.jobs, job)
	p.ready.Signal()
	p.mu.Unlock()
}

// work is one worker: run a job handed on, or else take a chunk, build
// it, and emit what is ready; until every row is emitted and every job
// run.
func (p *pipeline) work() {
	for {
		p.mu.Lock()
		for p.err == nil && len(p.jobs) == 0 && !p.over() && (p.next >= p.hi || p.next >= p.emitted+p.window) {
			p.ready.Wait()
		}
		if p.err != nil || len(p.jobs) == 0 && p.over() {
			p.mu.Unlock()
			return
		}
		if len(p.jobs) > 0 {
			job := p.jobs[0]
			p.jobs[0] = nil
			p.jobs = p.jobs[1:]
			p.mu.Unlock()
			job()
			continue
		}
		c := &chunk{lo: p.next}
		n := min(p.chunk, p.hi-p.next)
		p.next += n
		p.mu.Unlock()

		c.qs, c.rows, c.items = make([]question.Question, n), make([]dataset.Row, n), make([]Item, n)
		for k := range n {
			var err error
			if c.qs[k], c.rows[k], c.items[k], err = p.build(c.lo + k); err != nil {
				p.fail(err)
				return
			}
		}

		p.mu.Lock()
		p.done[c.lo] = c
		if p.turn || p.err != nil {
			p.mu.Unlock()
			continue
		}
		p.turn = true
		err := p.drain()
		p.turn = false
		if err != nil && p.err == nil {
			p.err = err
		}
		p.ready.Broadcast()
		p.mu.Unlock()
	}
}

// drain, called with mu held and the turn taken, gathers the chunks that
// are next in line into batches and emits every full batch, and every
// batch that ends a run, unlocking mu while it emits so that the other
// workers go on.
func (p *pipeline) drain() error {
	for p.err == nil {
		c, ok := p.done[p.emitted]
		if !ok {
			return nil
		}
		delete(p.done, p.emitted)
		for k := range c.rows {
			p.qs, p.rows, p.items = append(p.qs, c.qs[k]), append(p.rows, c.rows[k]), append(p.items, c.items[k])
			end := c.lo + int64(k) + 1 // of the batch, if it ends here
			if end == p.endOf(end-1) || len(p.rows) == p.batch {
				qs, rows, items := p.qs, p.rows, p.items
				p.mu.Unlock()
				err := p.emit(end-int64(len(rows)), qs, rows, items)
				p.mu.Lock()
				if err != nil {
					return err
				}
				// Nothing keeps a batch once emit returns (the writer
				// copies the rows it holds): gather the next one in it.
				clear(qs)
				clear(rows)
				p.qs, p.rows, p.items = qs[:0], rows[:0], items[:0]
			}
		}
		p.emitted = c.lo + int64(len(c.rows))
		p.ready.Broadcast()
	}
	return nil
}

// over reports, with mu held, whether every row is emitted, no worker
// has the turn and no work held (hold) is under way: no job can be handed
// on any more, and nothing is left to wait for.
func (p *pipeline) over() bool {
	return p.emitted >= p.hi && !p.turn && p.held == 0
}

// hold counts work that emit set going elsewhere (a file being synced to
// disk, which waits on the disk, not on a core): run returns only once
// the release it returns is called, unless the pipeline fails first.
func (p *pipeline) hold() (release func()) {
	p.mu.Lock()
	p.held++
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		p.held--
		p.ready.Broadcast()
		p.mu.Unlock()
	}
}

// endOf returns the end of the run index i is in, i below hi, and drops
// the ends before it: of runs already emitted, or without rows.
func (p *pipeline) endOf(i int64) int64 {
	for p.ends[0] <= i {
		p.ends = p.ends[1:]
	}
	return p.ends[0]
}
