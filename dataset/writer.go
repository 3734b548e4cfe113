package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/parquet-go/parquet-go"
)

// DefaultRowGroupRows is the number of rows per row group when
// [Options.RowGroupRows] is zero: about what Hugging Face's own writer
// uses for rows with images.
const DefaultRowGroupRows = 100

// ErrClosed is returned by a [Writer] used after Close or Abort.
var ErrClosed = errors.New("dataset: writer is closed")

// Options configures a [Writer]. The zero value is ready to use.
type Options struct {
	// RowGroupRows is the maximum number of rows per row group. The writer
	// holds a row group's pages in memory until it joins the file, so this
	// bounds its memory whatever the number of rows. Zero means
	// DefaultRowGroupRows.
	RowGroupRows int

	// Metadata is extra key-value metadata for the file footer, such as
	// the seed, the generator flags or the browser version. The key
	// MetadataKey is reserved for the features and may not be used.
	Metadata map[string]string

	// Run, if set, runs the encoding of the rows, most of a writer's work
	// (turning rows into pages and compressing them), so that a caller may
	// spread it over goroutines of its own: each time Write has the rows
	// of a piece (see Writer), it hands Run a job that encodes the pieces
	// of that row group waiting, and goes on. The pieces of one row group
	// are encoded in order, on one goroutine at a time; row groups are
	// encoded at the same time, and join the file in order. Run may call
	// the job on any goroutine, at once, later or never: the Writer does
	// the work itself when it needs it done (Close, or rows waiting beyond
	// InFlight row groups' worth), and a job called after that, or after
	// Close or Abort, does nothing. Without Run, Write encodes each piece
	// itself.
	Run func(job func())
	// InFlight bounds the work handed to Run and not yet done: at most
	// InFlight row groups' rows waiting to be encoded, and InFlight row
	// groups besides the one Write is filling waiting to join the file.
	// Beyond that Write does the work itself, or waits. Zero means 2.
	InFlight int
}

// Writer streams rows into one Parquet file. The file is written under a
// temporary name in the destination directory and renamed into place only
// by a successful Close, so a file at the final path is always complete.
//
// The first error is sticky: every later call returns it and Close then
// removes the temporary file. A Writer is not safe for concurrent use by
// its callers; the jobs it hands Options.Run are safe with each other and
// with it.
//
// The file is deterministic: the same rows and options give the same
// bytes, however the rows are split over calls to Write and whichever
// goroutines encode them. Where parquet-go ends pages depends on how many
// rows it is handed at a time, so the writer hands them on in pieces fixed
// from the file's first row: chunks of 256 rows, cut again where a row
// group ends. It holds (copies of) the rows of a piece until the piece is
// complete or Close, and then until the piece is encoded. So an error in
// writing rows may be returned by a later Write, or by Close, rather than
// by the Write that handed them over.
//
// parquet-go writes each row group as a file of its own, into memory,
// which an [assembler] joins into the bytes parquet-go would write for the
// whole file, keeping the footer on disk until Close: memory does not grow
// with the number of rows.
type Writer struct {
	path      string
	tmp       *os.File
	buf       *bufio.Writer // tmp, buffered
	out       *hashWriter   // buf, hashed and counted as it is written
	asm       assembler
	options   []parquet.WriterOption // of parquet-go's writers
	groupRows int                    // rows per row group
	run       func(job func())       // Options.Run
	inFlight  int                    // Options.InFlight, or its default
	cur       *rowGroup              // the row group being filled; nil before its first row
	inGroup   int                    // rows of cur accepted, pending ones included
	pending   []Row                  // copies of the rows of cur's incomplete piece
	rows      int64                  // rows accepted by Write, pending ones included
	done      bool

	// mu guards what the jobs touch: the row groups handed on, the rows
	// waiting in them, the file and the assembler while any row group
	// waits, and err.
	mu      sync.Mutex
	moved   *sync.Cond  // broadcast when a job encodes a piece or ends
	groups  []*rowGroup // handed a piece, not yet in the file, in order
	queued  int         // rows of pieces handed on, not yet encoded
	stopped bool        // by Abort or an error: jobs do nothing
	closing func(error) // CloseLater's callback, until it is called
	err     error

	sealing sync.WaitGroup // CloseLater's goroutine that syncs and renames the file
}

// chunkRows is how many rows a [Writer] hands to parquet-go at a time,
// counted from the file's first row. It decides where pages end: changing
// it changes the bytes of every file.
const chunkRows = 256

// Create starts writing the Parquet file that will appear at path on a
// successful [Writer.Close]. The directory of path must exist.
// A deferred [Writer.Abort] is the way to remove the temporary file on
// every error path:
//
//	w, err := dataset.Create(path, dataset.Options{})
//	if err != nil {
//		return err
//	}
//	defer w.Abort()
//	... w.Write(rows...) ...
//	return w.Close()
func Create(path string, opts Options) (*Writer, error) {
	if opts.RowGroupRows < 0 {
		return nil, fmt.Errorf("dataset: create %s: negative RowGroupRows %d", path, opts.RowGroupRows)
	}
	if _, ok := opts.Metadata[MetadataKey]; ok {
		return nil, fmt.Errorf("dataset: create %s: metadata key %q is reserved", path, MetadataKey)
	}
	groupRows := opts.groupRows()
	options, err := writerOptions(groupRows, opts.Metadata)
	if err != nil {
		return nil, err
	}
	// Unbuffered, so that the pages of a row group have reached its sink
	// when Flush returns.
	options = append(options, parquet.WriteBufferSize(0))

	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// The temporary name neither ends in .parquet nor matches the
	// test-*.parquet pattern of a dataset card.
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("dataset: create %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("dataset: create %s: %w", path, err)
	}
	w := &Writer{path: path, tmp: tmp, groupRows: groupRows, options: options, run: opts.Run, inFlight: opts.InFlight}
	if w.inFlight <= 0 {
		w.inFlight = 2
	}
	w.moved = sync.NewCond(&w.mu)
	w.buf = bufio.NewWriterSize(tmp, 256<<10)
	w.out = newHashWriter(w.buf)
	w.asm.out = w.out
	w.asm.newSp = func() (*spill, error) { return newSpill(dir, "."+base+".tmp-*") }
	// parquet-go writes the magic of every row group's file; the sinks
	// drop it, and the file has it once.
	w.out.Write([]byte(magic)) // buffered: cannot fail
	return w, nil
}

// Write appends rows to the file. Rows whose list fields hold an empty
// string are rejected, since Parquet would store the element as null.
// Write keeps copies of the rows, not the slice: the caller may reuse the
// slice once Write returns, but must not write over what the rows point
// to (a picture's bytes) before Close.
func (w *Writer) Write(rows ...Row) error {
	if err := w.state(); err != nil {
		return err
	}
	for i := range rows {
		if err := checkRow(&rows[i]); err != nil {
			return w.fail(fmt.Errorf("dataset: write row %d: %w", w.rows+int64(i), err))
		}
	}
	for len(rows) > 0 {
		if w.cur == nil {
			w.cur = &rowGroup{at: w.rows}
			w.mu.Lock()
			w.groups = append(w.groups, w.cur)
			w.mu.Unlock()
		}
		// The piece ends at the next chunk or at the row group's end.
		room := min(chunkRows-int(w.rows%chunkRows), w.groupRows-w.inGroup)
		k := min(len(rows), room)
		if w.pending == nil {
			w.pending = make([]Row, 0, room)
		}
		w.pending = append(w.pending, rows[:k]...)
		w.rows += int64(k)
		w.inGroup += k
		rows = rows[k:]
		if k == room {
			if err := w.handOn(w.inGroup == w.groupRows, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// state returns the sticky error, or ErrClosed after Close or Abort.
func (w *Writer) state() error {
	w.mu.Lock()
	err := w.err
	w.mu.Unlock()
	if err == nil && w.done {
		return ErrClosed
	}
	return err
}

// Rows returns the number of rows written so far, counting those held
// for the next piece.
func (w *Writer) Rows() int64 { return w.rows }

// Sum returns the size in bytes and the hex SHA-256 of the file, worked
// out as it was written, so that nothing needs to read it again. It is
// meaningful only after a successful Close: before, the file is not
// complete.
func (w *Writer) Sum() (int64, string) { return w.out.sum() }

// Close encodes the rows held for the last piece, waits for every row
// group to join the file, writes the footer, then renames the file to its
// final path. If anything failed, now or before, Close removes the
// temporary file and returns the first error; the final path is then left
// as it was. Close after Close or Abort returns ErrClosed, or the error
// that ended the writer.
func (w *Writer) Close() error {
	// The last piece is encoded here: Close waits for it anyway.
	if err := w.handLast(true); err != nil {
		return err
	}
	if err := w.finishFile(); err != nil {
		return err
	}
	return w.seal()
}

// handLast begins Close and CloseLater: it hands the rows held for the
// last piece on (encoding them here with here set) and returns nil, or the
// error that ends the closing: ErrClosed after Close or Abort, or the
// sticky error, the file then removed.
func (w *Writer) handLast(here bool) error {
	if w.done {
		return w.state()
	}
	if err := w.state(); err != nil {
		w.discard()
		return err
	}
	if w.cur != nil {
		if err := w.handOn(true, here); err != nil {
			return w.fail(err)
		}
	}
	return nil
}

// finishFile is finish, its error named after the file and, as every
// error of closing, ending the writer and removing the file.
func (w *Writer) finishFile() error {
	if err := w.finish(); err != nil {
		return w.fail(fmt.Errorf("dataset: close %s: %w", w.path, err))
	}
	return nil
}

// seal syncs the finished file to disk and renames it to its final path;
// on error it removes it.
func (w *Writer) seal() error {
	if err := w.tmp.Sync(); err != nil {
		return w.fail(fmt.Errorf("dataset: close %s: %w", w.path, err))
	}
	if err := w.tmp.Close(); err != nil {
		// Nothing left to close: only the file is left to remove.
		w.err = fmt.Errorf("dataset: close %s: %w", w.path, err)
		w.done = true
		os.Remove(w.tmp.Name())
		return w.err
	}
	if err := os.Rename(w.tmp.Name(), w.path); err != nil {
		w.err = fmt.Errorf("dataset: close %s: %w", w.path, err)
		w.done = true
		os.Remove(w.tmp.Name())
		return w.err
	}
	w.done = true
	return nil
}

// finish waits for every row group to join the file, then writes the
// page index and the footer.
func (w *Writer) finish() error {
	if err := w.waitWhile(func() bool { return len(w.groups) > 0 }); err != nil {
		return err
	}
	if w.asm.groups == 0 {
		// No rows: parquet-go's footer of no row group is the file's.
		pw := parquet.NewGenericWriter[Row](&groupSink{out: w.out}, w.options...)
		if err := pw.Close(); err != nil {
			return err
		}
	} else if err := w.asm.finish(); err != nil {
		return err
	}
	if err := w.buf.Flush(); err != nil {
		return err
	}
	if w.asm.spill != nil {
		return w.asm.spill.close()
	}
	return nil
}

// Abort stops writing and removes the temporary file; the final path is
// left as it was. Abort after Close or Abort does nothing, so it can be
// deferred right after Create. After CloseLater, it first waits for a
// file being synced and renamed, and then does nothing if that succeeded.
func (w *Writer) Abort() error {
	w.sealing.Wait()
	return w.discard()
}

// fail records err as the sticky error, unless there is one, removes the
// temporary file and returns the sticky error.
func (w *Writer) fail(err error) error {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	err = w.err
	w.mu.Unlock()
	w.discard()
	return err
}

// discard stops the jobs, waiting for those at work, drops the rows held
// and closes and removes the temporary file.
func (w *Writer) discard() error {
	if w.done {
		return nil
	}
	w.done = true
	w.mu.Lock()
	w.stopped = true
	for w.busy() {
		w.moved.Wait()
	}
	w.groups, w.cur, w.pending = nil, nil, nil
	w.mu.Unlock()
	if w.asm.spill != nil {
		w.asm.spill.close()
	}
	w.tmp.Close()
	if err := os.Remove(w.tmp.Name()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("dataset: remove %s: %w", w.tmp.Name(), err)
	}
	return nil
}

// checkRow reports a list element that Parquet would store as null.
func checkRow(r *Row) error {
	lists := [...]struct {
		name  string
		elems []string
	}{
		{"choices", r.Choices},
		{"option_labels", r.OptionLabels},
		{"plans_text", r.PlansText},
		{"plans_pddl", r.PlansPDDL},
	}
	for _, l := range lists {
		for i, e := range l.elems {
			if e == "" {
				return fmt.Errorf("id %q: %s[%d] is empty and would be stored as null", r.ID, l.name, i)
			}
		}
	}
	return nil
}

// WriteFile writes rows to a new file at path, creating its folder, as
// Create, Write and Close would; like them, it leaves no file behind on
// error.
func WriteFile(path string, opts Options, rows ...Row) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	w, err := Create(path, opts)
	if err != nil {
		return err
	}
	defer w.Abort()
	if err := w.Write(rows...); err != nil {
		return err
	}
	return w.Close()
}
