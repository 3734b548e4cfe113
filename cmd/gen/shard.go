package main

import (
	"strconv"
	"strings"

	"github.com/formplan/formplan/job"
)

// Environment variables --shard auto reads: a Kubernetes Indexed Job gives
// each pod its completion index (and not the count), a Slurm array gives
// each task its id, the count and the first id.
const (
	k8sIndexEnv = "JOB_COMPLETION_INDEX"
	slurmIDEnv  = "SLURM_ARRAY_TASK_ID"
	slurmCntEnv = "SLURM_ARRAY_TASK_COUNT"
	slurmMinEnv = "SLURM_ARRAY_TASK_MIN"
	slurmMaxEnv = "SLURM_ARRAY_TASK_MAX"
)

// parseShard reads --shard: "" (the whole run), K/N, or auto and auto/N,
// which take K (and N) from the batch system's environment, read with
// getenv. Every mistake is a usage error naming the fix.
func parseShard(s string, getenv func(string) string) (int, int, error) {
	if s == "" {
		return 0, 1, nil
	}
	if s == "auto" || strings.HasPrefix(s, "auto/") {
		return autoShard(s, getenv)
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usagef("--shard %q: write K/N, such as 0/4 for the first of four shards, or auto inside a Kubernetes Indexed Job or a Slurm array", s)
	}
	if n < 1 || n > job.MaxShards || k < 0 || k >= n {
		return 0, 0, usagef("--shard %q: want 1 <= N <= %d and 0 <= K < N (shards count from 0)", s, job.MaxShards)
	}
	return k, n, nil
}

// autoShard resolves --shard auto or auto/N from the environment.
func autoShard(s string, getenv func(string) string) (int, int, error) {
	given := 0 // N of auto/N, 0 for plain auto
	if _, ns, ok := strings.Cut(s, "/"); ok {
		n, err := strconv.Atoi(ns)
		if err != nil || n < 1 || n > job.MaxShards {
			return 0, 0, usagef("--shard %q: write auto/N with 1 <= N <= %d, N the number of shards (a Kubernetes Job's completions)", s, job.MaxShards)
		}
		given = n
	}
	k8s, slurm := getenv(k8sIndexEnv), getenv(slurmIDEnv)
	switch {
	case k8s != "" && slurm != "":
		return 0, 0, usagef("--shard %s: both %s=%s (Kubernetes) and %s=%s (Slurm) are set: unset the one that does not apply, or give --shard K/N", s, k8sIndexEnv, k8s, slurmIDEnv, slurm)
	case k8s != "":
		return k8sShard(s, k8s, given)
	case slurm != "":
		return slurmShard(s, slurm, given, getenv)
	}
	return 0, 0, usagef("--shard %s: neither %s (Kubernetes Indexed Job) nor %s (Slurm array) is set: --shard auto reads the shard from a Kubernetes Indexed Job (write --shard auto/N, N the Job's completions) or a Slurm array (--shard auto); elsewhere give --shard K/N", s, k8sIndexEnv, slurmIDEnv)
}

// k8sShard is shard JOB_COMPLETION_INDEX of the count given as auto/N: an
// Indexed Job's pods see their index but not the Job's completions.
func k8sShard(s, index string, n int) (int, int, error) {
	if n == 0 {
		return 0, 0, usagef("--shard auto: a Kubernetes Indexed Job (%s=%s) does not tell its pods the number of shards: write --shard auto/N with N the Job's spec.completions", k8sIndexEnv, index)
	}
	k, err := strconv.Atoi(index)
	if err != nil || k < 0 {
		return 0, 0, usagef("--shard %s: %s=%q is not a completion index (0, 1, ...): run gen in a Job with completionMode: Indexed", s, k8sIndexEnv, index)
	}
	if k >= n {
		return 0, 0, usagef("--shard %s: %s=%d but only %d shards: make N in --shard auto/N equal to the Job's spec.completions", s, k8sIndexEnv, k, n)
	}
	return k, n, nil
}

// slurmShard is the task's place in its array: SLURM_ARRAY_TASK_ID less
// SLURM_ARRAY_TASK_MIN (an array may start above 0, as --array=1-8 does)
// of SLURM_ARRAY_TASK_COUNT. The ids must be a range without gaps, so that
// every shard of 0..N-1 has one task.
func slurmShard(s, id string, given int, getenv func(string) string) (int, int, error) {
	var bad error // the first variable that is not a number
	num := func(name string) int {
		raw := getenv(name)
		v, err := strconv.Atoi(raw)
		if bad == nil && (err != nil || v < 0) {
			bad = usagef("--shard %s: %s=%q is not a number: run gen as a task of a Slurm job array (sbatch --array=0-7), or give --shard K/N", s, name, raw)
		}
		return v
	}
	task, n, lo := num(slurmIDEnv), num(slurmCntEnv), num(slurmMinEnv)
	hi, hasHi := 0, getenv(slurmMaxEnv) != "" // checked only when Slurm sets it
	if hasHi {
		hi = num(slurmMaxEnv)
	}
	if bad != nil {
		return 0, 0, bad
	}
	k := task - lo
	if hasHi && hi-lo+1 != n {
		return 0, 0, usagef("--shard %s: the Slurm array's ids %d-%d are not %d ids in a row (a step or a list such as --array=0-14:2): submit a plain range, such as --array=0-%d", s, lo, hi, n, n-1)
	}
	if n < 1 || n > job.MaxShards || k < 0 || k >= n {
		return 0, 0, usagef("--shard %s: %s=%d is not among the %d tasks from %s=%d: submit a plain range, such as --array=0-%d", s, slurmIDEnv, task, n, slurmMinEnv, lo, max(n-1, 0))
	}
	if given != 0 && given != n {
		return 0, 0, usagef("--shard %s: the Slurm array has %d tasks (%s), not %d: write --shard auto, or make --array give %d tasks", s, n, slurmCntEnv, given, given)
	}
	return k, n, nil
}
