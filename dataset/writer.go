package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"

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
	// holds one row group in memory, so this bounds its memory whatever
	// the number of rows. Zero means DefaultRowGroupRows.
	RowGroupRows int

	// Metadata is extra key-value metadata for the file footer, such as
	// the seed, the generator flags or the browser version. The key
	// MetadataKey is reserved for the features and may not be used.
	Metadata map[string]string
}

// Writer streams rows into one Parquet file. The file is written under a
// temporary name in the destination directory and renamed into place only
// by a successful Close, so a file at the final path is always complete.
//
// The first error is sticky: every later call returns it and Close then
// removes the temporary file. A Writer is not safe for concurrent use.
//
// The file is deterministic: the same rows and options give the same bytes,
// however the rows are split over calls to Write. Where parquet-go ends
// pages depends on how many rows it is handed at a time, so the writer
// hands them on in fixed chunks of 256 from the file's first row, holding
// (copies of) the rows of an incomplete chunk until more come or Close.
// So an error in writing rows may be returned by a later Write, or by
// Close, rather than by the Write that handed them over.
//
// parquet-go writes each row group as a file of its own, which an
// [assembler] joins into the bytes parquet-go would write for the whole
// file, keeping the footer on disk until Close: memory does not grow with
// the number of rows.
type Writer struct {
	path      string
	tmp       *os.File
	buf       *bufio.Writer // tmp, buffered
	out       *hashWriter   // buf, hashed and counted as it is written
	sink      groupSink
	asm       assembler
	pw        *parquet.GenericWriter[Row] // writes the current row group
	options   []parquet.WriterOption      // of pw
	groupRows int                         // rows per row group
	inGroup   int                         // rows in the current row group
	pending   []Row                       // copies of the rows of the incomplete chunk, fewer than chunkRows
	rows      int64                       // rows accepted by Write, pending ones included
	err       error
	done      bool
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
	// Unbuffered, so that the pages of a row group have reached the sink
	// when Flush returns; the file is buffered below it.
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
	w := &Writer{path: path, tmp: tmp, groupRows: groupRows, options: options}
	w.buf = bufio.NewWriterSize(tmp, 256<<10)
	w.out = newHashWriter(w.buf)
	w.sink.out = w.out
	w.asm.out = w.out
	w.asm.newSp = func() (*spill, error) { return newSpill(dir, "."+base+".tmp-*") }
	// parquet-go writes the magic of every row group's file; the sink
	// drops it, and the file has it once.
	w.out.Write([]byte(magic)) // buffered: cannot fail
	w.pw = parquet.NewGenericWriter[Row](&w.sink, options...)
	return w, nil
}

// Write appends rows to the file. A row group is written out each time
// RowGroupRows rows have accumulated. Rows whose list fields hold an empty
// string are rejected, since Parquet would store the element as null.
// Write keeps no reference to rows: the caller may reuse the slice once it
// returns.
func (w *Writer) Write(rows ...Row) error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return ErrClosed
	}
	for i := range rows {
		if err := checkRow(&rows[i]); err != nil {
			return w.fail(fmt.Errorf("dataset: write row %d: %w", w.rows+int64(i), err))
		}
	}
	w.rows += int64(len(rows))
	if len(w.pending) > 0 {
		// Complete the pending chunk first.
		k := min(chunkRows-len(w.pending), len(rows))
		w.pending = append(w.pending, rows[:k]...)
		rows = rows[k:]
		if len(w.pending) < chunkRows {
			return nil
		}
		if err := w.flushPending(); err != nil {
			return err
		}
	}
	// Whole chunks go straight from rows, without a copy.
	for len(rows) >= chunkRows {
		if err := w.writeChunk(rows[:chunkRows]); err != nil {
			return err
		}
		rows = rows[chunkRows:]
	}
	if len(rows) > 0 {
		if w.pending == nil {
			w.pending = make([]Row, 0, chunkRows)
		}
		w.pending = append(w.pending, rows...)
	}
	return nil
}

// flushPending hands the rows held for the incomplete chunk to parquet-go
// and drops them, whether or not that succeeds.
func (w *Writer) flushPending() error {
	err := w.writeChunk(w.pending)
	clear(w.pending) // drop the rows' pictures
	w.pending = w.pending[:0]
	return err
}

// writeChunk hands rows, a whole chunk or the last one, to parquet-go, in
// the calls parquet-go would make of them for the whole file: the rows up
// to the end of the row group, then the rest.
func (w *Writer) writeChunk(rows []Row) error {
	for len(rows) > 0 {
		k := min(len(rows), w.groupRows-w.inGroup)
		n, err := w.pw.Write(rows[:k])
		if err == nil && n != k {
			err = fmt.Errorf("wrote %d of %d rows", n, k)
		}
		if err != nil {
			return w.fail(fmt.Errorf("dataset: write %s: %w", w.path, err))
		}
		w.inGroup += k
		rows = rows[k:]
		if w.inGroup == w.groupRows {
			if err := w.endGroup(); err != nil {
				return w.fail(fmt.Errorf("dataset: write %s: %w", w.path, err))
			}
		}
	}
	return nil
}

// endGroup writes the pages of the current row group to the file, hands
// its metadata to the assembler and readies parquet-go for the next one.
//
// Each row group gets a writer of its own: parquet-go's Reset, meant for
// reusing a writer, leaves the column paths out of the footer of the
// files written after it (v0.32.0).
func (w *Writer) endGroup() error {
	base := w.out.n
	if err := w.pw.Flush(); err != nil {
		return err
	}
	w.sink.keepTail()
	if err := w.pw.Close(); err != nil {
		return err
	}
	if err := w.asm.addGroup(base, w.sink.buf.Bytes()); err != nil {
		return err
	}
	w.sink.reset()
	w.pw = parquet.NewGenericWriter[Row](&w.sink, w.options...)
	w.inGroup = 0
	return nil
}

// Rows returns the number of rows written so far, counting those held
// for the next chunk.
func (w *Writer) Rows() int64 { return w.rows }

// Sum returns the size in bytes and the hex SHA-256 of the file, worked
// out as it was written, so that nothing needs to read it again. It is
// meaningful only after a successful Close: before, the file is not
// complete.
func (w *Writer) Sum() (int64, string) { return w.out.sum() }

// Close writes the rows held for the last chunk, the last row group and
// the footer, then renames the file to
// its final path. If anything failed, now or before, Close removes the
// temporary file and returns the first error; the final path is then left
// as it was. Close after Close or Abort returns ErrClosed.
func (w *Writer) Close() error {
	if w.done {
		if w.err != nil {
			return w.err
		}
		return ErrClosed
	}
	if w.err != nil {
		w.discard()
		return w.err
	}
	if len(w.pending) > 0 {
		if err := w.flushPending(); err != nil {
			return err
		}
	}
	if err := w.finish(); err != nil {
		return w.fail(fmt.Errorf("dataset: close %s: %w", w.path, err))
	}
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

// finish writes the last row group, the page index and the footer.
func (w *Writer) finish() error {
	if w.inGroup > 0 {
		if err := w.endGroup(); err != nil {
			return err
		}
	}
	if w.asm.groups == 0 {
		// No rows: parquet-go's footer of no row group is the file's.
		if err := w.pw.Close(); err != nil {
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
// deferred right after Create.
func (w *Writer) Abort() error {
	return w.discard()
}

// fail records err as the sticky error, removes the temporary file and
// returns err.
func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = err
	}
	w.discard()
	return w.err
}

// discard closes and removes the temporary file.
func (w *Writer) discard() error {
	if w.done {
		return nil
	}
	w.done = true
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
