package generate

import (
	"fmt"

	"github.com/formplan/formplan/dataset"
)

// Keys of the file metadata that say which part of a suite a file holds;
// every other key of a suite's file is the same in every shard of a run.
// They are the keys of package dataset, under which they are documented.
const (
	// ShardKey holds "K/N": the file is shard K of N ("0/1" for a whole run).
	ShardKey = dataset.ShardKey
	// IndicesKey holds "LO-HI": the file's rows are the indices [LO, HI).
	IndicesKey = dataset.IndicesKey
	// SuiteKey holds the suite's name.
	SuiteKey = dataset.SuiteKey
)

// ShardMetadata returns the values of ShardKey and IndicesKey of shard k of
// shards over a suite of n questions, as ShardRange splits them.
func ShardMetadata(n int64, k, shards int) map[string]string {
	shards = max(shards, 1)
	lo, hi := ShardRange(n, k, shards)
	return map[string]string{
		ShardKey:   fmt.Sprintf("%d/%d", k, shards),
		IndicesKey: fmt.Sprintf("%d-%d", lo, hi),
	}
}

// GroupRows returns the rows per row group of a suite's file. Rows with
// pictures go 100 to a group, as Hugging Face writes them; rows without are
// small, and fewer, larger groups keep the footer (which the writer holds
// until Close) small.
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
