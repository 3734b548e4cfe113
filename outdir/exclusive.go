package outdir

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// Exclusive locks dir against every run, as gen card needs while it merges
// a run's shards: it fails, wrapping ErrBusy, while any run writes into
// dir, and a run that starts while the lock is held waits in Acquire until
// it is released. The caller must Release the lock.
//
// Links are refused as Acquire refuses them (ErrLink), suites naming the
// suites' folders.
func Exclusive(dir string, suites []string) (*Lock, error) {
	if err := CheckLinks(dir, suites); err != nil {
		return nil, err
	}
	mutex, err := lockFile(filepath.Join(dir, mutexName), syscall.LOCK_EX, mutexWait)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	defer mutex.Close()
	l := &Lock{dir: dir}
	if l.live, err = openLock(filepath.Join(dir, liveName)); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if syscall.Flock(int(l.live.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		l.close()
		return nil, fmt.Errorf("%s: %w: a run is writing there now: wait until every shard has ended, then run gen card again", dir, ErrBusy)
	}
	return l, nil
}

// SetShards records in dir's manifest, when it has a readable one, that
// the run's data is now in shards files per suite, as after gen card merged
// the shards of a run into the files of a single run: the manifest is then
// the one the single run writes. The caller holds an Exclusive lock.
func (l *Lock) SetShards(shards int) error {
	raw, err := os.ReadFile(filepath.Join(l.dir, manifestName))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", l.dir, err)
	}
	var owner Run
	if json.Unmarshal(raw, &owner) != nil || owner.Key == "" || owner.Shards == shards {
		return nil // an unreadable manifest is left for the next run to judge
	}
	owner.Shards = shards
	return writeManifest(l.dir, owner)
}
