package dataset

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/parquet-go/parquet-go"
)

// rowGroup is a row group on its way into the file. Its rows come in
// pieces, which a parquet-go writer of its own encodes, in order, into
// memory: its pages, then its tail (the page index and footer of its own
// file). It joins the file once every row group before it has.
type rowGroup struct {
	at   int64 // the index in the file of its first row
	pw   *parquet.GenericWriter[Row]
	sink groupSink // what pw writes: the pages to data, then the tail
	data bytes.Buffer

	// Guarded by the Writer's mu:
	pieces [][]Row // handed on, not yet encoded
	last   bool    // every piece is handed on
	busy   bool    // a goroutine is encoding it
	ready  bool    // encoded, tail and all
}

// write hands one piece of rows to the row group's parquet-go writer,
// made with options at its first piece. Each row group gets a writer of
// its own: parquet-go's Reset, meant for reusing a writer, leaves the
// column paths out of the footer of the files written after it (v0.32.0).
func (g *rowGroup) write(rows []Row, options []parquet.WriterOption) error {
	if g.pw == nil {
		g.sink.out = &g.data
		g.pw = parquet.NewGenericWriter[Row](&g.sink, options...)
	}
	n, err := g.pw.Write(rows)
	if err == nil && n != len(rows) {
		err = fmt.Errorf("wrote %d of %d rows", n, len(rows))
	}
	return err
}

// finish writes the rest of the row group's pages, then its tail, and
// drops the parquet-go writer and its buffers.
func (g *rowGroup) finish() error {
	pw := g.pw
	g.pw = nil
	if err := pw.Flush(); err != nil {
		return err
	}
	g.sink.keepTail()
	return pw.Close()
}

// handOn hands the rows held for the current piece on, as the last of
// its row group if last is set: to Options.Run, or, without it or with
// here set, it encodes them here. Then it waits while more work waits than
// InFlight allows, doing it where it can, and returns the sticky error.
func (w *Writer) handOn(last, here bool) error {
	g, piece := w.cur, w.pending
	w.pending = nil
	if last {
		w.cur, w.inGroup = nil, 0
	}
	w.mu.Lock()
	if len(piece) > 0 {
		g.pieces = append(g.pieces, piece)
		w.queued += len(piece)
	}
	g.last = last
	w.mu.Unlock()
	if w.run == nil || here {
		w.encode(g)
	} else {
		w.run(func() { w.encode(g) })
	}
	most := w.inFlight * w.groupRows // rows waiting: InFlight row groups
	return w.waitWhile(func() bool { return w.queued > most || len(w.groups) > w.inFlight+1 })
}

// encode is the job of row group g: unless another goroutine is at it, it
// encodes the pieces waiting, in order, finishes g once the last is in,
// and joins to the file the row groups that lets through; after the
// file's last, it closes the file if CloseLater asked for it.
func (w *Writer) encode(g *rowGroup) {
	w.mu.Lock()
	if g.busy || g.ready || w.stopped {
		w.mu.Unlock()
		return
	}
	g.busy = true
	for w.err == nil && !w.stopped && len(g.pieces) > 0 {
		piece := g.pieces[0]
		g.pieces[0] = nil
		g.pieces = g.pieces[1:]
		w.mu.Unlock()
		err := g.write(piece, w.options)
		w.mu.Lock()
		w.queued -= len(piece)
		w.fault(err)
		w.moved.Broadcast()
	}
	if g.last && len(g.pieces) == 0 && w.err == nil && !w.stopped {
		w.mu.Unlock()
		err := g.finish()
		w.mu.Lock()
		w.fault(err)
		g.ready = true
		w.join()
	}
	g.busy = false
	w.moved.Broadcast()
	w.mu.Unlock()
	w.closeIfDone()
}

// fault records err, if it is the first, with mu held.
func (w *Writer) fault(err error) {
	if err != nil && w.err == nil {
		w.err = fmt.Errorf("dataset: write %s: %w", w.path, err)
	}
}

// waitWhile waits while wait reports true (it is called with mu held),
// doing itself the work of the oldest row group that has work and no
// goroutine at it, and returns the sticky error.
func (w *Writer) waitWhile(wait func() bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.err == nil && wait() {
		if g := w.idle(); g != nil {
			w.mu.Unlock()
			w.encode(g)
			w.mu.Lock()
			continue
		}
		w.moved.Wait()
	}
	return w.err
}

// busy reports, with mu held, whether a goroutine is encoding a row
// group.
func (w *Writer) busy() bool {
	return slices.ContainsFunc(w.groups, func(g *rowGroup) bool { return g.busy })
}

// idle returns, with mu held, the oldest row group with work (pieces to
// encode, or all in and not finished) and no goroutine at it, or nil.
func (w *Writer) idle() *rowGroup {
	for _, g := range w.groups {
		if !g.busy && !g.ready && (len(g.pieces) > 0 || g.last) {
			return g
		}
	}
	return nil
}

// join, with mu held, writes to the file the row groups at the head of
// those waiting that are finished, in order, and hands their tails to the
// assembler.
func (w *Writer) join() {
	for len(w.groups) > 0 && w.groups[0].ready {
		g := w.groups[0]
		w.groups[0] = nil
		w.groups = w.groups[1:]
		if w.err == nil {
			base := w.out.n
			_, err := w.out.Write(g.data.Bytes())
			if err == nil {
				err = w.asm.addGroup(base, g.sink.buf.Bytes())
			}
			w.fault(err)
		}
		g.data, g.sink = bytes.Buffer{}, groupSink{}
	}
}

// CloseLater is Close for a writer whose encoding Options.Run spreads
// over goroutines, without waiting for them: it hands the rows held for
// the last piece on and returns. The goroutine that finishes the file's
// last row group (this one, if none is left to do) then writes the page
// index and the footer, and a goroutine of its own syncs the file,
// renames it as Close does and calls done with Close's error (or done is
// called at once with the error that ended the writer). After CloseLater
// the writer may only be aborted, once no job runs; Abort waits for the
// syncing goroutine, and if it comes first, done may never be called.
func (w *Writer) CloseLater(done func(error)) {
	if err := w.handLast(false); err != nil {
		done(err)
		return
	}
	w.mu.Lock()
	w.closing = done
	w.mu.Unlock()
	w.closeIfDone()
}

// closeIfDone closes the file and calls the callback CloseLater was given,
// once no row group waits to join the file, or an error ended the writer,
// and no goroutine is at work on one; never after Abort.
func (w *Writer) closeIfDone() {
	w.mu.Lock()
	done := w.closing
	if done == nil || w.stopped || w.err == nil && len(w.groups) > 0 || w.busy() {
		w.mu.Unlock()
		return
	}
	w.closing = nil
	w.mu.Unlock()
	if err := w.finishFile(); err != nil {
		done(err)
		return
	}
	// Syncing waits on the disk, not on a core: a goroutine of its own
	// does it, and the one here goes back to the caller's work.
	w.sealing.Add(1)
	go func() {
		defer w.sealing.Done()
		done(w.seal())
	}()
}
