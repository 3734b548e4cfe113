package pipeline

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/opencount"
)

// TestResumeReadsPagesOnce resumes a complete run as gen does, Check and
// then Run, the browser's metadata known to Run only. Check opens each
// file once for its footer and reads no page (it reads far fewer bytes
// than the files hold); Run opens each once and reads its pages, keeping
// the file when it is intact and from the same browser and making it
// again, byte for byte as a fresh run would, when not.
func TestResumeReadsPagesOnce(t *testing.T) {
	tests := []struct {
		name    string
		browser string // of the resumed run; the files were written with "1"
		corrupt bool   // a page of the first file is damaged
		kept    []bool // per suite
	}{
		{"same browser: kept", "1", false, []bool{true, true, true}},
		{"another browser: made again", "2", false, []bool{false, false, false}},
		{"a corrupt page: that file made again", "1", true, []bool{false, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			first := several(t, out)
			first.Metadata = map[string]string{"browser": "1"}
			res, err := Run(context.Background(), first)
			if err != nil {
				t.Fatal(err)
			}
			if tt.corrupt {
				flipByte(t, res[0].File, res[0].Size/3) // within a page, far from the footer
			}
			fresh := several(t, t.TempDir())
			fresh.Metadata = map[string]string{"browser": tt.browser}
			want, err := Run(context.Background(), fresh)
			if err != nil {
				t.Fatal(err)
			}
			var size int64
			for k := range res {
				size += res[k].Size
			}
			w, err := opencount.Watch(out)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			p := several(t, out)
			p.Resume = true
			before := readBytes(t)
			if err := Check(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			read := readBytes(t) - before
			if read > size/2 {
				t.Errorf("Check read %d bytes of files of %d: want their footers only", read, size)
			}
			t.Logf("Check read %d bytes of files of %d", read, size)
			opens, err := w.Opens()
			if err != nil {
				t.Fatal(err)
			}
			for k := range res {
				if n := opens[res[k].File]; n != 1 {
					t.Errorf("%s opened %d times by Check: want once, for its footer", res[k].Suite, n)
				}
			}
			p.Metadata = map[string]string{"browser": tt.browser}
			got, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if opens, err = w.Opens(); err != nil {
				t.Fatal(err)
			}
			for k := range res {
				if n := opens[res[k].File]; n != 1 {
					t.Errorf("%s opened %d times by Run: want once", res[k].Suite, n)
				}
				if got[k].Resumed != tt.kept[k] {
					t.Errorf("%s: Resumed %v, want %v", res[k].Suite, got[k].Resumed, tt.kept[k])
				}
				a, errA := os.ReadFile(got[k].File)
				b, errB := os.ReadFile(want[k].File)
				if errA != nil || errB != nil || string(a) != string(b) {
					t.Errorf("%s: the resumed file differs from a fresh run's (%v, %v)", res[k].Suite, errA, errB)
				}
			}
		})
	}
}

// flipByte inverts the byte at offset at of the file at path.
func flipByte(t *testing.T, path string, at int64) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	raw[at] ^= 0xff
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readBytes returns how many bytes the process has read so far, from
// files or otherwise (rchar of /proc/self/io).
func readBytes(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/io")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "rchar: "); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no rchar in /proc/self/io")
	return 0
}
