package render

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// maxAttempts is how many times a page or an execution is tried, each time
// in a new browser after the first.
const maxAttempts = 3

// errInstanceClosed is the error of a tab request on a browser that was
// closed, for example for a restart. The request is tried again.
var errInstanceClosed = errors.New("browser was closed")

// permanentError marks an error that trying again does not fix.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// permanent reports whether err is one that trying again does not fix.
func permanent(err error) bool {
	return errors.As(err, new(*permanentError)) || errors.As(err, new(*JobError)) || errors.As(err, new(*InputError))
}

// renderTabs and execTabs choose the tab pool of an instance.
func renderTabs(in *instance) *tabPool { return in.render }
func execTabs(in *instance) *tabPool   { return in.exec }

// instance returns the running browser, starting one if there is none.
func (r *Renderer) instance(ctx context.Context) (*instance, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, ErrClosed
	}
	if r.inst == nil {
		in, err := startInstance(ctx, r.path, r.opt.Tabs, r.opt.Scale)
		if err != nil {
			return nil, err
		}
		r.inst = in
		r.starts++
	}
	return r.inst, nil
}

// discard kills the browser in after a failure, so that the next request
// starts a new one. Requests still running in it fail and are tried again.
func (r *Renderer) discard(in *instance) {
	r.mu.Lock()
	if r.inst == in {
		r.inst = nil
	}
	r.mu.Unlock()
	in.close()
}

// withTab runs f on a tab of the pool that pool chooses, with the timeout of
// one page. When f fails for any reason but a permanent one or the end of
// ctx, the browser is killed and f runs again in a new one, up to
// maxAttempts times. Waiting for a tab of a browser that another request
// killed is not an attempt. f must be safe to repeat.
func (r *Renderer) withTab(ctx context.Context, pool func(*instance) *tabPool, f func(context.Context, *tab) error) error {
	return r.withTabLike(ctx, pool, nil, f)
}

// withTabLike is withTab on a free tab that like accepts, when there is
// one (nil accepts any): a tab already set up as f needs it saves f work.
func (r *Renderer) withTabLike(ctx context.Context, pool func(*instance) *tabPool, like func(*tab) bool, f func(context.Context, *tab) error) error {
	var err error
	for attempts, waits := 0, 0; attempts < maxAttempts && waits < 10*maxAttempts; {
		var in *instance
		if in, err = r.instance(ctx); err != nil {
			return err
		}
		if err = r.try(ctx, pool(in), like, f); err == nil {
			return nil
		}
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case permanent(err):
			return err
		case errors.Is(err, errInstanceClosed):
			waits++
		default:
			attempts++
			r.discard(in)
		}
	}
	return fmt.Errorf("gave up after %d attempts: %w", maxAttempts, err)
}

// try runs f once on a tab of pool, one that like accepts if one is free.
func (r *Renderer) try(ctx context.Context, pool *tabPool, like func(*tab) bool, f func(context.Context, *tab) error) error {
	t, err := pool.acquire(ctx, r.opt.Timeout, like)
	if err != nil {
		return err
	}
	defer pool.release(t)
	tctx, cancel := context.WithTimeout(ctx, r.opt.Timeout)
	defer cancel()
	err = f(tctx, t)
	if err != nil && ctx.Err() == nil && errors.Is(tctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("no answer within %v: %w", r.opt.Timeout, err)
	}
	return err
}

// tabPool hands out the tabs of one kind of one browser. It opens tabs
// lazily, up to the capacity of slots.
type tabPool struct {
	in    *instance
	setup func(ctx context.Context, t *tab) error
	slots chan struct{}

	mu     sync.Mutex
	free   []*tab // the tabs opened and not in use
	opened int    // tabs opened, at most the slots
}

func newTabPool(in *instance, n int, setup func(ctx context.Context, t *tab) error) *tabPool {
	return &tabPool{in: in, setup: setup, slots: make(chan struct{}, n)}
}

// acquire returns a free tab that like accepts (nil accepts any); else a
// new tab while the pool has room for more; else any free tab. Opening a
// tab may take up to timeout.
func (p *tabPool) acquire(ctx context.Context, timeout time.Duration, like func(*tab) bool) (*tab, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-p.in.done:
		return nil, errInstanceClosed
	}
	if t := p.take(like); t != nil {
		return t, nil
	}
	t, err := p.open(ctx, timeout)
	if err != nil {
		p.mu.Lock()
		p.opened--
		p.mu.Unlock()
		<-p.slots
		return nil, err
	}
	return t, nil
}

// take removes a free tab from the pool and returns it: the first that
// like accepts; else, while the pool has room for another tab, none (nil:
// the caller opens one, counted here); else the one freed last. A caller
// holding a slot finds a free tab or room.
func (p *tabPool) take(like func(*tab) bool) *tab {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := len(p.free) - 1
	if like != nil {
		if i := slices.IndexFunc(p.free, like); i >= 0 {
			k = i
		} else if p.opened < cap(p.slots) {
			k = -1
		}
	}
	if k < 0 {
		p.opened++
		return nil
	}
	t := p.free[k]
	p.free = slices.Delete(p.free, k, k+1)
	return t
}

// release gives a tab back to the pool.
func (p *tabPool) release(t *tab) {
	p.mu.Lock()
	p.free = append(p.free, t)
	p.mu.Unlock()
	<-p.slots
}

// open creates a tab in the browser and sets it up, within timeout.
func (p *tabPool) open(ctx context.Context, timeout time.Duration) (*tab, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// The first Do on a tab context binds the tab to the context it gets,
	// so it runs on the tab context and is bounded here instead. The tab
	// context ends with the browser.
	tabCtx, _ := chromedp.NewContext(p.in.browserCtx)
	if err := bounded(ctx, timeout, func() error { return chromedp.Do(tabCtx) }); err != nil {
		return nil, fmt.Errorf("open tab: %w", err)
	}
	t := &tab{ctx: tabCtx, target: chromedp.FromContext(tabCtx).Target}
	if err := p.setup(ctx, t); err != nil {
		return nil, fmt.Errorf("set up tab: %w", err)
	}
	return t, nil
}
