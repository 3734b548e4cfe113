package dataset

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()

	// A valid Parquet file whose schema is not Row's: id is REQUIRED.
	type otherRow struct {
		ID string `parquet:"id"`
	}
	other := filepath.Join(dir, "other.parquet")
	if err := parquet.WriteFile(other, []otherRow{{ID: "x"}}); err != nil {
		t.Fatal(err)
	}
	notParquet := filepath.Join(dir, "text.parquet")
	if err := os.WriteFile(notParquet, []byte("not a parquet file"), 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name, path, want string
		is               error
	}{
		{"missing", filepath.Join(dir, "missing.parquet"), "missing.parquet", fs.ErrNotExist},
		{"other schema", other, "schema does not match Row", nil},
		{"not parquet", notParquet, "text.parquet", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadRows(tt.path)
			if err == nil {
				t.Fatal("ReadRows succeeded")
			}
			if !strings.HasPrefix(err.Error(), "dataset: open ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to start with \"dataset: open\" and mention %q", err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q is not %v", err, tt.is)
			}
		})
	}
}

func TestReaderMetadata(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	writeFile(t, path, Options{Metadata: map[string]string{"seed": "7"}}, fullRow(0, 10), fullRow(1, 10))
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if r.NumRows() != 2 || r.NumRowGroups() != 1 {
		t.Errorf("NumRows, NumRowGroups = %d, %d; want 2, 1", r.NumRows(), r.NumRowGroups())
	}
	if v, ok := r.Metadata("seed"); !ok || v != "7" {
		t.Errorf(`Metadata("seed") = %q, %v`, v, ok)
	}
	if _, ok := r.Metadata("absent"); ok {
		t.Error(`Metadata("absent") found a value`)
	}
	rows := make([]Row, 5)
	n, err := r.Read(rows)
	if n != 2 || !errors.Is(err, io.EOF) && err != nil {
		t.Fatalf("Read = %d, %v; want 2 rows", n, err)
	}
	if n, err := r.Read(rows); n != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("Read at end = %d, %v; want 0, io.EOF", n, err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestReadSummaries checks that summaries hold what the full rows hold in
// their columns, across batches and row groups, with nulls kept.
func TestReadSummaries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	var rows []Row
	for i := 0; i < 150; i++ {
		r := fullRow(i, 10)
		if i%3 == 0 {
			r.Horizon, r.Image, r.ImageWidth, r.ImageHeight = nil, nil, 0, 0
		}
		rows = append(rows, r)
	}
	writeFile(t, path, Options{RowGroupRows: 64}, rows...)
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []Summary
	batch := make([]Summary, 40)
	for {
		n, err := r.ReadSummaries(batch)
		got = append(got, batch[:n]...)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != len(rows) {
		t.Fatalf("%d summaries, want %d", len(got), len(rows))
	}
	for i, s := range got {
		w := rows[i]
		if s.Family != w.Family || s.Question != w.Question || !slices.Equal(s.Choices, w.Choices) || s.Answer != w.Answer || s.ImageWidth != w.ImageWidth || s.Metadata != w.Metadata ||
			(s.Horizon == nil) != (w.Horizon == nil) || (s.Horizon != nil && *s.Horizon != *w.Horizon) {
			t.Fatalf("summary %d = %+v, row has family %q horizon %v answer %q width %d", i, s, w.Family, w.Horizon, w.Answer, w.ImageWidth)
		}
	}
}
