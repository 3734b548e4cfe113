package merge

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/formplan/formplan/layout"
	"github.com/parquet-go/parquet-go"
)

// part is one data file of a suite: a shard, or the whole suite.
type part struct {
	path       string
	suite      string // the folder it is in
	k, n       int    // shard K of N, from its name
	lo, hi     int64  // the indices its metadata says it holds, as many as its footer counts rows
	firstGroup int64  // rows in its first row group
	groups     int    // row groups
	meta       map[string]string
}

// name is the file's path from the dataset directory, for messages.
func (p *part) name() string { return filepath.Join(p.suite, filepath.Base(p.path)) }

// whole reports whether the file holds a whole suite, as a single run
// writes it.
func (p *part) whole() bool { return p.n == 1 }

// scan reads the footer of every data file of dir (layout.Scan), by
// suite (in name order) and within a suite by shard count and shard. A
// directory without data files has nothing to merge.
func scan(dir string) (map[string][]*part, error) {
	bySuite := map[string][]*part{}
	d, err := layout.Scan(dir)
	if errors.Is(err, layout.ErrNoFiles) {
		return bySuite, nil
	}
	if err != nil {
		return nil, err
	}
	for _, f := range d.Files() {
		p := &part{path: f.Path, suite: f.Suite, k: f.Shard, n: f.Shards}
		if err := p.readFooter(); err != nil {
			return nil, err
		}
		bySuite[p.suite] = append(bySuite[p.suite], p)
	}
	for _, parts := range bySuite {
		sort.Slice(parts, func(i, j int) bool {
			if parts[i].n != parts[j].n {
				return parts[i].n < parts[j].n
			}
			return parts[i].k < parts[j].k
		})
	}
	return bySuite, nil
}

// readFooter reads the file's key-value metadata and row counts, and
// checks that the metadata names the file's suite and shard.
func (p *part) readFooter() error {
	f, err := os.Open(p.path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return fmt.Errorf("%s: not a complete Parquet file (%w): remove it and run its shard again", p.name(), err)
	}
	p.meta = map[string]string{}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		p.meta[kv.Key] = kv.Value
	}
	rows := pf.NumRows()
	p.groups = len(pf.RowGroups())
	if p.groups > 0 {
		p.firstGroup = pf.RowGroups()[0].NumRows()
	}
	if got := p.meta[layout.SuiteKey]; got != p.suite {
		return fmt.Errorf("%s holds rows of suite %q, not %q: put it back in its suite's folder, or remove it", p.name(), got, p.suite)
	}
	if got, want := p.meta[layout.ShardKey], fmt.Sprintf("%d/%d", p.k, p.n); got != want {
		return fmt.Errorf("%s: its metadata says shard %q, its name %s: rename or remove it", p.name(), got, want)
	}
	lo, hi, ok := strings.Cut(p.meta[layout.IndicesKey], "-")
	var err1, err2 error
	p.lo, err1 = strconv.ParseInt(lo, 10, 64)
	p.hi, err2 = strconv.ParseInt(hi, 10, 64)
	if !ok || err1 != nil || err2 != nil || p.lo < 0 || p.hi < p.lo {
		return fmt.Errorf("%s: no row range in its metadata (%s %q): not a file gen wrote", p.name(), layout.IndicesKey, p.meta[layout.IndicesKey])
	}
	if rows != p.hi-p.lo {
		return fmt.Errorf("%s holds %d rows where its metadata says indices %d-%d (%d rows): remove it and run its shard again", p.name(), rows, p.lo, p.hi, p.hi-p.lo)
	}
	return nil
}

// runOf is the metadata that is the same in every file of a run: all but
// what says which part of which suite a file holds.
func runOf(p *part) map[string]string {
	run := map[string]string{}
	for k, v := range p.meta {
		if k != layout.SuiteKey && k != layout.ShardKey && k != layout.IndicesKey {
			run[k] = v
		}
	}
	return run
}

// sameRun returns an error naming the first key in which the runs of two
// files differ, or nil; ra is runOf(a).
func sameRun(a *part, ra map[string]string, b *part) error {
	rb := runOf(b)
	keys := map[string]bool{}
	for k := range ra {
		keys[k] = true
	}
	for k := range rb {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		if ra[k] != rb[k] {
			return fmt.Errorf("%s and %s come from different runs (%s %q against %q): remove the other run's files, or write each run into its own --out",
				a.name(), b.name(), k, ra[k], rb[k])
		}
	}
	return nil
}
