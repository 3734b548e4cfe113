package pipeline

import (
	"context"
	"os"
	"testing"

	"github.com/formplan/formplan/internal/opencount"
)

// TestResumeReadsOnce resumes a complete run as gen does, Check and then
// Run, the browser's metadata known to Run only: Check opens no file, and
// Run reads each file it may keep once, keeping it when the browser is the
// same and making it again, byte for byte as a fresh run would, when not.
func TestResumeReadsOnce(t *testing.T) {
	tests := []struct {
		name    string
		browser string // of the resumed run; the files were written with "1"
		kept    bool
	}{
		{"same browser: kept", "1", true},
		{"another browser: made again", "2", false},
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
			fresh := several(t, t.TempDir())
			fresh.Metadata = map[string]string{"browser": tt.browser}
			want, err := Run(context.Background(), fresh)
			if err != nil {
				t.Fatal(err)
			}
			w, err := opencount.Watch(out)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			p := several(t, out)
			p.Resume = true
			if err := Check(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			if opens, err := w.Opens(); err != nil || len(opens) != 0 {
				t.Fatalf("Check opened %v (%v): want no file", opens, err)
			}
			p.Metadata = map[string]string{"browser": tt.browser}
			got, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			opens, err := w.Opens()
			if err != nil {
				t.Fatal(err)
			}
			for k := range res {
				if n := opens[res[k].File]; n != 1 {
					t.Errorf("%s opened %d times by Run: want once", res[k].Suite, n)
				}
				if got[k].Resumed != tt.kept {
					t.Errorf("%s: Resumed %v, want %v", res[k].Suite, got[k].Resumed, tt.kept)
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
