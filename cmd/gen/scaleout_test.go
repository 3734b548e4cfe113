package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/outdir"
)

// shardProcesses runs gen with args as the tasks of a Slurm array of
// shards tasks numbered from 1, each a process of its own, all at once
// into one --out, and returns how long they took together.
func shardProcesses(t *testing.T, shards int, args ...string) time.Duration {
	t.Helper()
	start := time.Now()
	cmds := make([]*exec.Cmd, shards)
	stderr := make([]*bytes.Buffer, shards)
	for k := range shards {
		env := append([]string{k8sIndexEnv + "="}, slurmEnv(k+1, shards, 1, shards)...)
		cmds[k], stderr[k] = genProcessEnv(t, t.TempDir(), env, append(args, "--shard", "auto")...)
	}
	errs := make([]error, shards)
	for k, cmd := range cmds {
		errs[k] = cmd.Wait()
	}
	for k, err := range errs {
		if err != nil {
			t.Fatalf("shard %d: %v\n%s", k, err, stderr[k].String())
		}
	}
	return time.Since(start)
}

// TestScaleOut runs 4 shards of a run as 4 gen processes at once into one
// --out, as a Slurm array does (ids from 1), merges them with gen card and
// gets, byte for byte, the directory of a single run of the same flags:
// every suite's file, the card, the manifest. Text only, and with
// pictures when Chromium is installed.
func TestScaleOut(t *testing.T) {
	tests := []struct {
		name     string
		pictures bool
		args     []string
	}{
		// 601 rows: the writer's batches of 256 rows span shards.
		{"text only", false, []string{"--n", "601", "--no-images", "--suites", "edge_case,future_state,temporal_order,next_action"}},
		// 301 rows: the single run's file has row groups of 100 and hands
		// the writer rows 256 at a time; each shard has 75 or 76 rows.
		{"pictures", true, []string{"--n", "301", "--suites", "future_state", "--families", "checkboxes,slider_checkboxes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := exec.LookPath("chromium"); tc.pictures && err != nil {
				t.Skip("Chromium is not installed")
			}
			single, sharded := t.TempDir(), t.TempDir()
			args := append([]string{"--quiet"}, tc.args...)
			start := time.Now()
			if _, _, err := runGen(t, append(args, "--out", single)...); err != nil {
				t.Fatal(err)
			}
			one := time.Since(start)
			four := shardProcesses(t, 4, append(args, "--out", sharded)...)
			t.Logf("single run %v, 4 shard processes %v", one.Round(time.Millisecond), four.Round(time.Millisecond))
			stdout, _, err := runGen(t, "card", sharded)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Count(stdout, "merged 4 shards of ") != len(strings.Split(tc.args[slices.Index(tc.args, "--suites")+1], ",")) {
				t.Errorf("gen card said:\n%s", stdout)
			}
			want, got := filetree.MustHashes(t, single), filetree.MustHashes(t, sharded)
			if !maps.Equal(want, got) {
				sameFiles(t, want, got, "%s differs between the single run and the merged shards")
				t.Errorf("merged: %d files, single run: %d", len(got), len(want))
			}
		})
	}
}

// TestCardRefusesIncompleteOrMixed checks that gen card merges nothing and
// writes no card over an incomplete set of shards, shards of two runs, or
// while a shard still writes, and names the fix.
func TestCardRefusesIncompleteOrMixed(t *testing.T) {
	args := []string{"--n", "20", "--no-images", "--quiet", "--suites", "edge_case,future_state"}
	shardsOf := func(t *testing.T, dir string, seed string, ks ...int) {
		t.Helper()
		for _, k := range ks {
			if _, _, err := runGen(t, append(args, "--seed", seed, "--out", dir, "--shard", fmt.Sprintf("%d/4", k))...); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name  string
		setUp func(t *testing.T, dir string) (release func())
		want  string
	}{
		{"a shard missing", func(t *testing.T, dir string) func() {
			shardsOf(t, dir, "1", 0, 1, 3)
			return func() {}
		}, "edge_case: 1 of 4 shards missing (2/4): run them (gen --seed 1 --suites edge_case,future_state"},
		{"a shard of another run", func(t *testing.T, dir string) func() {
			other := t.TempDir()
			shardsOf(t, dir, "1", 0, 1, 2, 3)
			shardsOf(t, other, "2", 2)
			raw, err := os.ReadFile(filepath.Join(other, "future_state", "test-00002-of-00004.parquet"))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "future_state", "test-00002-of-00004.parquet"), raw, 0o644)
			return func() {}
		}, "come from different runs (formplan.flags \"--seed 1"},
		{"a shard still writing", func(t *testing.T, dir string) func() {
			shardsOf(t, dir, "1", 0, 1, 2, 3)
			raw, err := os.ReadFile(filepath.Join(dir, ".formplan-run.json"))
			if err != nil {
				t.Fatal(err)
			}
			var run outdir.Run
			if err := json.Unmarshal(raw, &run); err != nil {
				t.Fatal(err)
			}
			run.Shard = 3
			lock, err := outdir.Acquire(dir, run)
			if err != nil {
				t.Fatal(err)
			}
			return lock.Release
		}, "a run is writing there now: wait until every shard has ended, then run gen card again"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			release := tc.setUp(t, dir)
			before := filetree.MustHashes(t, dir)
			_, _, err := runGen(t, "card", dir)
			after := filetree.MustHashes(t, dir)
			release()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("gen card: %v\nwant an error containing %q", err, tc.want)
			}
			if !maps.Equal(before, after) {
				t.Errorf("a refused gen card changed the directory:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}
