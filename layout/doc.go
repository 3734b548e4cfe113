// Package layout is the on-disk layout of a formplan dataset directory:
// where each suite's Parquet files go and how they are named, the
// key-value metadata that says which run and which part of a suite a file
// holds, how a suite's indices are split into shards, and one scan of a
// directory that every reader of a dataset uses.
//
//	<out>/<suite>/test-0000K-of-0000N.parquet   shard K of N of a suite
//	<out>/pddl/<family>.domain.pddl             the PDDL domain of a family
//
//	d, err := layout.Scan("out")
//	for _, f := range d.Files() {
//		fmt.Println(f.Suite, f.Shard, f.Shards, f.Path)
//	}
package layout
