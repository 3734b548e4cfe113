package generate

import (
	"fmt"
	"maps"

	"github.com/formplan/formplan/dataset"
)

// ShardMetadata returns the values of [dataset.ShardKey] and
// [dataset.IndicesKey] of shard k of shards over a suite of n questions, as
// ShardRange splits them. These and [dataset.SuiteKey] say which part of a
// suite a file holds; every other key of a suite's file is the same in
// every shard of a run.
func ShardMetadata(n int64, k, shards int) map[string]string {
	shards = max(shards, 1)
	lo, hi := ShardRange(n, k, shards)
	return map[string]string{
		dataset.ShardKey:   fmt.Sprintf("%d/%d", k, shards),
		dataset.IndicesKey: fmt.Sprintf("%d-%d", lo, hi),
	}
}

// FileMetadata returns the key-value metadata of the file of shard k of
// shards of suite, n questions in all: a copy of run, the keys that are the
// same in every shard of a run, with the suite's name under
// [dataset.SuiteKey] and the keys of ShardMetadata set over it.
func FileMetadata(run map[string]string, suite string, n int64, k, shards int) map[string]string {
	meta := make(map[string]string, len(run)+3)
	maps.Copy(meta, run)
	meta[dataset.SuiteKey] = suite
	maps.Copy(meta, ShardMetadata(n, k, shards))
	return meta
}

// GroupRows returns the rows per row group of a suite's file: 100 for rows
// with pictures, as Hugging Face writes them, 5000 for the small rows
// without. The value decides the file's bytes: changing it changes every
// file.
func GroupRows(pictures bool) int {
	if pictures {
		return 100
	}
	return 5000
}

// BatchRows is how many rows Run paints and hands to the writer at a time
// when Plan.BatchSize is 0. The file's bytes do not depend on it: the
// writer cuts the rows into chunks of its own.
const BatchRows = 256
