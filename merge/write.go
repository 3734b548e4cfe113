package merge

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/generate"
)

// write writes the rows of shards, a complete set in order, to path as the
// single run writes a suite of total rows: generate.GroupRows rows to a
// row group, the shards' run metadata with the whole suite's shard keys.
// The file appears only once complete; on error nothing is left of it.
func write(path string, shards []*part, total int64) error {
	meta := runOf(shards[0])
	delete(meta, dataset.MetadataKey) // the writer adds it
	meta[generate.SuiteKey] = shards[0].suite
	for k, v := range generate.ShardMetadata(total, 0, 1) {
		meta[k] = v
	}
	var w *dataset.Writer
	defer func() {
		if w != nil {
			w.Abort()
		}
	}()
	// Rows are handed to the writer generate.BatchRows at a time from the
	// suite's first row, as Run hands them (the pages depend on it): a
	// batch may span two shards. Memory stays bounded by a batch and a row
	// group, whatever the number of rows.
	batch := make([]dataset.Row, generate.BatchRows)
	fill := 0
	next := int64(0)
	for _, p := range shards {
		r, err := dataset.Open(p.path)
		if err != nil {
			return err
		}
		for {
			n, err := r.Read(batch[fill:])
			if n > 0 && w == nil {
				// Rows with pictures go to smaller row groups: the writer
				// can only be made once the first row is known.
				pictures := batch[fill].Image != nil
				if err := checkGroups(shards, generate.GroupRows(pictures)); err != nil {
					r.Close()
					return err
				}
				var cerr error
				if w, cerr = dataset.Create(path, dataset.Options{Metadata: meta, RowGroupRows: generate.GroupRows(pictures)}); cerr != nil {
					r.Close()
					return cerr
				}
			}
			for i := range batch[fill : fill+n] {
				if idx := batch[fill+i].Index; idx == nil || *idx != next {
					r.Close()
					return fmt.Errorf("%s: row %d is not question %d: remove the file and run its shard again", p.name(), next-p.lo, next)
				}
				next++
			}
			if fill += n; fill == len(batch) || next == total {
				if werr := w.Write(batch[:fill]...); werr != nil {
					r.Close()
					return werr
				}
				fill = 0
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				r.Close()
				return fmt.Errorf("%s: %w: remove it and run its shard again", p.name(), err)
			}
		}
		if err := r.Close(); err != nil {
			return err
		}
		if next != p.hi {
			return fmt.Errorf("%s: read %d rows, its footer says %d", p.name(), next-p.lo, p.rows)
		}
	}
	if w == nil || next != total {
		return fmt.Errorf("%s: the shards hold %d rows, the suite %d", shards[0].suite, next, total)
	}
	err := w.Close()
	w = nil
	if err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// checkGroups checks that the shards were written with row groups of
// group rows, as this merge writes them: shards written by a gen with
// other row groups would merge into a file no single run of it writes.
func checkGroups(shards []*part, group int) error {
	for _, p := range shards {
		if p.groups > 1 && p.firstGroup != int64(group) {
			return fmt.Errorf("%s has row groups of %d rows where this gen writes %d: merge it with the gen that wrote it (%s)",
				p.name(), p.firstGroup, group, p.meta["formplan.version"])
		}
	}
	return nil
}

// syncDir makes the renames and removals in dir durable, so a crash after
// it never finds shards removed but the merged file missing.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}
