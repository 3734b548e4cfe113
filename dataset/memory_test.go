package dataset

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestMemoryFlat checks that the writer's memory does not grow with the
// number of rows: the heap after 3000 rows of 10 KB images is about the
// heap after 500, the footer of every row group written kept on disk.
func TestMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 30 MB")
	}
	rows := make([]Row, DefaultRowGroupRows)
	for i := range rows {
		rows[i] = fullRow(i, 10<<10)
	}
	_, early, late := writeWatchingHeap(t, Options{}, rows, 5, 30)
	t.Logf("heap after 500 rows %d KB, after 3000 rows %d KB", early>>10, late>>10)
	if late > early+2<<20 {
		t.Errorf("heap grew from %d KB to %d KB", early>>10, late>>10)
	}
}

// TestFooterOnDisk checks that the metadata of row groups already written
// does not stay in memory: parquet-go alone would hold some 30 KB for each.
func TestFooterOnDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 3000 row groups")
	}
	rows := make([]Row, 500)
	for i := range rows {
		rows[i] = fullRow(i, 0)
		rows[i].Image, rows[i].Image2 = nil, nil
	}
	path, early, late := writeWatchingHeap(t, Options{RowGroupRows: 1}, rows, 1, 6)
	t.Logf("heap after 500 row groups %d KB, after 3000 %d KB", early>>10, late>>10)
	if late > early+1<<20 {
		t.Errorf("heap grew from %d KB to %d KB", early>>10, late>>10)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.NumRows() != 3000 {
		t.Errorf("%d rows, want 3000", r.NumRows())
	}
}

// writeWatchingHeap creates a file with opts, writes rows to it times
// times and closes it. It returns the file's path and the live heap after
// the first `first` writes and after all of them.
func writeWatchingHeap(t *testing.T, opts Options, rows []Row, first, times int) (path string, early, late uint64) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	w, err := Create(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for i := range times {
		if err := w.Write(rows...); err != nil {
			t.Fatal(err)
		}
		switch i {
		case first - 1:
			early = liveHeap()
		case times - 1:
			late = liveHeap()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path, early, late
}

// liveHeap returns the bytes of the heap in use after collecting garbage.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC() // twice: the first moves pooled buffers aside
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func BenchmarkWrite(b *testing.B) {
	b.Run("no images", func(b *testing.B) { benchmarkWrite(b, 0) })
	b.Run("10KB images", func(b *testing.B) { benchmarkWrite(b, 10<<10) })
}

// benchmarkWrite writes b.N rows of one image of imageSize bytes each (no
// image column when 0) in 1000-row files and reports rows per second and
// bytes per row on disk.
func benchmarkWrite(b *testing.B, imageSize int) {
	rows := make([]Row, 1000)
	for i := range rows {
		rows[i] = fullRow(i, imageSize)
		rows[i].Image2 = nil
		if imageSize == 0 {
			rows[i].Image = nil
		}
	}
	dir := b.TempDir()
	var size int64
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; {
		path := filepath.Join(dir, "test-00000-of-00001.parquet")
		n := min(len(rows), b.N-done)
		writeFile(b, path, Options{}, rows[:n]...)
		info, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		size += info.Size()
		done += n
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(size)/float64(b.N), "B/row")
}

// BenchmarkWriteJobs writes 20,000 rows without images, in row groups of
// 1,000, encoded by Write itself and then by jobs on goroutines of their
// own (Options.Run, two row groups waiting at most), in the same
// iterations, and reports both rates and their ratio (xjobs/inline; up to
// the number of CPUs).
func BenchmarkWriteJobs(b *testing.B) {
	rows := make([]Row, 20000)
	for i := range rows {
		rows[i] = fullRow(i, 0)
		rows[i].Image, rows[i].Image2 = nil, nil
	}
	dir := b.TempDir()
	write := func(run func(func())) time.Duration {
		start := time.Now()
		writeFile(b, filepath.Join(dir, "test-00000-of-00001.parquet"), Options{RowGroupRows: 1000, Run: run}, rows...)
		return time.Since(start)
	}
	var inline, jobs time.Duration
	for i := 0; i < b.N; i++ {
		a, c := write(nil), write(func(job func()) { go job() })
		if i == 0 || a < inline {
			inline = a
		}
		if i == 0 || c < jobs {
			jobs = c
		}
	}
	b.ReportMetric(float64(len(rows))/inline.Seconds(), "rows/s_inline")
	b.ReportMetric(float64(len(rows))/jobs.Seconds(), "rows/s_jobs")
	b.ReportMetric(inline.Seconds()/jobs.Seconds(), "xjobs/inline")
}
