package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
)

// hashWriter passes writes on to w and keeps the SHA-256 and the count of
// the bytes written: the count is the offset in the file of the next byte.
// The Parquet writer only appends, so once w is flushed these are the
// file's own size and hash.
type hashWriter struct {
	w io.Writer
	h hash.Hash
	n int64
}

func newHashWriter(w io.Writer) *hashWriter {
	return &hashWriter{w: w, h: sha256.New()}
}

// Write writes p to the file and adds what was written to the hash.
func (hw *hashWriter) Write(p []byte) (int, error) {
	n, err := hw.w.Write(p)
	hw.h.Write(p[:n])
	hw.n += int64(n)
	return n, err
}

// sum returns the size and hex SHA-256 of what was written.
func (hw *hashWriter) sum() (int64, string) {
	return hw.n, hex.EncodeToString(hw.h.Sum(nil))
}
