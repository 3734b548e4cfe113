package dataset

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// TestSum checks that the size and hash a writer works out as it writes
// are the file's own.
func TestSum(t *testing.T) {
	for _, n := range []int{0, 1, 250} {
		path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
		w, err := Create(path, Options{RowGroupRows: 100})
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := w.Write(fullRow(i, 2000)); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if size, hash := w.Sum(); size != int64(len(b)) || hash != hex.EncodeToString(sum[:]) {
			t.Errorf("%d rows: Sum gives %d bytes %s, the file has %d bytes %x", n, size, hash, len(b), sum)
		}
	}
}

// TestZstdCodec checks that the writers' shared zstd encoder compresses to
// the bytes of parquet.Zstd, which wrote every file before it, also when
// several goroutines use it at once, each input in turn after others.
func TestZstdCodec(t *testing.T) {
	c, err := sharedZstd()
	if err != nil {
		t.Fatal(err)
	}
	inputs := [][]byte{
		nil,
		[]byte("a"),
		bytes.Repeat([]byte("Check the box labelled Terms, then Submit. "), 2000),
		fakePNG(300<<10, 1),
		append(bytes.Repeat([]byte{0}, 1<<20), fakePNG(5<<20, 2)...),
	}
	want := make([][]byte, len(inputs))
	for i, in := range inputs {
		if want[i], err = parquet.Zstd.Encode(nil, in); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for r := range 3 * len(inputs) {
				i := (g + r) % len(inputs)
				got, err := c.Encode(nil, inputs[i])
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(got, want[i]) {
					t.Errorf("input %d (%d bytes): %d bytes, parquet.Zstd gives %d", i, len(inputs[i]), len(got), len(want[i]))
				}
				back, err := c.Decode(nil, got)
				if err != nil || !bytes.Equal(back, inputs[i]) {
					t.Errorf("input %d does not decode back: %v", i, err)
				}
			}
		})
	}
	wg.Wait()
}
