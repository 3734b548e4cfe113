package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// fakePNG returns n deterministic bytes that start with the PNG signature
// and are as incompressible as real PNG data.
func fakePNG(n int, seed uint64) []byte {
	b := make([]byte, n)
	copy(b, "\x89PNG\r\n\x1a\n")
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := min(8, n); i < n; i++ {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// fullRow returns a row with every column set, its image imageSize bytes.
func fullRow(i int, imageSize int) Row {
	letters := "ABCDEFGH"
	choices := []string{"Submit", "Cancel", "Type \"Ada\" into Name", "Check Terms"}
	r := Row{
		ID:               fmt.Sprintf("plan-%05d", i),
		Suite:            "plan",
		Family:           "signup",
		Horizon:          ptr(int64(i % 4)),
		Task:             "next_action",
		Question:         fmt.Sprintf("Question %d: which action submits the form?", i),
		Choices:          choices,
		A:                ptr(choices[0]),
		B:                ptr(choices[1]),
		C:                ptr(choices[2]),
		D:                ptr(choices[3]),
		Answer:           string(letters[i%4]),
		AnswerIdx:        ptr(int64(i % 4)),
		Image:            &Image{Bytes: fakePNG(imageSize, uint64(i)), Path: ptr(fmt.Sprintf("%05d.png", i))},
		ImageWidth:       1280,
		ImageHeight:      800,
		PromptInstruct:   "Answer with the letter only.",
		PromptCoT:        "Think step by step, then answer with the letter.",
		Caption:          ptr("A sign-up form with a name field — and ünïcode."),
		History:          ptr(""),
		OptionLabels:     []string{"correct", "wrong element", "wrong text", "not needed"},
		PlansText:        []string{"click Submit"},
		PlansPDDL:        []string{"(click submit)"},
		ProblemPDDL:      "(define (problem p) (:domain d) (:goal (submitted)))",
		ImageNeeded:      ptr(i%2 == 0),
		Metadata:         `{"form":"signup","n":1}`,
		Boxes:            `{"elements":[{"id":"submit","box":[10,20,110,50]}],"clicks":[[60,35]]}`,
		Scale:            1.5,
		Seed:             ptr(int64(i)),
		Index:            ptr(int64(i)),
		GeneratorVersion: "v0.1.0",
	}
	if i%3 == 0 {
		r.Image2 = &Image{Bytes: fakePNG(imageSize, uint64(i)+1e6)}
	}
	return r
}

// writeFile writes rows to path with opts and fails the test on error.
func writeFile(t testing.TB, path string, opts Options, rows ...Row) {
	t.Helper()
	if err := WriteFile(path, opts, rows...); err != nil {
		t.Fatal(err)
	}
}

// diffRows describes the fields in which got and want differ, or "".
func diffRows(got, want Row) string {
	var b strings.Builder
	g, w := reflect.ValueOf(got), reflect.ValueOf(want)
	for i := range g.NumField() {
		if !reflect.DeepEqual(g.Field(i).Interface(), w.Field(i).Interface()) {
			fmt.Fprintf(&b, "\n\t%s: got %s, want %s", g.Type().Field(i).Name, show(g.Field(i)), show(w.Field(i)))
		}
	}
	return b.String()
}

func show(v reflect.Value) string {
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		return fmt.Sprintf("&%#v", v.Elem().Interface())
	}
	return fmt.Sprintf("%#v", v.Interface())
}

// tempFiles lists the files in dir other than the given final names.
func tempFiles(t *testing.T, dir string, finals ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		if !slices.Contains(finals, e.Name()) {
			left = append(left, e.Name())
		}
	}
	return left
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		row  Row
	}{
		{"every column set", fullRow(0, 64)},
		{"no second image", func() Row { r := fullRow(1, 64); r.Image2 = nil; return r }()},
		{"zeros behind pointers", Row{
			ID:          "zeros",
			Horizon:     ptr(int64(0)),
			AnswerIdx:   ptr(int64(0)),
			A:           ptr(""),
			Caption:     ptr(""),
			History:     ptr(""),
			ImageNeeded: ptr(false),
			Seed:        ptr(int64(0)),
			Index:       ptr(int64(0)),
			Image:       &Image{Bytes: []byte{}, Path: ptr("")},
		}},
		{"nulls", Row{ID: "nulls"}},
		{"image without path", Row{ID: "nopath", Image: &Image{Bytes: []byte("png")}}},
		{"image with null bytes", Row{ID: "nobytes", Image: &Image{Path: ptr("a.png")}}},
		{"empty lists", Row{ID: "empty", Choices: []string{}, OptionLabels: []string{}, PlansText: []string{}, PlansPDDL: []string{}}},
		{"eight options", Row{
			ID:      "eight",
			Choices: []string{"1", "2", "3", "4", "5", "6", "7", "8"},
			A:       ptr("1"), B: ptr("2"), C: ptr("3"), D: ptr("4"),
			E: ptr("5"), F: ptr("6"), G: ptr("7"), H: ptr("8"),
			Answer: "H", AnswerIdx: ptr(int64(7)),
		}},
		{"yes no", Row{ID: "yn", Choices: []string{"Yes", "No"}, Answer: "No", AnswerIdx: ptr(int64(1))}},
		{"negative and extreme numbers", Row{
			ID:          "extreme",
			Horizon:     ptr(int64(-1)),
			Seed:        ptr(int64(-1 << 63)),
			Index:       ptr(int64(1<<63 - 1)),
			ImageWidth:  1,
			ImageHeight: 1 << 40,
			Scale:       0.1,
		}},
		{"text needing escapes", Row{
			ID:       "escapes",
			Question: "a \"quoted\"\n'line'\tand \x00 nul, 日本語",
			Choices:  []string{"None", "NA", "null"},
			Metadata: `{"k":"\u00e9"}`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
			// The row twice, with another row between, so that values
			// of one row cannot hide behind those of its neighbour.
			writeFile(t, path, Options{}, tt.row, fullRow(9, 32), tt.row)
			got, err := ReadRows(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 3 {
				t.Fatalf("read %d rows, want 3", len(got))
			}
			for _, i := range []int{0, 2} {
				if d := diffRows(got[i], tt.row); d != "" {
					t.Errorf("row %d differs:%s", i, d)
				}
			}
			if d := diffRows(got[1], fullRow(9, 32)); d != "" {
				t.Errorf("row 1 differs:%s", d)
			}
		})
	}
}

func TestRoundTripManyRowGroups(t *testing.T) {
	tests := []struct {
		rows, groupRows, wantGroups int
	}{
		{0, 0, 0},
		{1, 0, 1},
		{250, 0, 3},
		{100, 0, 1},
		{101, 0, 2},
		{250, 7, 36},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d rows by %d", tt.rows, tt.groupRows), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
			w, err := Create(path, Options{RowGroupRows: tt.groupRows})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Abort()
			var want []Row
			for i := range tt.rows {
				r := fullRow(i, 200+i)
				want = append(want, r)
				if err := w.Write(r); err != nil {
					t.Fatal(err)
				}
			}
			if w.Rows() != int64(tt.rows) {
				t.Errorf("Rows() = %d, want %d", w.Rows(), tt.rows)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}

			if groups := checkRows(t, path, want); groups != tt.wantGroups {
				t.Errorf("%d row groups, want %d", groups, tt.wantGroups)
			}
		})
	}
}

// checkRows reads every row of the file at path, in batches that
// straddle row groups, keeping every row (rows from later batches must not
// overwrite earlier ones), checks that they are want, and returns the
// file's number of row groups.
func checkRows(t *testing.T, path string, want []Row) (groups int) {
	t.Helper()
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []Row
	batch := make([]Row, 13)
	for {
		n, err := r.Read(batch)
		got = append(got, batch[:n]...)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			break
		}
	}
	if len(got) != len(want) {
		t.Fatalf("read %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if d := diffRows(got[i], want[i]); d != "" {
			t.Fatalf("row %d differs:%s", i, d)
		}
	}
	return r.NumRowGroups()
}

func TestWriteRejectsEmptyListElement(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test-00000-of-00001.parquet")
	w, err := Create(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(fullRow(0, 10)); err != nil {
		t.Fatal(err)
	}
	bad := fullRow(1, 10)
	bad.Choices = []string{"a", ""}
	err = w.Write(bad)
	if err == nil || !strings.Contains(err.Error(), "choices[1] is empty") {
		t.Fatalf("Write = %v, want an error about choices[1]", err)
	}
	// The error is sticky and nothing is left on disk.
	if err2 := w.Write(fullRow(2, 10)); err2 != err {
		t.Errorf("Write after error = %v, want %v", err2, err)
	}
	if err2 := w.Close(); err2 != err {
		t.Errorf("Close after error = %v, want %v", err2, err)
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Errorf("files left behind: %q", left)
	}
}

func TestAbortLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test-00000-of-00001.parquet")
	w, err := Create(path, Options{RowGroupRows: 10})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 35 { // several row groups already on disk
		if err := w.Write(fullRow(i, 1000)); err != nil {
			t.Fatal(err)
		}
	}
	// While writing, only a temporary file exists, and a dataset card's
	// test-*.parquet pattern does not match it.
	left := tempFiles(t, dir)
	if len(left) != 1 {
		t.Fatalf("files while writing: %q, want one temporary file", left)
	}
	if ok, _ := filepath.Match("test-*.parquet", left[0]); ok || strings.HasSuffix(left[0], ".parquet") {
		t.Errorf("temporary file %q looks like a data file", left[0])
	}
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Errorf("files left after Abort: %q", left)
	}
	if err := w.Write(fullRow(0, 10)); !errors.Is(err, ErrClosed) {
		t.Errorf("Write after Abort = %v, want ErrClosed", err)
	}
	if err := w.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("Close after Abort = %v, want ErrClosed", err)
	}
	if err := w.Abort(); err != nil {
		t.Errorf("second Abort = %v", err)
	}
}

// TestAbortStopsJobs aborts writers whose rows are handed to Options.Run:
// with jobs running on goroutines of their own, and with jobs held back
// (and CloseLater called) and the jobs called only after Abort, which must
// then do nothing. Nothing is left in the folder, and (under -race)
// nothing races.
func TestAbortStopsJobs(t *testing.T) {
	tests := []struct {
		name string
		run  func(held *[]func()) func(func())
	}{
		{"running", func(*[]func()) func(func()) { return func(job func()) { go job() } }},
		{"held back", func(held *[]func()) func(func()) { return func(job func()) { *held = append(*held, job) } }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var held []func()
			w, err := Create(filepath.Join(dir, "test-00000-of-00001.parquet"), Options{RowGroupRows: 10, Run: tt.run(&held), InFlight: 4})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 45 {
				if err := w.Write(fullRow(i, 1000)); err != nil {
					t.Fatal(err)
				}
			}
			if tt.name == "held back" {
				// The file cannot be closed before its jobs run: Abort
				// comes first, and the callback is never called.
				w.CloseLater(func(err error) { t.Errorf("CloseLater's callback called after Abort, with %v", err) })
			}
			if err := w.Abort(); err != nil {
				t.Fatal(err)
			}
			for _, job := range held {
				job()
			}

			if tt.name == "held back" && len(held) != 5 {
				t.Errorf("%d jobs handed on, want 5 (a piece per row group)", len(held))
			}
			if left := tempFiles(t, dir); len(left) != 0 {
				t.Errorf("files left after Abort: %q", left)
			}
			if err := w.Close(); !errors.Is(err, ErrClosed) {
				t.Errorf("Close after Abort = %v, want ErrClosed", err)
			}
		})
	}
}

// TestAbortWaitsForCloseLater checks that Abort, called while the file
// CloseLater finished is being synced on a goroutine of its own, waits for
// it: the file is then complete, the callback was called once without an
// error, and Abort leaves the file in place.
func TestAbortWaitsForCloseLater(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test-00000-of-00001.parquet")
	w, err := Create(path, Options{RowGroupRows: 10, Run: func(job func()) { job() }})
	if err != nil {
		t.Fatal(err)
	}
	var want []Row
	for i := range 45 {
		want = append(want, fullRow(i, 1000))
	}
	if err := w.Write(want...); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	var closeErr error
	w.CloseLater(func(err error) {
		closeErr = err
		calls.Add(1)
	})
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 1 || closeErr != nil {
		t.Fatalf("after Abort: callback called %d times, last with %v; want once with nil", calls.Load(), closeErr)
	}
	size, _ := w.Sum()
	if st, err := os.Stat(path); err != nil || st.Size() != size {
		t.Fatalf("file after Abort: %v, %v; want %d bytes", st, err, size)
	}
	if left := tempFiles(t, dir, filepath.Base(path)); len(left) != 0 {
		t.Errorf("files left: %q", left)
	}
	checkRows(t, path, want)
}

func TestAbortKeepsPreviousFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test-00000-of-00001.parquet")
	writeFile(t, path, Options{}, fullRow(0, 10))
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Create(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(fullRow(1, 10), fullRow(2, 10)); err != nil {
		t.Fatal(err)
	}
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("Abort changed the file already at the final path")
	}
	if left := tempFiles(t, dir, filepath.Base(path)); len(left) != 0 {
		t.Errorf("files left after Abort: %q", left)
	}
}

func TestCloseTwice(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test-00000-of-00001.parquet")
	w, err := Create(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close = %v, want ErrClosed", err)
	}
	if err := w.Write(fullRow(0, 1)); !errors.Is(err, ErrClosed) {
		t.Errorf("Write after Close = %v, want ErrClosed", err)
	}
	if err := w.Abort(); err != nil {
		t.Errorf("Abort after Close = %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Abort after Close removed the file: %v", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o644 {
		t.Errorf("file mode %v, want 0644", perm)
	}
}

func TestCreateErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		opts Options
		want string
	}{
		{"missing directory", filepath.Join(dir, "nope", "x.parquet"), Options{}, "no such file"},
		{"reserved key", filepath.Join(dir, "x.parquet"), Options{Metadata: map[string]string{MetadataKey: "{}"}}, "reserved"},
		{"negative row groups", filepath.Join(dir, "x.parquet"), Options{RowGroupRows: -1}, "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := Create(tt.path, tt.opts)
			if err == nil {
				w.Abort()
				t.Fatal("Create succeeded")
			}
			if !strings.HasPrefix(err.Error(), "dataset: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to start with \"dataset: \" and mention %q", err, tt.want)
			}
		})
	}
	if left := tempFiles(t, dir); len(left) != 0 {
		t.Errorf("files left: %q", left)
	}
}

func TestDeterministic(t *testing.T) {
	var rows []Row
	for i := range 230 {
		rows = append(rows, fullRow(i, 3000))
	}
	opts := Options{Metadata: map[string]string{
		"seed": "42", "flags": "--suite plan", "chromium": "156.0.8078.73",
		"a": "1", "b": "2", "c": "3", "d": "4", "e": "5",
	}}
	dir := t.TempDir()
	var files [][]byte
	for i := range 3 {
		path := filepath.Join(dir, fmt.Sprintf("run%d.parquet", i))
		writeFile(t, path, opts, rows...)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	for i := 1; i < len(files); i++ {
		if !bytes.Equal(files[0], files[i]) {
			t.Fatalf("run %d wrote different bytes from run 0 (%d vs %d bytes)", i, len(files[i]), len(files[0]))
		}
	}
	// The extra metadata is there, and the features are unchanged.
	r, err := Open(filepath.Join(dir, "run0.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for k, v := range opts.Metadata {
		if got, ok := r.Metadata(k); !ok || got != v {
			t.Errorf("metadata %q = %q, %v; want %q", k, got, ok, v)
		}
	}
	if got, _ := r.Metadata(MetadataKey); got != huggingFaceMetadata() {
		t.Errorf("metadata %q = %s", MetadataKey, got)
	}
}

// TestImageOverhead checks that images are stored once: with statistics,
// every page header would carry copies of the smallest and largest image.
func TestImageOverhead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	var rows []Row
	var imageBytes int64
	for i := range 200 {
		r := fullRow(i, 20<<10)
		imageBytes += int64(len(r.Image.Bytes))
		if r.Image2 != nil {
			imageBytes += int64(len(r.Image2.Bytes))
		}
		rows = append(rows, r)
	}
	writeFile(t, path, Options{}, rows...)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// The other columns of 200 rows take well under 100 KB.
	if overhead := info.Size() - imageBytes; overhead < 0 || overhead > 100<<10 {
		t.Errorf("file of %d bytes for %d bytes of images: %d bytes of overhead", info.Size(), imageBytes, overhead)
	}
}
