package dataset

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// Parts of a row group's record in a [spill]: they go to different places
// in the file, so the spill is read once for each.
const (
	partColumnIndex = iota // the column indexes of its columns, as written
	partOffsetIndex        // the offset indexes, with offsets in the file
	partRowGroup           // the row group's metadata, page index offsets relative
	numParts
)

// spill is a temporary file holding, for each row group written, the
// metadata the file's end needs: the page index of its columns and its
// entry in the footer's list of row groups. It grows with the file on disk
// instead of in memory. It is removed as soon as it is made where the
// system allows it, so that no run, even killed, leaves it behind;
// elsewhere its name is that of a writer's temporary file, which sweeps
// remove.
type spill struct {
	f    *os.File
	w    *bufio.Writer
	path string // "" once removed
	n    int    // records written
	head [binary.MaxVarintLen64]byte
}

// newSpill makes an empty spill in dir, named as os.CreateTemp names it
// from pattern.
func newSpill(dir, pattern string) (*spill, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	s := &spill{f: f, w: bufio.NewWriterSize(f, 64<<10), path: f.Name()}
	if os.Remove(s.path) == nil {
		s.path = ""
	}
	return s, nil
}

// add appends the record of one row group: its parts, in order.
func (s *spill) add(parts [numParts][]byte) error {
	for _, p := range parts {
		k := binary.PutUvarint(s.head[:], uint64(len(p)))
		if _, err := s.w.Write(s.head[:k]); err != nil {
			return fmt.Errorf("spill: %w", err)
		}
		if _, err := s.w.Write(p); err != nil {
			return fmt.Errorf("spill: %w", err)
		}
	}
	s.n++
	return nil
}

// each calls fn with part of every record, in order, as a reader of the
// part's length bytes that fn may leave unread.
func (s *spill) each(part int, fn func(r *io.LimitedReader) error) error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("spill: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("spill: %w", err)
	}
	br := bufio.NewReaderSize(s.f, 64<<10)
	for range s.n {
		for p := range numParts {
			size, err := binary.ReadUvarint(br)
			if err != nil {
				return fmt.Errorf("spill: %w", noEOF(err))
			}
			lr := &io.LimitedReader{R: br, N: int64(size)}
			if p == part {
				if err := fn(lr); err != nil {
					return err
				}
			}
			if _, err := io.Copy(io.Discard, lr); err != nil {
				return fmt.Errorf("spill: %w", err)
			}
			if lr.N > 0 {
				return fmt.Errorf("spill: %w", io.ErrUnexpectedEOF)
			}
		}
	}
	return nil
}

// noEOF turns the end of the file, which a record should not meet, into
// the error it is.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// close closes and removes the file.
func (s *spill) close() error {
	err := s.f.Close()
	if s.path != "" {
		if rerr := os.Remove(s.path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) && err == nil {
			err = rerr
		}
		s.path = ""
	}
	if err != nil {
		return fmt.Errorf("spill: %w", err)
	}
	return nil
}
