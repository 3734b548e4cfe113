package layout

import (
	"fmt"
	"maps"
)

// Keys of a data file's key-value metadata under which gen records, beside
// the row schema's own key (dataset.MetadataKey), the run a file comes
// from, which part of a suite it holds and how its pictures were made, for
// merge, verify and the dataset card to read back.
const (
	// SeedKey holds the run's seed, in decimal.
	SeedKey = "formplan.seed"
	// VersionKey holds the version of the generator that wrote the file.
	VersionKey = "formplan.version"
	// FlagsKey holds the content flags of the run's command line.
	FlagsKey = "formplan.flags"
	// SuiteKey holds the suite's name.
	SuiteKey = "formplan.suite"
	// ShardKey holds "K/N": the file is shard K of N ("0/1" for a whole run).
	ShardKey = "formplan.shard"
	// IndicesKey holds "LO-HI": the file's rows are the indices [LO, HI).
	IndicesKey = "formplan.indices"

	// VariantsKey holds, in decimal, how many rows each question takes in
	// a run with variant groups (gen --variants V above 1): the file's
	// rows are then whole groups, IndicesKey counts rows, and shard K of
	// N holds the groups of ShardRange's questions. A file without it has
	// one row a question.
	VariantsKey = "formplan.variants"

	// ChromiumKey holds the browser that rendered the pictures, as
	// render.Renderer.Version gives it: "HeadlessChrome/156.0.8078.79".
	ChromiumKey = "formplan.chromium"
	// FontsKey holds the font package the pictures are set in, as
	// typeface.ID gives it ("Liberation Sans Regular, Version 2.1.5,
	// sha256:..."); files of older versions hold a package, "fonts-liberation
	// 1:2.1.5-3", or "".
	FontsKey = "formplan.fonts"
	// ScaleKey holds the device scale factor of the pictures, as
	// strconv.FormatFloat(scale, 'g', -1, 64) writes it.
	ScaleKey = "formplan.scale"
)

// ShardRange returns the indices [lo, hi) of shard k of shards over n
// questions: shard K of N holds [K*n/N, (K+1)*n/N). Shards 0 or 1 is the
// whole suite.
func ShardRange(n int64, k, shards int) (lo, hi int64) {
	if shards <= 1 {
		return 0, n
	}
	return n * int64(k) / int64(shards), n * int64(k+1) / int64(shards)
}

// ShardMetadata returns the values of [ShardKey] and [IndicesKey] of shard
// k of shards over a suite of n questions, as ShardRange splits them.
// These and [SuiteKey] say which part of a suite a file holds; every other
// key of a suite's file is the same in every shard of a run.
func ShardMetadata(n int64, k, shards int) map[string]string {
	shards = max(shards, 1)
	lo, hi := ShardRange(n, k, shards)
	return map[string]string{
		ShardKey:   fmt.Sprintf("%d/%d", k, shards),
		IndicesKey: fmt.Sprintf("%d-%d", lo, hi),
	}
}

// GroupShardMetadata is ShardMetadata for a suite of n rows, per rows a
// question (VariantsKey): the shard's questions as ShardRange splits the
// n/per questions, its indices counting rows.
func GroupShardMetadata(n, per int64, k, shards int) map[string]string {
	if per <= 1 {
		return ShardMetadata(n, k, shards)
	}
	m := ShardMetadata(n/per, k, shards)
	lo, hi := ShardRange(n/per, k, max(shards, 1))
	m[IndicesKey] = fmt.Sprintf("%d-%d", lo*per, hi*per)
	return m
}

// FileMetadata returns the key-value metadata of the file of shard k of
// shards of suite, n questions in all: a copy of run, the keys that are the
// same in every shard of a run, with the suite's name under [SuiteKey] and
// the keys of ShardMetadata set over it.
func FileMetadata(run map[string]string, suite string, n int64, k, shards int) map[string]string {
	meta := make(map[string]string, len(run)+3)
	maps.Copy(meta, run)
	meta[SuiteKey] = suite
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
