package layout

import (
	"fmt"
	"testing"
)

func TestShardRange(t *testing.T) {
	for _, n := range []int64{0, 1, 7, 100, 101} {
		for _, shards := range []int{1, 2, 3, 8} {
			next := int64(0)
			for k := 0; k < shards; k++ {
				lo, hi := ShardRange(n, k, shards)
				if lo != next || hi < lo {
					t.Fatalf("n=%d shards=%d: shard %d is [%d, %d), want it to start at %d", n, shards, k, lo, hi, next)
				}
				next = hi
			}
			if next != n {
				t.Fatalf("n=%d shards=%d: shards end at %d", n, shards, next)
			}
		}
	}
}

func TestFileMetadata(t *testing.T) {
	run := map[string]string{SeedKey: "1", FlagsKey: "--seed 1", ShardKey: "stale"}
	tests := []struct {
		n         int64
		k, shards int
		want      string
	}{
		{10, 0, 0, "map[formplan.flags:--seed 1 formplan.indices:0-10 formplan.seed:1 formplan.shard:0/1 formplan.suite:edge_case]"},
		{10, 1, 3, "map[formplan.flags:--seed 1 formplan.indices:3-6 formplan.seed:1 formplan.shard:1/3 formplan.suite:edge_case]"},
		{10, 2, 3, "map[formplan.flags:--seed 1 formplan.indices:6-10 formplan.seed:1 formplan.shard:2/3 formplan.suite:edge_case]"},
	}
	for _, tc := range tests {
		if got := fmt.Sprint(FileMetadata(run, "edge_case", tc.n, tc.k, tc.shards)); got != tc.want {
			t.Errorf("FileMetadata(%d, %d/%d) = %s, want %s", tc.n, tc.k, tc.shards, got, tc.want)
		}
	}
	if run[ShardKey] != "stale" || len(run) != 3 {
		t.Errorf("FileMetadata changed its argument: %v", run)
	}
}
