package dataset

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// zstdCodec is parquet.Zstd with an encoder of its own, made with the
// options parquet.Zstd makes its encoders with, so it writes the same
// bytes. parquet.Zstd keeps its encoders in a sync.Pool, which garbage
// collections empty: a writer then makes a new encoder every few
// collections, each allocating a 16 MB window, which costs time and makes
// collections more frequent still. One codec serves every Writer of the
// process (sharedZstd), so the window is allocated once per process, not
// once per file: gen writes a file per suite, and a short run's files each
// paid about a millisecond for it. EncodeAll is safe for concurrent use;
// the encoder has one window, as each writer's had, so calls at the same
// time take turns (a window per CPU cost 16-20 MB more peak memory, as
// parquet-go compresses a row group's columns at once).
type zstdCodec struct {
	enc *zstd.Encoder
}

// sharedZstd is the codec of every Writer, made on first use.
var sharedZstd = sync.OnceValues(newZstdCodec)

// newZstdCodec makes an encoder.
func newZstdCodec() (*zstdCodec, error) {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderLevel(zstd.SpeedDefault),
		zstd.WithZeroFrames(true),
		zstd.WithEncoderCRC(false),
	)
	if err != nil {
		return nil, fmt.Errorf("dataset: zstd encoder: %w", err)
	}
	return &zstdCodec{enc: enc}, nil
}

// String names the codec as parquet.Zstd does.
func (c *zstdCodec) String() string { return parquet.Zstd.String() }

// CompressionCodec is ZSTD's code in the Parquet format.
func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// Encode compresses src into dst, as parquet.Zstd would.
func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	return c.enc.EncodeAll(src, dst[:0]), nil
}

// Decode is parquet.Zstd's.
func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	return parquet.Zstd.Decode(dst, src)
}
