package dataset

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// A byte flipped inside a page leaves the footer intact, so Open succeeds,
// but CheckPages finds the page's checksum wrong.
func TestCheckPagesFindsCorruptPage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	w, err := Create(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for i := range 50 {
		id := fmt.Sprintf("id-%03d", i)
		rows = append(rows, Row{ID: id, Suite: "s", Question: fmt.Sprintf("question number %03d %s", i, strings.Repeat("x", 40)), GeneratorVersion: "v"})
	}
	if err := w.Write(rows...); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	check := func() error {
		r, err := Open(path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		defer r.Close()
		return r.CheckPages()
	}
	if err := check(); err != nil {
		t.Fatalf("intact file: %v", err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Flip the last byte of the question column's chunk: the end of its
	// last page's data, past every header.
	f, err := parquet.OpenFile(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range f.Metadata().RowGroups[0].Columns {
		if strings.Join(c.MetaData.PathInSchema, ".") == "question" {
			raw[c.MetaData.DataPageOffset+c.MetaData.TotalCompressedSize-1] ^= 0x01
		}
	}
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := check(); err == nil || !strings.Contains(err.Error(), "checksum") && !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("corrupt page: CheckPages = %v, want a checksum error", err)
	}
}
