package main

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/filetree"
	"sigs.k8s.io/yaml"
)

// k8sObject is what the tests read of a Kubernetes object in deploy/.
type k8sObject struct {
	Kind     string
	Metadata struct{ Name string }
	Spec     struct {
		AccessModes    []string
		CompletionMode string
		Completions    *int
		Parallelism    *int
		Template       struct {
			Spec struct {
				RestartPolicy string
				Containers    []struct {
					Image        string
					Args         []string
					VolumeMounts []struct{ Name, MountPath string }
				}
				Volumes []struct {
					Name                  string
					PersistentVolumeClaim *struct{ ClaimName string }
				}
			}
		}
	}
}

// readObjects parses the YAML documents of a file in deploy/.
func readObjects(t *testing.T, name string) map[string]k8sObject {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", name))
	if err != nil {
		t.Fatal(err)
	}
	objs := map[string]k8sObject{}
	for _, doc := range strings.Split(string(raw), "\n---\n") {
		var o k8sObject
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		objs[o.Kind+"/"+o.Metadata.Name] = o
	}
	return objs
}

// claimAt returns the claim mounted at the folder holding path in the
// pod of job, and the container's image and arguments.
func claimAt(t *testing.T, job k8sObject, path string) (claim, image string, args []string) {
	t.Helper()
	pod := job.Spec.Template.Spec
	if len(pod.Containers) != 1 || pod.RestartPolicy != "Never" {
		t.Fatalf("job/%s: want one container and restartPolicy Never, got %d and %q", job.Metadata.Name, len(pod.Containers), pod.RestartPolicy)
	}
	c := pod.Containers[0]
	for _, m := range c.VolumeMounts {
		if strings.HasPrefix(path, m.MountPath+"/") {
			for _, v := range pod.Volumes {
				if v.Name == m.Name && v.PersistentVolumeClaim != nil {
					return v.PersistentVolumeClaim.ClaimName, c.Image, c.Args
				}
			}
		}
	}
	t.Fatalf("job/%s: %s is on no mounted claim", job.Metadata.Name, path)
	return "", "", nil
}

// TestKubernetesManifests checks deploy/kubernetes*.yaml: an Indexed Job
// whose completions, parallelism and --shard auto/N agree, whose every
// index gen reads as its shard, writing into a ReadWriteMany claim that
// the card Job reads at the same path, with the same image.
func TestKubernetesManifests(t *testing.T) {
	objs := readObjects(t, "kubernetes.yaml")
	job, ok := objs["Job/formplan"]
	if !ok || len(objs) != 2 {
		t.Fatalf("want a claim and job/formplan, got %v", slices.Collect(maps.Keys(objs)))
	}
	if job.Spec.CompletionMode != "Indexed" || job.Spec.Completions == nil || job.Spec.Parallelism == nil {
		t.Fatalf("job/formplan: completionMode %q, completions and parallelism must be set", job.Spec.CompletionMode)
	}
	n := *job.Spec.Completions
	if *job.Spec.Parallelism != n {
		t.Errorf("parallelism %d, completions %d: every shard should run at once", *job.Spec.Parallelism, n)
	}
	args := job.Spec.Template.Spec.Containers[0].Args
	i := slices.Index(args, "--out")
	if i < 0 || !slices.Contains(args, fmt.Sprintf("auto/%d", n)) {
		t.Fatalf("args %q: want --shard auto/%d and --out", args, n)
	}
	out := args[i+1]
	claim, image, _ := claimAt(t, job, out)
	pvc, ok := objs["PersistentVolumeClaim/"+claim]
	if !ok || !slices.Contains(pvc.Spec.AccessModes, "ReadWriteMany") {
		t.Errorf("claim %s: want it in the file, ReadWriteMany (got %v)", claim, pvc.Spec.AccessModes)
	}
	for k := 0; k <= n; k++ {
		t.Setenv(k8sIndexEnv, strconv.Itoa(k))
		c, err := parseFlags(args, os.Stderr)
		if k < n && (err != nil || c.shard != k || c.shards != n) {
			t.Errorf("pod %d: %+v, %v", k, c, err)
		}
		if k == n && err == nil {
			t.Errorf("an index past completions was taken as shard %d/%d", c.shard, c.shards)
		}
	}
	card, ok := readObjects(t, "kubernetes-card.yaml")["Job/formplan-card"]
	if !ok {
		t.Fatal("no job/formplan-card in kubernetes-card.yaml")
	}
	cardClaim, cardImage, cardArgs := claimAt(t, card, out)
	if !slices.Equal(cardArgs, []string{"card", out}) || cardClaim != claim || cardImage != image {
		t.Errorf("the card Job runs %q on claim %s with %s; want [card %s] on %s with %s", cardArgs, cardClaim, cardImage, out, claim, image)
	}
}

// TestSlurmScript checks deploy/slurm.sbatch with bash -n, then runs it as
// every task of its array, at once, with a stand-in sbatch that records
// the card job the first task submits; runs that job; and gets the bytes
// of a single run.
func TestSlurmScript(t *testing.T) {
	script, err := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	raw, _ := os.ReadFile(script)
	m := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)$`).FindStringSubmatch(string(raw))
	if m == nil {
		t.Fatal("no #SBATCH --array=MIN-MAX line")
	}
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])

	bin, tmp := t.TempDir(), t.TempDir()
	self, err := filepath.Abs(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	calls := filepath.Join(tmp, "sbatch-calls")
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/bash\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("gen", fmt.Sprintf("FORMPLAN_GEN_MAIN=1 TMPDIR=%q exec %q \"$@\"", tmp, self))
	write("sbatch", fmt.Sprintf(`printf '%%s\n' "$@" >> %q`, calls))
	out, single := filepath.Join(t.TempDir(), "run"), t.TempDir()
	args := "--n 45 --no-images --quiet --suites edge_case,plan_generation"
	base := append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "FORMPLAN_OUT="+out, "FORMPLAN_ARGS="+args,
		"SLURM_ARRAY_JOB_ID=77", k8sIndexEnv+"=")
	var tasks []*exec.Cmd
	for id := lo; id <= hi; id++ {
		cmd := exec.Command(script)
		cmd.Env = slices.Concat(base, slurmEnv(id, hi-lo+1, lo, hi))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tasks = append(tasks, cmd)
		t.Cleanup(func() {
			if t.Failed() {
				t.Logf("task %d: %s", id, stderr.String())
			}
		})
	}
	for id, cmd := range tasks {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("task %d: %v", lo+id, err)
		}
	}
	rec, err := os.ReadFile(calls)
	if err != nil {
		t.Fatalf("no task submitted the card job: %v", err)
	}
	submitted := strings.Split(strings.TrimSpace(string(rec)), "\n")
	wrap := submitted[len(submitted)-1]
	if !slices.Contains(submitted, "--dependency=afterok:77") || strings.Count(string(rec), "--wrap=") != 1 || !strings.HasPrefix(wrap, "--wrap=") {
		t.Fatalf("sbatch was called with %q: want one card job after the whole array", submitted)
	}
	card := exec.Command("bash", "-c", strings.TrimPrefix(wrap, "--wrap="))
	card.Env = base
	if o, err := card.CombinedOutput(); err != nil {
		t.Fatalf("the card job: %v\n%s", err, o)
	}
	if _, _, err := runGen(t, append(strings.Fields(args), "--out", single)...); err != nil {
		t.Fatal(err)
	}
	if want, got := filetree.MustHashes(t, single), filetree.MustHashes(t, out); !maps.Equal(want, got) {
		sameFiles(t, want, got, "%s differs between the single run and the Slurm array's merged shards")
		t.Errorf("%d files from the array, %d from the single run", len(got), len(want))
	}
}
