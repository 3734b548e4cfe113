package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// env is a fake environment for parseShard.
func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// slurmEnv is the environment, as NAME=value entries, that Slurm gives
// task id of an array of count tasks with ids lo to hi.
func slurmEnv(id, count, lo, hi int) []string {
	return []string{
		fmt.Sprintf("%s=%d", slurmIDEnv, id), fmt.Sprintf("%s=%d", slurmCntEnv, count),
		fmt.Sprintf("%s=%d", slurmMinEnv, lo), fmt.Sprintf("%s=%d", slurmMaxEnv, hi),
	}
}

// slurm is slurmEnv as a fake environment for parseShard.
func slurm(id, count, lo, hi int) func(string) string {
	var kv []string
	for _, e := range slurmEnv(id, count, lo, hi) {
		k, v, _ := strings.Cut(e, "=")
		kv = append(kv, k, v)
	}
	return env(kv...)
}

func TestParseShard(t *testing.T) {
	k8s := func(index string) func(string) string { return env(k8sIndexEnv, index) }
	tests := []struct {
		name    string
		flag    string
		env     func(string) string
		k, n    int
		wantErr string // "" for success
	}{
		{"whole run", "", env(), 0, 1, ""},
		{"explicit", "3/8", env(), 3, 8, ""},
		{"explicit beats the environment", "1/2", k8s("5"), 1, 2, ""},
		{"explicit out of range", "8/8", env(), 0, 0, "0 <= K < N"},
		{"explicit garbage", "three", env(), 0, 0, "write K/N"},
		{"kubernetes", "auto/8", k8s("7"), 7, 8, ""},
		{"kubernetes first", "auto/8", k8s("0"), 0, 8, ""},
		{"kubernetes without the count", "auto", k8s("3"), 0, 0, "write --shard auto/N with N the Job's spec.completions"},
		{"kubernetes index past the count", "auto/4", k8s("4"), 0, 0, "JOB_COMPLETION_INDEX=4 but only 4 shards"},
		{"kubernetes index not a number", "auto/4", k8s("x"), 0, 0, `JOB_COMPLETION_INDEX="x" is not a completion index`},
		{"kubernetes negative index", "auto/4", k8s("-1"), 0, 0, "is not a completion index"},
		{"auto/N bad count", "auto/0", k8s("0"), 0, 0, "write auto/N with 1 <= N"},
		{"auto/N garbage", "auto/eight", k8s("0"), 0, 0, "write auto/N"},
		{"slurm from 0", "auto", slurm(5, 8, 0, 7), 5, 8, ""},
		{"slurm from 1", "auto", slurm(1, 8, 1, 8), 0, 8, ""},
		{"slurm from 1, last", "auto", slurm(8, 8, 1, 8), 7, 8, ""},
		{"slurm without MAX", "auto", env(slurmIDEnv, "12", slurmCntEnv, "4", slurmMinEnv, "10"), 2, 4, ""},
		{"slurm with the right count", "auto/8", slurm(3, 8, 0, 7), 3, 8, ""},
		{"slurm with another count", "auto/4", slurm(3, 8, 0, 7), 0, 0, "the Slurm array has 8 tasks (SLURM_ARRAY_TASK_COUNT), not 4"},
		{"slurm step", "auto", slurm(4, 4, 0, 6), 0, 0, "are not 4 ids in a row"},
		{"slurm id outside", "auto", slurm(9, 8, 0, 7), 0, 0, "SLURM_ARRAY_TASK_ID=9 is not among the 8 tasks"},
		{"slurm id below min", "auto", slurm(0, 8, 1, 8), 0, 0, "is not among the 8 tasks"},
		{"slurm without count", "auto", env(slurmIDEnv, "2", slurmMinEnv, "0"), 0, 0, `SLURM_ARRAY_TASK_COUNT="" is not a number`},
		{"slurm job without array", "auto", env(slurmIDEnv, "x"), 0, 0, `SLURM_ARRAY_TASK_ID="x" is not a number`},
		{"both systems", "auto/8", env(k8sIndexEnv, "1", slurmIDEnv, "1", slurmCntEnv, "8", slurmMinEnv, "0"), 0, 0, "unset the one that does not apply"},
		{"neither system", "auto", env(), 0, 0, "neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, n, err := parseShard(tc.flag, tc.env)
			if tc.wantErr == "" {
				if err != nil || k != tc.k || n != tc.n {
					t.Fatalf("parseShard(%q) = %d, %d, %v; want %d/%d", tc.flag, k, n, err, tc.k, tc.n)
				}
				return
			}
			var u usageError
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.As(err, &u) {
				t.Fatalf("parseShard(%q) = %d, %d, %v; want a usage error containing %q", tc.flag, k, n, err, tc.wantErr)
			}
		})
	}
}

// A wrong environment is refused before anything is written or a browser
// starts (no --no-images, and --chrome names no browser: the error is the
// shard's, not the browser's).
func TestShardAutoRefusedFirst(t *testing.T) {
	t.Setenv(k8sIndexEnv, "")
	t.Setenv(slurmIDEnv, "")
	for _, tc := range []struct{ name, index, flag, want string }{
		{"no batch system", "", "auto", "neither JOB_COMPLETION_INDEX"},
		{"no count", "2", "auto", "write --shard auto/N"},
		{"index past the count", "9", "auto/4", "only 4 shards"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(k8sIndexEnv, tc.index)
			out := filepath.Join(t.TempDir(), "o")
			_, _, err := runGen(t, "--out", out, "--chrome", "/nonexistent/chromium", "--shard", tc.flag)
			var u usageError
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &u) {
				t.Fatalf("gen --shard %s with %s=%q: %v, want a usage error containing %q", tc.flag, k8sIndexEnv, tc.index, err, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("the refused run left %s behind", out)
			}
		})
	}
}
