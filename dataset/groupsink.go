package dataset

import (
	"bytes"
	"fmt"
	"io"
)

// magic opens and closes every Parquet file.
const magic = "PAR1"

// groupSink is what parquet-go writes to. The [Writer] has parquet-go write
// each row group as a file of its own: the magic, the row group's pages,
// its page index and a footer describing it alone. In data mode the sink
// drops the magic and passes the pages on to the file; in tail mode it
// keeps what follows them for an [assembler] to take apart, so that the
// footer of the whole file is never held in memory.
type groupSink struct {
	out  io.Writer
	head [len(magic)]byte // the magic dropped so far
	nh   int              // bytes of head received
	tail bool
	buf  bytes.Buffer // tail mode: the page index and the footer
}

// reset prepares the sink for the next row group, in data mode.
func (s *groupSink) reset() {
	s.nh, s.tail = 0, false
	s.buf.Reset()
}

// keepTail switches the sink to tail mode: from now on it keeps what it is
// given.
func (s *groupSink) keepTail() { s.tail = true }

// Write passes p on to the file, less the magic, or keeps it.
func (s *groupSink) Write(p []byte) (int, error) {
	n := len(p)
	if s.tail {
		s.buf.Write(p)
		return n, nil
	}
	if s.nh < len(s.head) {
		k := copy(s.head[s.nh:], p)
		s.nh += k
		p = p[k:]
		if s.nh == len(s.head) && string(s.head[:]) != magic {
			return 0, fmt.Errorf("row group starts with %q, not %q", s.head[:], magic)
		}
	}
	if len(p) == 0 {
		return n, nil
	}
	if _, err := s.out.Write(p); err != nil {
		return 0, err
	}
	return n, nil
}
