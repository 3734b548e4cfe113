// Package outdir keeps one run per output directory. A run holds a lock on
// the directory while it writes: the shards of one run (the same content
// flags and shard count) may write into one directory at once, as the tasks
// of a batch array do, but a run with other flags is refused while another
// writes, and refused afterwards too while its files are there, unless the
// caller forces it, which removes what the new run would not write.
//
// The directory holds, besides the data:
//
//	.formplan-run.json            the run that owns the directory
//	.formplan.lock                held while a run checks the directory
//	.formplan.live                held (shared) by every run writing
//	.formplan-shard-K-of-N.lock   held by the run writing shard K of N
//
// Acquire also sweeps what killed runs left: temporary Parquet files of
// shards nobody writes.
package outdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/formplan/formplan/internal/atomicfile"
)

// Run describes the run that wants a directory.
type Run struct {
	// Key identifies the run's content: runs with equal keys and shard
	// counts write the same files.
	Key string `json:"key"`
	// Shards is how many shards the run has (1 for a whole run); Shard is
	// the one this process writes.
	Shards int `json:"shards"`
	Shard  int `json:"-"`
	// Suites lists the suites the run writes.
	Suites []string `json:"suites"`
	// Families lists the families whose PDDL domains the run writes, as
	// pddl/<family>.domain.pddl.
	Families []string `json:"families,omitempty"`
	// AllSuites lists every suite's folder name: a symbolic link named as
	// one is refused (ErrLink) even when the run does not write it, since
	// a forced run would otherwise keep, or reach, data through it.
	AllSuites []string `json:"-"`
	// Force removes another run's files instead of refusing.
	Force bool `json:"-"`
	// FlagsOf returns the Key a data file was written with, and its shard
	// count; an error means the file is not readable as the run's data.
	FlagsOf func(path string) (key string, shards int, err error) `json:"-"`
}

// Lock is a run's hold on its directory.
type Lock struct {
	dir         string
	live, shard *os.File
	fresh       bool // Acquire made the directory's manifest, or the directory itself
	madeDir     bool
	// Removed lists the files Acquire removed: debris of killed runs and,
	// when forced, another run's files.
	Removed []string
}

// ErrBusy is wrapped by the error of Acquire when another process writes
// into the directory and the run cannot join it.
var ErrBusy = errors.New("busy")

// ErrForeign is wrapped by the error of Acquire when the directory holds
// another run's files and the run is not forced.
var ErrForeign = errors.New("holds another run's data")

const (
	manifestName = ".formplan-run.json"
	mutexName    = ".formplan.lock"
	liveName     = ".formplan.live"
	mutexWait    = 30 * time.Second
)

// Acquire checks dir for run r and locks it: see the package comment. The
// caller must Release the lock when the run ends, whatever its outcome.
func Acquire(dir string, r Run) (*Lock, error) {
	_, statErr := os.Stat(dir)
	if statErr == nil {
		// Before anything is written: a refusal leaves the folder as it was.
		if err := CheckLinks(dir, slices.Concat(r.Suites, r.AllSuites)); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--out %s: cannot create the directory: %w; choose a writable --out", dir, err)
	}
	mutex, err := lockFile(filepath.Join(dir, mutexName), syscall.LOCK_EX, mutexWait)
	if errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return nil, fmt.Errorf("--out %s: not writable (%w): choose a writable --out", dir, err)
	}
	if err != nil {
		return nil, lockError(dir, filepath.Join(dir, mutexName), err)
	}
	defer mutex.Close() // closing releases the lock
	l := &Lock{dir: dir, madeDir: statErr != nil}
	ok := false
	defer func() {
		if !ok {
			l.close() // the lock files stay for the next run; the mutex is still held here
		}
	}()
	// Alone when no other run holds the live lock; then hold it shared.
	if l.live, err = openLock(filepath.Join(dir, liveName)); err != nil {
		return nil, lockError(dir, filepath.Join(dir, liveName), err)
	}
	alone := syscall.Flock(int(l.live.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
	if err := syscall.Flock(int(l.live.Fd()), syscall.LOCK_SH); err != nil {
		return nil, fmt.Errorf("--out %s: lock: %w", dir, err)
	}
	owner, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	same := owner == nil || (owner.Key == r.Key && owner.Shards == r.Shards)
	if !same && !alone {
		return nil, fmt.Errorf("--out %s: %w: another run (%s, %d shards) is writing there now: wait for it to end, or choose another --out", dir, ErrBusy, owner.Key, owner.Shards)
	}
	shardName := fmt.Sprintf(".formplan-shard-%d-of-%d.lock", r.Shard, r.Shards)
	if l.shard, err = openLock(filepath.Join(dir, shardName)); err != nil {
		return nil, lockError(dir, filepath.Join(dir, shardName), err)
	}
	if syscall.Flock(int(l.shard.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return nil, fmt.Errorf("--out %s: %w: shard %d/%d of this run is being written by another process: wait for it, or run another shard", dir, ErrBusy, r.Shard, r.Shards)
	}
	foreign, debris, err := survey(dir, r, alone)
	if err != nil {
		return nil, err
	}
	if !same && owner != nil {
		foreign = append(foreign, manifestName)
	}
	if len(foreign) > 0 && !r.Force {
		return nil, foreignError(dir, foreign, owner)
	}
	for _, rel := range append(debris, foreign...) {
		if err := os.Remove(filepath.Join(dir, rel)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("--out %s: remove %s: %w", dir, rel, err)
		}
		l.Removed = append(l.Removed, rel)
	}
	removeEmptyDirs(dir, l.Removed)
	if owner == nil || !same {
		if err := writeManifest(dir, r); err != nil {
			return nil, err
		}
	}
	l.fresh = owner == nil
	ok = true
	return l, nil
}

// Release gives up the run's hold on the directory. The last run to let
// go removes the lock files, leaving the data and the manifest.
func (l *Lock) Release() { l.letGo(false) }

// Abandon releases the lock of a run that wrote nothing and, when Acquire
// found no run in the directory and no other run has joined since, also
// removes the manifest Acquire wrote and the directory if Acquire made it.
func (l *Lock) Abandon() { l.letGo(true) }

func (l *Lock) letGo(abandon bool) {
	if l.live == nil {
		return
	}
	defer l.close()
	// Lock files are removed under the mutex, by the last run: one that
	// opened a file before its removal sees it gone (lockFile) and opens
	// the new one.
	mutex, err := lockFile(filepath.Join(l.dir, mutexName), syscall.LOCK_EX, mutexWait)
	if err != nil {
		return // the files stay: harmless, and the next run uses them
	}
	defer mutex.Close()
	if l.shard != nil {
		os.Remove(l.shard.Name())
	}
	if syscall.Flock(int(l.live.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return // other runs still write
	}
	os.Remove(l.live.Name())
	if abandon && l.fresh {
		os.Remove(filepath.Join(l.dir, manifestName))
	}
	os.Remove(mutex.Name())
	if abandon && l.fresh && l.madeDir {
		os.Remove(l.dir)
	}
}

// close closes the lock's files, which releases their locks.
func (l *Lock) close() {
	for _, f := range []*os.File{l.shard, l.live} {
		if f != nil {
			f.Close()
		}
	}
	l.shard, l.live = nil, nil
}

func foreignError(dir string, foreign []string, owner *Run) error {
	slices.Sort(foreign)
	shown := foreign
	if len(shown) > 3 {
		shown = append(shown[:3:3], "...")
	}
	made := ""
	if owner != nil {
		made = fmt.Sprintf(", made by %s in %d shard(s)", owner.Key, owner.Shards)
	}
	return fmt.Errorf("--out %s %w (%d files: %s%s): choose another --out, or add --force to replace them",
		dir, ErrForeign, len(foreign), strings.Join(shown, ", "), made)
}

// openLock opens (creating) a lock file.
func openLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open lock: %w", err)
	}
	return f, nil
}

// lockFile opens path and takes how (LOCK_EX or LOCK_SH) on it, waiting
// up to wait for another holder.
func lockFile(path string, how int, wait time.Duration) (*os.File, error) {
	f, err := openLock(path)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil && !sameFile(f, path) {
			// The holder removed the file as we waited: open the new one.
			f.Close()
			if f, err = openLock(path); err != nil {
				return nil, err
			}
			continue
		}
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", filepath.Base(path), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sameFile reports whether f is still the file at path.
func sameFile(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

func readManifest(dir string) (*Run, error) {
	raw, err := os.ReadFile(filepath.Join(dir, manifestName))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("--out %s: %w", dir, err)
	}
	var r Run
	if json.Unmarshal(raw, &r) != nil || r.Key == "" || r.Shards < 1 {
		return &Run{Key: "an unreadable " + manifestName, Shards: 1}, nil
	}
	return &r, nil
}

func writeManifest(dir string, r Run) error {
	raw, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, manifestName), append(raw, '\n')); err != nil {
		return fmt.Errorf("--out %s: %w", dir, err)
	}
	return nil
}
