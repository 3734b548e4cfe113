package dataset

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestMemoryFlat checks that the writer's memory does not grow with the
// number of rows: the heap after 3000 rows of 10 KB images is about the
// heap after 500, the footer of every row group written kept on disk.
func TestMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 30 MB")
	}
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	w, err := Create(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	rows := make([]Row, DefaultRowGroupRows)
	for i := range rows {
		rows[i] = fullRow(i, 10<<10)
	}
	heap := liveHeap
	var early, late uint64
	for i := range 30 {
		if err := w.Write(rows...); err != nil {
			t.Fatal(err)
		}
		switch i {
		case 4:
			early = heap()
		case 29:
			late = heap()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("heap after 500 rows %d KB, after 3000 rows %d KB", early>>10, late>>10)
	if late > early+2<<20 {
		t.Errorf("heap grew from %d KB to %d KB", early>>10, late>>10)
	}
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
		w, err := Create(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		n := min(len(rows), b.N-done)
		if err := w.Write(rows[:n]...); err != nil {
			b.Fatal(err)
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
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
