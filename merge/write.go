package merge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
)

// write writes the rows of shards, a complete set in order, to path as the
// single run writes a suite of total rows: layout.GroupRows rows to a
// row group, the shards' run metadata with the whole suite's shard keys.
// The file appears only once complete; on error, or when ctx is
// cancelled, nothing is left of it.
func write(ctx context.Context, path string, shards []*part, total int64) error {
	run := runOf(shards[0])
	delete(run, dataset.MetadataKey) // the writer adds it
	meta := layout.FileMetadata(run, shards[0].suite, total, 0, 1)
	m := &merger{ctx: ctx, path: path, meta: meta, shards: shards, batch: make([]dataset.Row, readRows)}
	defer func() {
		if m.w != nil {
			m.w.Abort()
		}
	}()
	for _, p := range shards {
		if err := m.copyShard(p); err != nil {
			return err
		}
	}
	if m.w == nil || m.next != total {
		return fmt.Errorf("%s: the shards hold %d rows, the suite %d", shards[0].suite, m.next, total)
	}
	err := m.w.Close()
	m.w = nil
	if err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// readRows is how many rows a merge reads at a time. The writer's bytes
// do not depend on it; it bounds memory, with one row group, whatever the
// number of rows.
const readRows = 256

// merger copies the rows of a suite's shards, in order, into one file.
type merger struct {
	ctx    context.Context // stops the copy between batches
	path   string
	meta   map[string]string
	shards []*part
	batch  []dataset.Row
	w      *dataset.Writer // made at the first row
	next   int64           // the index of the next row
}

// copyShard copies the rows of shard p to the merged file, checking that
// they are the indices p holds, in order.
func (m *merger) copyShard(p *part) (err error) {
	r, err := dataset.Open(p.path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := r.Close(); err == nil {
			err = cerr
		}
	}()
	for {
		if err := m.ctx.Err(); err != nil {
			return context.Cause(m.ctx)
		}
		n, rerr := r.Read(m.batch)
		rows := m.batch[:n]
		if n > 0 && m.w == nil {
			// Rows with pictures go to smaller row groups: the writer
			// can only be made once the first row is known.
			group := layout.GroupRows(rows[0].Image != nil)
			if err := checkGroups(m.shards, group); err != nil {
				return err
			}
			if m.w, err = dataset.Create(m.path, dataset.Options{Metadata: m.meta, RowGroupRows: group}); err != nil {
				return err
			}
		}
		for i := range rows {
			if idx := rows[i].Index; idx == nil || *idx != m.next {
				return fmt.Errorf("%s: row %d is not question %d: remove the file and run its shard again", p.name(), m.next-p.lo, m.next)
			}
			m.next++
		}
		if n > 0 {
			if err := m.w.Write(rows...); err != nil {
				return err
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return fmt.Errorf("%s: %w: remove it and run its shard again", p.name(), rerr)
		}
	}
	if m.next != p.hi {
		return fmt.Errorf("%s: read %d rows, its footer says %d", p.name(), m.next-p.lo, p.hi-p.lo)
	}
	return nil
}

// checkGroups checks that the shards were written with row groups of
// group rows, as this merge writes them: shards written by a gen with
// other row groups would merge into a file no single run of it writes.
func checkGroups(shards []*part, group int) error {
	for _, p := range shards {
		if p.groups > 1 && p.firstGroup != int64(group) {
			return fmt.Errorf("%s has row groups of %d rows where this gen writes %d: merge it with the gen that wrote it (%s)",
				p.name(), p.firstGroup, group, p.meta[layout.VersionKey])
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
