package dataset

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/formplan/formplan/layout"
	"github.com/parquet-go/parquet-go"
)

// referenceFile returns the bytes parquet-go writes for rows as one file,
// handed over chunkRows at a time from the first row, with the options of
// a Writer: what the Writer wrote before it assembled files out of row
// groups, and must still write.
func referenceFile(t *testing.T, opts Options, rows []Row) []byte {
	t.Helper()
	groupRows := opts.groupRows()
	options, err := writerOptions(groupRows, opts.Metadata)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pw := parquet.NewGenericWriter[Row](&buf, options...)
	for len(rows) > 0 {
		k := min(chunkRows, len(rows))
		if _, err := pw.Write(rows[:k]); err != nil {
			t.Fatal(err)
		}
		rows = rows[k:]
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSameBytesAsParquetGo(t *testing.T) {
	meta := map[string]string{layout.SeedKey: "7", layout.FlagsKey: "--n 3"}
	tests := []struct {
		name      string
		rows      int
		groupRows int
		imageSize int
		calls     int // Write calls the rows are split into
	}{
		{"no rows", 0, 3, 0, 1},
		{"one row", 1, 3, 0, 1},
		{"one short group", 2, 3, 0, 1},
		{"one full group", 3, 3, 0, 1},
		{"groups of 1", 7, 1, 0, 3},
		{"groups of 3", 40, 3, 100, 7},
		{"group ends inside chunks", 1000, 100, 0, 3},
		{"group larger than a chunk", 1000, 300, 0, 5},
		{"exact chunks", 2 * chunkRows, chunkRows, 0, 1},
		{"more than 14 groups", 47, 3, 0, 2},
		{"pictures, default groups", 250, 0, 2 << 10, 4},
		{"text, gen's groups", 12000, 5000, 0, 9},
	}
	// The row groups' jobs: encoded by Write itself, by goroutines of
	// their own (one at a time waiting, or several), or by nobody but the
	// Writer when it needs them done.
	runs := []struct {
		name     string
		run      func(job func())
		inFlight int
		later    bool // closed by CloseLater
	}{
		{"", nil, 0, false},
		{", on goroutines", func(job func()) { go job() }, 0, false},
		{", on goroutines, one waiting", func(job func()) { go job() }, 1, false},
		{", on goroutines, closed later", func(job func()) { go job() }, 0, true},
		{", jobs never run", func(func()) {}, 3, false},
	}
	for _, tt := range tests {
		for _, r := range runs {
			t.Run(tt.name+r.name, func(t *testing.T) {
				checkSameBytes(t, meta, tt.rows, tt.groupRows, tt.imageSize, tt.calls, r.run, r.inFlight, r.later)
			})
		}
	}
}

// checkSameBytes writes n rows in calls Write calls, with groupRows rows
// per row group, pictures of imageSize bytes (none if 0) and row groups
// encoded by run, closes the file (with CloseLater if later is set, which
// must call its callback once), and checks that the file is parquet-go's
// own and that nothing else is left in its folder.
func checkSameBytes(t *testing.T, meta map[string]string, n, groupRows, imageSize, calls int, run func(func()), inFlight int, later bool) {
	t.Helper()
	rows := make([]Row, n)
	for i := range rows {
		rows[i] = fullRow(i, imageSize)
		if imageSize == 0 {
			rows[i].Image, rows[i].Image2 = nil, nil
		}
		// Texts of varied lengths, so that pages end unevenly.
		rows[i].Metadata = fmt.Sprintf(`{"i":%d,"pad":%q}`, i, bytes.Repeat([]byte("x"), i%97*13))
	}
	opts := Options{RowGroupRows: groupRows, Metadata: meta}
	want := referenceFile(t, opts, rows)
	opts.Run, opts.InFlight = run, inFlight

	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	w, err := Create(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for c := range calls {
		lo, hi := c*len(rows)/calls, (c+1)*len(rows)/calls
		if err := w.Write(rows[lo:hi]...); err != nil {
			t.Fatal(err)
		}
	}
	if later {
		closed := make(chan error, 2)
		w.CloseLater(func(err error) { closed <- err })
		if err := <-closed; err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-closed:
			t.Fatalf("CloseLater's callback called twice, then with %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	} else if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Fatalf("file of %d bytes differs from parquet-go's of %d bytes from byte %d on", len(got), len(want), i)
	}
	if size, sum := w.Sum(); size != int64(len(want)) || sum != fmt.Sprintf("%x", sha256.Sum256(want)) {
		t.Errorf("Sum %d bytes, %s: not the file's", size, sum)
	}
	if left := tempFiles(t, filepath.Dir(path), filepath.Base(path)); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestGroupSink(t *testing.T) {
	tests := []struct {
		name    string
		writes  []string
		wantOut string
		wantErr bool
	}{
		{"magic dropped", []string{"PAR1pages"}, "pages", false},
		{"magic split over writes", []string{"PA", "R", "1p", "ages"}, "pages", false},
		{"magic alone", []string{"PAR1"}, "", false},
		{"not a magic", []string{"PAR2pages"}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			s := groupSink{out: &out}
			var err error
			for _, p := range tt.writes {
				var n int
				if n, err = s.Write([]byte(p)); err != nil {
					break
				}
				if n != len(p) {
					t.Fatalf("wrote %d of %d bytes", n, len(p))
				}
			}
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want one: %v", err, tt.wantErr)
			}
			if !tt.wantErr && out.String() != tt.wantOut {
				t.Errorf("passed on %q, want %q", out.String(), tt.wantOut)
			}
			s.keepTail()
			s.Write([]byte("tail"))
			if s.buf.String() != "tail" || (!tt.wantErr && out.String() != tt.wantOut) {
				t.Errorf("tail mode: kept %q, passed on %q", s.buf.String(), out.String())
			}
		})
	}
}

func TestSpillParts(t *testing.T) {
	sp, err := newSpill(t.TempDir(), ".spill-*")
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	records := [][numParts][]byte{
		{[]byte("c0"), []byte("o0"), []byte("r0")},
		{nil, bytes.Repeat([]byte("o"), 100<<10), []byte("r1")},
		{[]byte("c2"), nil, nil},
	}
	for _, r := range records {
		if err := sp.add(r); err != nil {
			t.Fatal(err)
		}
	}
	for part := range numParts {
		var got []string
		err := sp.each(part, func(r *io.LimitedReader) error {
			b, err := io.ReadAll(r)
			got = append(got, string(b))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range records {
			if got[i] != string(r[part]) {
				t.Errorf("part %d of record %d: got %d bytes, want %d", part, i, len(got[i]), len(r[part]))
			}
		}
	}
	// Parts left unread are skipped.
	n := 0
	if err := sp.each(partOffsetIndex, func(*io.LimitedReader) error { n++; return nil }); err != nil || n != len(records) {
		t.Errorf("each without reading: %d records, error %v", n, err)
	}
}
