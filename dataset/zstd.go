package dataset

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// zstdCodec is parquet.Zstd with encoders of its own, made with the
// options parquet.Zstd makes its encoders with, so it writes the same
// bytes. parquet.Zstd keeps its encoders in a sync.Pool, which garbage
// collections empty: a writer then makes a new encoder every few
// collections, each allocating a 16 MB window, which costs time and makes
// collections more frequent still. One codec serves every Writer of the
// process (sharedZstd), so encoders are made once per process, not once
// per file: gen writes a file per suite, and a short run's files each
// paid about a millisecond for it.
//
// The codec keeps its idle encoders in a stack and hands out the one
// returned last: as many encoders as compressions ever ran at once (row
// groups encoded on several goroutines, Options.Run), and one that is
// warm in the caches for a process that compresses on one goroutine at a
// time (handing encoders out in turn made that 5-10% slower). The
// encoders keep no window beyond what their input needs
// (WithLowerEncoderMem, the same bytes): a second encoder with a whole
// window made the peak memory of long runs 10 MB higher than that of
// short ones, which seldom compress on two goroutines at once.
type zstdCodec struct {
	mu   sync.Mutex
	idle []*zstd.Encoder
}

// sharedZstd is the codec of every Writer, made on first use.
var sharedZstd = sync.OnceValues(newZstdCodec)

// newZstdCodec makes the codec and its first encoder.
func newZstdCodec() (*zstdCodec, error) {
	enc, err := newZstdEncoder()
	if err != nil {
		return nil, err
	}
	return &zstdCodec{idle: []*zstd.Encoder{enc}}, nil
}

// newZstdEncoder makes an encoder with parquet.Zstd's options.
func newZstdEncoder() (*zstd.Encoder, error) {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderLevel(zstd.SpeedDefault),
		zstd.WithZeroFrames(true),
		zstd.WithEncoderCRC(false),
		zstd.WithLowerEncoderMem(true),
	)
	if err != nil {
		return nil, fmt.Errorf("dataset: zstd encoder: %w", err)
	}
	return enc, nil
}

// String names the codec as parquet.Zstd does.
func (c *zstdCodec) String() string { return parquet.Zstd.String() }

// CompressionCodec is ZSTD's code in the Parquet format.
func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// Encode compresses src into dst, as parquet.Zstd would.
func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	c.mu.Lock()
	var enc *zstd.Encoder
	if n := len(c.idle); n > 0 {
		enc = c.idle[n-1]
		c.idle = c.idle[:n-1]
	}
	c.mu.Unlock()
	if enc == nil {
		var err error
		if enc, err = newZstdEncoder(); err != nil {
			return nil, err
		}
	}
	out := enc.EncodeAll(src, dst[:0])
	c.mu.Lock()
	c.idle = append(c.idle, enc)
	c.mu.Unlock()
	return out, nil
}

// Decode is parquet.Zstd's.
func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	return parquet.Zstd.Decode(dst, src)
}
