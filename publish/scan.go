package publish

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/tidwall/gjson"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/suites"
)

// findSuites lists the suites of dir and their files, as layout.Scan
// finds them: sorted by name, and each suite's files in shard order.
func findSuites(dir string) ([]layout.Suite, error) {
	d, err := layout.Scan(dir)
	if err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	return d.Suites, nil
}

// batchSize is how many rows are read at a time; rows may carry images, so
// it stays small. Summaries are small, and read many at a time.
const (
	batchSize    = 64
	summaryBatch = 1024
)

// eachRow calls fn on every row of the Parquet file at path, in file order,
// with the file's reader for its metadata. It checks the row count against
// the file footer.
func eachRow(path string, fn func(r *dataset.Reader, row *dataset.Row) error) error {
	return each(path, (*dataset.Reader).Read, batchSize, fn)
}

// eachSummary is eachRow for the summary columns of each row, which is all a
// dataset card needs and far cheaper to read than whole rows.
func eachSummary(path string, fn func(r *dataset.Reader, s *dataset.Summary) error) error {
	return each(path, (*dataset.Reader).ReadSummaries, summaryBatch, fn)
}

// each reads the file at path with read, size values at a time, and calls
// fn on every value.
func each[T any](path string, read func(*dataset.Reader, []T) (int, error), size int, fn func(*dataset.Reader, *T) error) (err error) {
	r, err := dataset.Open(path)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	defer func() {
		if cerr := r.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("publish: %w", cerr)
		}
	}()
	batch := make([]T, size)
	var n int64
	for {
		k, rerr := read(r, batch)
		for i := 0; i < k; i++ {
			if err := fn(r, &batch[i]); err != nil {
				return err
			}
		}
		n += int64(k)
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return fmt.Errorf("publish: %w", rerr)
		}
	}
	if n != r.NumRows() {
		return fmt.Errorf("publish: %s: read %d rows, footer says %d", path, n, r.NumRows())
	}
	return nil
}

// fileStats describes one Parquet file of a suite.
type fileStats struct {
	rel    string // path relative to the dataset directory, slash-separated
	size   int64
	sha256 string // hex
	rows   int64
	// seed, version and flags are the formplan.* key-value metadata of the
	// file ("" when absent).
	seed, version, flags string
}

// rowCounts is what the card counts of some rows: those of a file or of a
// whole suite.
type rowCounts struct {
	// example is the question text of the first row.
	example string
	// byHorizon and byAnswer count rows per family and horizon, and per
	// family and answer.
	byHorizon map[string]map[int64]int64
	byAnswer  map[string]map[string]int64
	// byCell counts rows per family and cell (options and horizon): the
	// cells gen blind measures.
	byCell map[string]map[cell]int64
	// withImage counts rows with a picture (image_width > 0, which gen
	// verify checks goes with image bytes).
	withImage int64
	// twoPictures is set when some row's metadata shows two pictures
	// (image and image_2).
	twoPictures bool
	// freeFormat is set when some row expects a free answer ("Picture 1")
	// rather than its letter.
	freeFormat bool
}

// newRowCounts returns the counts of no rows.
func newRowCounts() rowCounts {
	return rowCounts{byHorizon: map[string]map[int64]int64{}, byAnswer: map[string]map[string]int64{}, byCell: map[string]map[cell]int64{}}
}

// addAll adds the counts of from to c. It leaves c's example alone: which
// row's text the example is, is the caller's to say.
func (c *rowCounts) addAll(from *rowCounts) {
	merge(c.byHorizon, from.byHorizon)
	merge(c.byAnswer, from.byAnswer)
	merge(c.byCell, from.byCell)
	c.withImage += from.withImage
	c.twoPictures = c.twoPictures || from.twoPictures
	c.freeFormat = c.freeFormat || from.freeFormat
}

// suiteStats is what the card and the harness files need to know of a suite.
type suiteStats struct {
	name  string
	files []fileStats
	rows  int64
	rowCounts
	// open is set for an open-ended suite, whose answers are gold replies
	// (not counted in byAnswer) judged by gen score.
	open bool
	// measured is what gen blind measured of the suite, by family and
	// cell (blindRows), read once when the card is written.
	measured map[string]map[cell]blindRow
}

// noHorizon stands for a null horizon in the counts.
const noHorizon = -1

// fileTally is what the card needs of one file: its stats and its rows'
// counts. A run keeps it while writing the file (Tally); otherwise the
// card reads the file (scanFile).
type fileTally struct {
	fileStats
	rowCounts // of the file's rows
}

func newFileTally(rel string) *fileTally {
	return &fileTally{fileStats: fileStats{rel: rel}, rowCounts: newRowCounts()}
}

// add counts one row, given its summary columns and what its metadata
// says: how many pictures it shows and its answer format. Open-ended
// suites' answers are not counted.
func (t *fileTally) add(row *dataset.Summary, pictures int64, format string, open bool) {
	if t.rows == 0 {
		t.example = row.Question
	}
	t.rows++
	h := int64(noHorizon)
	if row.Horizon != nil {
		h = *row.Horizon
	}
	count(t.byHorizon, row.Family, h)
	c := cell{horizon: h}
	if !open {
		count(t.byAnswer, row.Family, row.Answer)
		c.options = int64(len(row.Choices))
	}
	count(t.byCell, row.Family, c)
	if row.ImageWidth > 0 {
		t.withImage++
	}
	t.twoPictures = t.twoPictures || pictures > 1
	t.freeFormat = t.freeFormat || format == "free"
}

// scanFile reads and hashes the data file f and counts its rows.
func scanFile(f *layout.File, open bool) (*fileTally, error) {
	p, rel := f.Path, f.Rel()
	t := newFileTally(rel)
	var err error
	if t.size, t.sha256, err = hashFile(p); err != nil {
		return nil, err
	}
	first := true
	err = eachSummary(p, func(r *dataset.Reader, row *dataset.Summary) error {
		if first {
			t.seed, _ = r.Metadata(layout.SeedKey)
			t.version, _ = r.Metadata(layout.VersionKey)
			t.flags, _ = r.Metadata(layout.FlagsKey)
			first = false
		}
		var pictures int64
		var format string
		if row.Metadata != "" {
			// Two values of a long JSON text, looked up without decoding
			// the rest, once the text is known to be JSON.
			m := gjson.Parse(row.Metadata)
			if !gjson.Valid(row.Metadata) || !m.IsObject() {
				return fmt.Errorf("publish: %s row %d: metadata is not a JSON object; run gen verify on the directory", rel, t.rows)
			}
			m.ForEach(func(key, value gjson.Result) bool {
				switch key.Str {
				case "pictures":
					pictures = max(pictures, value.Get("#").Int())
				case "format":
					if value.Str == "free" {
						format = value.Str
					}
				}
				return true
			})
		}
		t.add(row, pictures, format, open)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// scanSuite counts the rows of every file of s: from kept's tally of a
// file when it has one, else by reading the file.
func scanSuite(dir string, s *layout.Suite, kept *Tally) (*suiteStats, error) {
	st := &suiteStats{name: s.Name, rowCounts: newRowCounts()}
	if su, ok := suites.Lookup(s.Name); ok {
		st.open = su.Open
	}
	for i := range s.Files {
		t := kept.lookup(dir, s.Files[i].Rel())
		if t == nil {
			var err error
			if t, err = scanFile(&s.Files[i], st.open); err != nil {
				return nil, err
			}
		}
		// The suite's example is its first row's.
		if st.rows == 0 && t.rows > 0 {
			st.example = t.example
		}
		// A file of an open-ended suite counts no answers (add), so
		// neither does the suite.
		st.addAll(&t.rowCounts)
		st.rows += t.rows
		st.files = append(st.files, t.fileStats)
	}
	return st, nil
}

// scanKept finds every suite of dir and counts its rows, with kept's
// tallies where they serve (kept may be nil).
func scanKept(dir string, kept *Tally) ([]*suiteStats, error) {
	dirs, err := findSuites(dir)
	if err != nil {
		return nil, err
	}
	var out []*suiteStats
	for i := range dirs {
		st, err := scanSuite(dir, &dirs[i], kept)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// merge adds the counts of from to into.
func merge[K comparable](into, from map[string]map[K]int64) {
	for a, m := range from {
		if into[a] == nil {
			into[a] = map[K]int64{}
		}
		for b, n := range m {
			into[a][b] += n
		}
	}
}

// count adds one to m[a][b].
func count[K comparable](m map[string]map[K]int64, a string, b K) {
	if m[a] == nil {
		m[a] = map[K]int64{}
	}
	m[a][b]++
}

// hashFile returns the size and hex SHA-256 of the file at path.
func hashFile(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", fmt.Errorf("publish: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", fmt.Errorf("publish: %s: %w", path, err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys[K interface{ ~int64 | ~string }, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}
