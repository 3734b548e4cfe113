package dataset

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/parquet-go/parquet-go"
)

// Reader reads back the rows of a file written by a [Writer], a batch at a
// time, so that memory stays bounded by the batch and one row group.
type Reader struct {
	path string
	f    *os.File
	pf   *parquet.File
	r    *parquet.GenericReader[Row]
	sr   *parquet.GenericReader[Summary]  // made by the first ReadSummaries
	br   *parquet.GenericReader[RowBoxes] // made by the first ReadBoxes
}

// RowBoxes is a row's id and boxes columns: what judging a click point
// needs of it.
type RowBoxes struct {
	ID    string `parquet:"id,optional"`
	Boxes string `parquet:"boxes,optional"`
}

// Summary is the part of a row that says what the row is, without its
// pictures or prompts: what a dataset card and the VLMEvalKit layout count. Reading
// summaries decodes only these columns, a fraction of the file.
type Summary struct {
	ID         string   `parquet:"id,optional"`
	Index      *int64   `parquet:"index,optional"`
	Suite      string   `parquet:"suite,optional"`
	Family     string   `parquet:"family,optional"`
	Horizon    *int64   `parquet:"horizon,optional"`
	Question   string   `parquet:"question,optional"`
	Choices    []string `parquet:"choices,optional,list" parquet-element:",optional"`
	Answer     string   `parquet:"answer,optional"`
	ImageWidth int64    `parquet:"image_width,optional"` // 0 when the row has no picture
	Metadata   string   `parquet:"metadata,optional"`
	// ImageNeeded, GroupID, PairID, VariantGroup and OptionLabels are as
	// in Row.
	ImageNeeded  *bool    `parquet:"image_needed,optional"`
	GroupID      string   `parquet:"group_id,optional"`
	PairID       string   `parquet:"pair_id,optional"`
	VariantGroup string   `parquet:"variant_group,optional"`
	OptionLabels []string `parquet:"option_labels,optional,list" parquet-element:",optional"`
}

// Open opens the Parquet file at path for reading. It fails if the file's
// schema is not exactly the schema of [Row], names, types and nullability
// included.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: open %s: %w", path, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("dataset: open %s: %w", path, err)
	}
	pf, err := parquet.OpenFile(f, info.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("dataset: open %s: %w", path, err)
	}
	if want := parquet.SchemaOf(Row{}); !parquet.EqualNodes(pf.Schema(), want) {
		f.Close()
		return nil, fmt.Errorf("dataset: open %s: schema does not match Row:\n%s", path, pf.Schema())
	}
	return &Reader{
		path: path,
		f:    f,
		pf:   pf,
		r:    parquet.NewGenericReader[Row](pf),
	}, nil
}

// NumRows returns the number of rows in the file.
func (r *Reader) NumRows() int64 { return r.pf.NumRows() }

// NumRowGroups returns the number of row groups in the file.
func (r *Reader) NumRowGroups() int { return len(r.pf.RowGroups()) }

// Metadata returns the value of a key of the file's key-value metadata,
// such as [MetadataKey] or one of [Options.Metadata].
func (r *Reader) Metadata(key string) (string, bool) { return r.pf.Lookup(key) }

// Read reads up to len(rows) rows into rows and returns how many it read.
// At the end of the file it returns io.EOF, possibly with n > 0. The rows
// read share no memory with the reader or with each other.
func (r *Reader) Read(rows []Row) (int, error) { return readInto(r, r.r, rows) }

// ReadSummaries is Read for the Summary columns only. A Reader reads either
// rows or summaries, not both.
func (r *Reader) ReadSummaries(s []Summary) (int, error) {
	if r.sr == nil {
		r.sr = parquet.NewGenericReader[Summary](r.pf)
	}
	return readInto(r, r.sr, s)
}

// ReadBoxes is Read for the RowBoxes columns only. A Reader reads one
// of rows, summaries and boxes.
func (r *Reader) ReadBoxes(b []RowBoxes) (int, error) {
	if r.br == nil {
		r.br = parquet.NewGenericReader[RowBoxes](r.pf)
	}
	return readInto(r, r.br, b)
}

// readInto reads up to len(dst) values of the file with gr, as Read does.
func readInto[T any](r *Reader, gr *parquet.GenericReader[T], dst []T) (int, error) {
	clear(dst)
	n, err := gr.Read(dst)
	if err != nil && !errors.Is(err, io.EOF) {
		return n, fmt.Errorf("dataset: read %s: %w", r.path, err)
	}
	return n, err
}

// Close releases the file.
func (r *Reader) Close() error {
	closers := []io.Closer{r.r}
	if r.sr != nil {
		closers = append(closers, r.sr)
	}
	if r.br != nil {
		closers = append(closers, r.br)
	}
	closers = append(closers, r.f)
	var err error
	for _, c := range closers {
		if cerr := c.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("dataset: close %s: %w", r.path, err)
	}
	return nil
}

// ReadRows reads every row of the file at path. For large files, read in
// batches with [Open] and [Reader.Read] instead.
func ReadRows(path string) ([]Row, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	rows, err := r.readAll()
	if cerr := r.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// readAll reads the remaining rows and checks their count against the
// footer.
func (r *Reader) readAll() ([]Row, error) {
	rows := make([]Row, 0, r.NumRows())
	batch := make([]Row, 64)
	for {
		n, err := r.Read(batch)
		rows = append(rows, batch[:n]...)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(rows)) != r.NumRows() {
		return nil, fmt.Errorf("dataset: read %s: got %d rows, footer says %d", r.path, len(rows), r.NumRows())
	}
	return rows, nil
}
