// Package merge joins the shards of a sharded gen run into the files a
// single run writes. Shard K of N of a suite is
// <dir>/<suite>/test-0000K-of-0000N.parquet; merged, the suite is
// <dir>/<suite>/test-00000-of-00001.parquet with exactly the bytes a
// one-process run of the same flags writes: the same rows in the same row
// groups, and the same key-value metadata (layout.ShardMetadata of the
// whole suite, everything else as every shard has it).
//
// [Dir] first checks the whole directory and changes nothing unless every
// suite is whole or a complete set of shards of one run. Each merged file
// appears whole (written under a temporary name, then renamed) before its
// shards are removed, so a merge stopped at any point leaves a directory
// that Dir merges again.
package merge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/formplan/formplan/layout"
)

// Result says what Dir did for one suite.
type Result struct {
	Suite string
	// Shards is the number of shard files merged, or removed beside a
	// whole file left by an earlier merge; 0 when the suite was whole.
	Shards int
	// Rows is the number of rows of the suite's file.
	Rows int64
	// File is the suite's file.
	File string
}

// suitePlan is what Dir does with one suite.
type suitePlan struct {
	suite  string
	whole  *part   // the suite's whole file, if there is one
	shards []*part // a set of shards of one count: 0..N-1, or leftovers beside whole
	rows   int64
}

// Dir merges the shards of every suite of dir, the output directory of a
// run, into the files of a single run, and returns what it did per suite,
// in name order. It refuses, naming the files and the fix and changing
// nothing, when a suite's shards are incomplete, of two shard counts, or
// do not cover the suite's indices exactly, or when two files come from
// different runs. The caller keeps writers out of dir meanwhile (see
// outdir.Exclusive). Cancelling ctx stops it between batches of rows,
// leaving every suite either merged or as it was.
func Dir(ctx context.Context, dir string) ([]Result, error) {
	bySuite, err := scan(dir)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	names := make([]string, 0, len(bySuite))
	for name := range bySuite {
		names = append(names, name)
	}
	sort.Strings(names)
	var plans []suitePlan
	var first *part
	var firstRun map[string]string // runOf(first)
	sharded := false
	for _, name := range names {
		for _, p := range bySuite[name] {
			if first == nil {
				first, firstRun = p, runOf(p)
			} else if err := sameRun(first, firstRun, p); err != nil {
				return nil, fmt.Errorf("merge: %w", err)
			}
		}
		sp, err := planSuite(name, bySuite[name])
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		sharded = sharded || len(sp.shards) > 0
		plans = append(plans, sp)
	}
	if sharded && first != nil {
		if err := checkSuites(first, names); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
	}
	if err := sweep(dir, names); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	var res []Result
	for _, sp := range plans {
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("merge: %w", context.Cause(ctx))
		}
		r, err := sp.run(ctx, dir)
		if err != nil {
			return res, fmt.Errorf("merge: %w", err)
		}
		res = append(res, r)
	}
	return res, nil
}

// planSuite checks one suite's files and says what to do with them.
func planSuite(suite string, parts []*part) (suitePlan, error) {
	sp := suitePlan{suite: suite}
	counts := map[int][]*part{}
	var shardCounts []int
	for _, p := range parts {
		if p.whole() {
			sp.whole = p
			continue
		}
		if counts[p.n] == nil {
			shardCounts = append(shardCounts, p.n)
		}
		counts[p.n] = append(counts[p.n], p)
	}
	if len(shardCounts) > 1 {
		return sp, fmt.Errorf("%s holds shards of runs in %s shards (%s and %s), but one run has one shard count: remove the other run's files",
			suite, joinInts(shardCounts), counts[shardCounts[0]][0].name(), counts[shardCounts[1]][0].name())
	}
	if sp.whole != nil {
		if sp.whole.lo != 0 {
			return sp, fmt.Errorf("%s: its metadata says indices %d-%d, but a whole suite starts at 0: remove it", sp.whole.name(), sp.whole.lo, sp.whole.hi)
		}
		sp.rows = sp.whole.hi
	}
	if len(shardCounts) == 0 {
		return sp, nil
	}
	n := shardCounts[0]
	sp.shards = counts[n]
	if sp.whole != nil {
		// An earlier merge renamed the whole file into place and stopped
		// before every shard was removed: the shards left must be of it.
		return sp, checkShards(sp.shards, sp.rows)
	}
	var missing []string
	have := map[int]bool{}
	for _, p := range sp.shards {
		have[p.k] = true
	}
	for k := 0; k < n; k++ {
		if !have[k] {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		flags := sp.shards[0].meta[layout.FlagsKey]
		return sp, fmt.Errorf("%s: %d of %d shards missing (%s): run them (gen %s --shard %s --out DIR, or the same job array again), then run gen card again",
			suite, len(missing), n, strings.Join(firstN(missing, 4), ", "), flags, missing[0])
	}
	sp.rows = sp.shards[n-1].hi
	return sp, checkShards(sp.shards, sp.rows)
}

// checkShards checks that each shard holds exactly the indices and rows
// its place gives it in a suite of total rows.
func checkShards(shards []*part, total int64) error {
	for _, p := range shards {
		per, _ := strconv.ParseInt(p.meta[layout.VariantsKey], 10, 64) // 0 without variant groups
		want := layout.GroupShardMetadata(total, per, p.k, p.n)
		if p.meta[layout.IndicesKey] != want[layout.IndicesKey] {
			return fmt.Errorf("%s: its metadata says indices %s, but shard %d/%d of %d rows holds %s: the shards do not cover the suite once each; remove the stray file and run its shard again",
				p.name(), p.meta[layout.IndicesKey], p.k, p.n, total, want[layout.IndicesKey])
		}
	}
	return nil
}

// checkSuites checks that every suite the run's flags name has files.
func checkSuites(p *part, have []string) error {
	flags := strings.Fields(p.meta[layout.FlagsKey])
	i := slices.Index(flags, "--suites")
	if i < 0 || i+1 >= len(flags) {
		return nil // an older file without the list: the suites present are all
	}
	var missing []string
	for _, s := range strings.Split(flags[i+1], ",") {
		if !slices.Contains(have, s) {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the run (%s) has no files of %s: its shards have not all run to the end: run them again, then gen card", p.meta[layout.FlagsKey], strings.Join(missing, ", "))
	}
	return nil
}

// run carries out the plan of one suite.
func (sp suitePlan) run(ctx context.Context, dir string) (Result, error) {
	res := Result{Suite: sp.suite, Rows: sp.rows, File: layout.FilePath(dir, sp.suite, 0, 1), Shards: len(sp.shards)}
	if len(sp.shards) == 0 {
		return res, nil
	}
	if sp.whole == nil {
		if err := write(ctx, res.File, sp.shards, sp.rows); err != nil {
			return res, err
		}
	}
	for _, p := range sp.shards {
		if err := os.Remove(p.path); err != nil && !os.IsNotExist(err) {
			return res, fmt.Errorf("%s: merged, but a shard stays: %w", sp.suite, err)
		}
	}
	return res, syncDir(filepath.Dir(res.File))
}

// sweep removes the temporary files of writers that were stopped, such as
// a merge killed before its file was complete: no writer is left to finish
// them.
func sweep(dir string, suites []string) error {
	for _, suite := range suites {
		tmps, _ := filepath.Glob(filepath.Join(dir, suite, ".test-?????-of-?????.parquet.tmp-*"))
		for _, t := range tmps {
			if err := os.Remove(t); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
	}
	return nil
}

// firstN returns up to n elements of list, with "..." after them when
// there are more.
func firstN(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(list[:n:n], "...")
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " and ")
}
