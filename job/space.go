package job

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"syscall"

	"github.com/formplan/formplan/suites"
)

// Bytes a row takes on disk, measured on the default run: the text
// columns of the largest suite, and one picture at scale 1, which grows
// about as scale^1.32 (PNG of flat colours grows slower than the area).
const (
	textBytes    = 850
	pictureBytes = 5600
	announce     = 1 << 30 // estimates from here on are printed
)

// estimate returns the bytes a run of rows questions writes.
func (r *Run) estimate(rows int64) float64 {
	per := float64(textBytes)
	if !r.NoImages {
		pics := 1 // the most any row of the run's suites shows: the estimate is an upper one
		for _, name := range r.Suites {
			if s, ok := suites.Lookup(name); ok {
				pics = max(pics, s.Pictures)
			}
		}
		per += float64(pics) * pictureBytes * math.Pow(r.Scale, 1.32)
	}
	return float64(rows) * per
}

// checkSpace estimates the output of a run of rows questions, prints the
// estimate when it is large, and refuses a run that cannot fit in the free
// space of --out's file system.
func (r *Run) checkSpace(rows int64, stderr io.Writer) error {
	need := r.estimate(rows)
	free, readOnly, err := freeBytes(r.Out)
	if err == nil && readOnly {
		return usagef("--out %s: on a read-only file system: choose a writable --out", r.Out)
	}
	if err == nil && need > float64(free) {
		return usagef("--out %s: this run writes about %s and the file system has %s free: lower --n, use --shard K/N over several disks, or free space", r.Out, size(need), size(float64(free)))
	}
	if need >= announce && !r.Quiet {
		fmt.Fprintf(stderr, "this run writes about %s (%d questions) into %s\n", size(need), rows, r.Out)
	}
	return nil
}

// freeBytes returns the space free to this user on the file system of dir
// or, when dir does not exist yet, of its nearest existing parent, and
// whether that file system is mounted read-only.
func freeBytes(dir string) (free uint64, readOnly bool, err error) {
	dir, _ = filepath.Abs(dir)
	for {
		if _, err := os.Stat(dir); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false, err
	}
	const stRdonly = 1 // ST_RDONLY of statfs(2)
	return st.Bavail * uint64(st.Bsize), st.Flags&stRdonly != 0, nil
}

// size formats a byte count with a binary unit.
func size(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	k := 0
	for b >= 1024 && k < len(units)-1 {
		b /= 1024
		k++
	}
	return fmt.Sprintf("%.1f %s", b, units[k])
}
