package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/openenv"
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
	objs := map[string]k8sObject{}
	for _, doc := range deployDocs(t, name) {
		var o k8sObject
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		objs[o.Kind+"/"+o.Metadata.Name] = o
	}
	return objs
}

// deployDocs returns the YAML documents of a file in deploy/.
func deployDocs(t *testing.T, name string) []string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(raw), "\n---\n")
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
		if k < n && (err != nil || c.req.Shard != k || c.req.Shards != n) {
			t.Errorf("pod %d: %+v, %v", k, c, err)
		}
		if k == n && err == nil {
			t.Errorf("an index past completions was taken as shard %d/%d", c.req.Shard, c.req.Shards)
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

// httpProbe is what the tests read of a container's probe.
type httpProbe struct {
	HTTPGet *struct {
		Path string
		Port json.RawMessage // a number or a port's name
	}
}

// serveContainer is what TestKubernetesServe reads of the container of
// deploy/serve.yaml's Deployment.
type serveContainer struct {
	Image   string
	Command []string
	Args    []string
	Ports   []struct {
		Name          string
		ContainerPort int
	}
	Env []struct {
		Name      string
		Value     *string
		ValueFrom *struct {
			SecretKeyRef *struct{ Name, Key string }
		}
	}
	Resources      struct{ Requests, Limits map[string]string }
	StartupProbe   *httpProbe
	ReadinessProbe *httpProbe
	LivenessProbe  *httpProbe
	Lifecycle      struct {
		PreStop *struct {
			Exec *struct{ Command []string }
		}
	}
}

// port resolves a port given by number or by the name of one of c's ports.
func (c serveContainer) port(t *testing.T, raw json.RawMessage) int {
	t.Helper()
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n
	}
	var name string
	if json.Unmarshal(raw, &name) == nil {
		for _, p := range c.Ports {
			if p.Name == name {
				return p.ContainerPort
			}
		}
	}
	t.Fatalf("port %s: neither a number nor the name of a port of the container", raw)
	return 0
}

// TestKubernetesServe checks deploy/serve.yaml: a Deployment whose
// container runs gen serve on 0.0.0.0 at the port that the container
// exposes, the probes ask and the Service sends to, with the bearer token
// from a Secret; gen serve's own flag parsing takes the command line, and
// refuses it without the token. The Service selects the pods; the
// autoscaler scales the Deployment on CPU, which the container requests;
// the grace period outlasts preStop's sleep and gen serve's 20 s drain;
// docs/serve-deploy.md gives the Service's in-cluster address.
func TestKubernetesServe(t *testing.T) {
	type meta struct {
		Name   string
		Labels map[string]string
	}
	var (
		dep struct {
			Metadata meta
			Spec     struct {
				Replicas *int
				Selector struct{ MatchLabels map[string]string }
				Template struct {
					Metadata meta
					Spec     struct {
						TerminationGracePeriodSeconds *int
						Containers                    []serveContainer
					}
				}
			}
		}
		svc struct {
			Metadata meta
			Spec     struct {
				Type            string
				SessionAffinity string
				Selector        map[string]string
				Ports           []struct {
					Port       int
					TargetPort json.RawMessage
				}
			}
		}
		hpa struct {
			Metadata meta
			Spec     struct {
				ScaleTargetRef struct{ APIVersion, Kind, Name string }
				MinReplicas    *int
				MaxReplicas    int
				Metrics        []struct {
					Type     string
					Resource *struct {
						Name   string
						Target struct{ Type string }
					}
				}
			}
		}
	)
	into := map[string]any{"apps/v1 Deployment": &dep, "v1 Service": &svc, "autoscaling/v2 HorizontalPodAutoscaler": &hpa}
	for _, doc := range deployDocs(t, "serve.yaml") {
		var head struct{ APIVersion, Kind string }
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("serve.yaml: %v", err)
		}
		v, ok := into[head.APIVersion+" "+head.Kind]
		if !ok {
			t.Fatalf("serve.yaml: unexpected %s %s (or one of them twice)", head.APIVersion, head.Kind)
		}
		delete(into, head.APIVersion+" "+head.Kind)
		if err := yaml.Unmarshal([]byte(doc), v); err != nil {
			t.Fatalf("serve.yaml: %s: %v", head.Kind, err)
		}
	}
	if len(into) > 0 {
		t.Fatalf("serve.yaml lacks %v", slices.Collect(maps.Keys(into)))
	}

	pod := dep.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("deployment/%s: want one container, got %d", dep.Metadata.Name, len(pod.Containers))
	}
	c := pod.Containers[0]
	argv := slices.Concat(c.Command, c.Args)
	if len(c.Command) == 0 || len(argv) < 2 || argv[0] != "gen" || argv[1] != "serve" {
		t.Fatalf("the container runs %q: want the command gen serve, spelled out", argv)
	}
	t.Setenv("FORMPLAN_TOKEN", "")
	if _, _, err := parseServe(argv[2:], io.Discard); err == nil {
		t.Errorf("gen serve takes %q without a token: the manifest should listen beyond loopback", argv[2:])
	}
	t.Setenv("FORMPLAN_TOKEN", "a-token")
	cfg, done, err := parseServe(argv[2:], io.Discard)
	if err != nil || done {
		t.Fatalf("gen serve refuses %q: %v", argv[2:], err)
	}
	host, p, err := net.SplitHostPort(cfg.addr)
	port, _ := strconv.Atoi(p)
	if err != nil || host != "0.0.0.0" || port == 0 {
		t.Fatalf("--addr %s: want 0.0.0.0:PORT", cfg.addr)
	}
	if len(c.Ports) != 1 || c.Ports[0].ContainerPort != port {
		t.Errorf("the container's ports %+v: want one, %d, the port of --addr", c.Ports, port)
	}
	for name, probe := range map[string]*httpProbe{"startup": c.StartupProbe, "readiness": c.ReadinessProbe, "liveness": c.LivenessProbe} {
		if name == "startup" && probe == nil {
			continue // optional
		}
		if probe == nil || probe.HTTPGet == nil || probe.HTTPGet.Path != "/health" || c.port(t, probe.HTTPGet.Port) != port {
			t.Errorf("%s probe: want GET /health on port %d, got %s", name, port, mustJSON(probe))
		}
	}
	var tokens int
	for _, e := range c.Env {
		if e.Name != "FORMPLAN_TOKEN" {
			continue
		}
		tokens++
		if e.Value != nil || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil || e.ValueFrom.SecretKeyRef.Name == "" || e.ValueFrom.SecretKeyRef.Key == "" {
			t.Errorf("env FORMPLAN_TOKEN: want it from a Secret's key (valueFrom.secretKeyRef), got %s", mustJSON(e))
		}
	}
	if tokens != 1 {
		t.Errorf("the container sets FORMPLAN_TOKEN %d times, want once", tokens)
	}
	if c.Resources.Requests["cpu"] == "" || c.Resources.Requests["memory"] == "" || c.Resources.Limits["memory"] == "" {
		t.Errorf("resources %+v: want cpu and memory requests (the autoscaler's utilization is of the cpu request) and a memory limit", c.Resources)
	}

	// Deletion: preStop, then SIGTERM and up to 20 s of drain, within the
	// grace period.
	sleep := 0
	if ps := c.Lifecycle.PreStop; ps != nil && ps.Exec != nil {
		if cmd := ps.Exec.Command; len(cmd) == 2 && cmd[0] == "sleep" {
			sleep, _ = strconv.Atoi(cmd[1])
		}
	}
	if sleep < 1 {
		t.Errorf("preStop %s: want exec [sleep N], N ≥ 1, so that the Service stops routing before SIGTERM", mustJSON(c.Lifecycle.PreStop))
	}
	if g := pod.TerminationGracePeriodSeconds; g == nil || *g <= sleep+20 {
		t.Errorf("terminationGracePeriodSeconds %s: want more than preStop's %d s and gen serve's 20 s drain", mustJSON(g), sleep)
	}

	labels := dep.Spec.Template.Metadata.Labels
	if len(dep.Spec.Selector.MatchLabels) == 0 || !subset(dep.Spec.Selector.MatchLabels, labels) {
		t.Errorf("deployment selector %v does not select its pods %v", dep.Spec.Selector.MatchLabels, labels)
	}
	if svc.Spec.Type != "ClusterIP" && svc.Spec.Type != "" || len(svc.Spec.Selector) == 0 || !subset(svc.Spec.Selector, labels) {
		t.Errorf("service/%s: type %q selector %v: want a ClusterIP Service selecting the pods %v", svc.Metadata.Name, svc.Spec.Type, svc.Spec.Selector, labels)
	}
	if len(svc.Spec.Ports) != 1 || c.port(t, svc.Spec.Ports[0].TargetPort) != port {
		t.Fatalf("service/%s ports %s: want one, whose targetPort is %d", svc.Metadata.Name, mustJSON(svc.Spec.Ports), port)
	}

	ref := hpa.Spec.ScaleTargetRef
	if ref.APIVersion != "apps/v1" || ref.Kind != "Deployment" || ref.Name != dep.Metadata.Name {
		t.Errorf("the autoscaler scales %+v, want apps/v1 Deployment %s", ref, dep.Metadata.Name)
	}
	if m := hpa.Spec.Metrics; len(m) != 1 || m[0].Type != "Resource" || m[0].Resource == nil || m[0].Resource.Name != "cpu" || m[0].Resource.Target.Type != "Utilization" {
		t.Errorf("the autoscaler's metrics %s: want CPU utilization", mustJSON(m))
	}
	lo := hpa.Spec.MinReplicas
	if lo == nil || *lo < 2 || hpa.Spec.MaxReplicas < *lo || dep.Spec.Replicas == nil || *dep.Spec.Replicas != *lo {
		t.Errorf("replicas %s, autoscaler %s to %d: want at least 2, the Deployment's the autoscaler's minimum", mustJSON(dep.Spec.Replicas), mustJSON(lo), hpa.Spec.MaxReplicas)
	}

	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "serve-deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	url := fmt.Sprintf("ws://%s.<namespace>.svc.cluster.local:%d/ws", svc.Metadata.Name, svc.Spec.Ports[0].Port)
	if !strings.Contains(string(doc), url) {
		t.Errorf("docs/serve-deploy.md does not give the Service's address %s", url)
	}
}

// mustJSON shows v, pointers followed, in a test's message.
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// subset reports whether every label of sel is in labels.
func subset(sel, labels map[string]string) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// dockerStage is a stage of deploy/Dockerfile: its name and the arguments
// of its instructions, the last of each.
type dockerStage struct {
	name  string
	instr map[string]string
}

// dockerStages reads the stages of deploy/Dockerfile.
func dockerStages(t *testing.T) []dockerStage {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var stages []dockerStage
	text := regexp.MustCompile(`\\\n\s*`).ReplaceAllString(string(raw), " ")
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		word = strings.ToUpper(word)
		if word == "FROM" {
			f := strings.Fields(rest)
			st := dockerStage{instr: map[string]string{}}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				st.name = f[2]
			}
			stages = append(stages, st)
			continue
		}
		if len(stages) == 0 {
			t.Fatalf("Dockerfile: %s before FROM", word)
		}
		stages[len(stages)-1].instr[word] = strings.TrimSpace(rest)
	}
	return stages
}

// execForm decodes an instruction's JSON array, failing the test if it is
// not one (Docker would run it through /bin/sh -c instead).
func execForm(t *testing.T, what, s string) []string {
	t.Helper()
	var v []string
	if err := json.Unmarshal([]byte(s), &v); err != nil || len(v) == 0 {
		t.Fatalf("%s %s: want the exec form, a JSON array of strings (%v)", what, s, err)
	}
	return v
}

// TestDeployDockerfile checks deploy/Dockerfile without Docker: the default
// target is still gen itself, as deploy/kubernetes*.yaml run it; the serve
// target runs gen serve, which gen's flag parsing takes with a token, on
// the port it exposes, which deploy/serve.yaml's container exposes too; and
// its health check, run with bash as Docker would, passes against a
// server's GET /health on that port and fails with nothing listening.
func TestDeployDockerfile(t *testing.T) {
	stages := dockerStages(t)
	def := stages[len(stages)-1]
	if ep := execForm(t, "the default target's ENTRYPOINT", def.instr["ENTRYPOINT"]); !slices.Equal(ep, []string{"gen"}) {
		t.Errorf("the default target's ENTRYPOINT is %q, want [gen]: deploy/kubernetes*.yaml give gen's arguments only", ep)
	}
	if def.instr["EXPOSE"] != "" || def.instr["HEALTHCHECK"] != "" || def.name == "serve" {
		t.Errorf("the default target is the server's: %+v", def)
	}
	i := slices.IndexFunc(stages, func(s dockerStage) bool { return s.name == "serve" })
	if i < 0 {
		t.Fatal("no stage named serve")
	}
	serve := stages[i]
	ep := execForm(t, "the serve target's ENTRYPOINT", serve.instr["ENTRYPOINT"])
	if len(ep) < 2 || ep[0] != "gen" || ep[1] != "serve" {
		t.Fatalf("the serve target's ENTRYPOINT is %q, want gen serve", ep)
	}
	t.Setenv("FORMPLAN_TOKEN", "a-token")
	cfg, _, err := parseServe(ep[2:], io.Discard)
	if err != nil {
		t.Fatalf("gen serve refuses the serve target's %q: %v", ep[2:], err)
	}
	host, port, _ := net.SplitHostPort(cfg.addr)
	if host != "0.0.0.0" || serve.instr["EXPOSE"] != port {
		t.Errorf("the serve target listens on %s and exposes %q: want 0.0.0.0 and the same port", cfg.addr, serve.instr["EXPOSE"])
	}
	var manifest struct {
		Kind string
		Spec struct {
			Template struct {
				Spec struct {
					Containers []struct {
						Image string
						Ports []struct{ ContainerPort int }
					}
				}
			}
		}
	}
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	dockerfile := string(raw)
	for _, doc := range deployDocs(t, "serve.yaml") {
		if err := yaml.Unmarshal([]byte(doc), &manifest); err != nil {
			t.Fatal(err)
		}
		if manifest.Kind != "Deployment" {
			continue
		}
		for _, c := range manifest.Spec.Template.Spec.Containers {
			if len(c.Ports) != 1 || strconv.Itoa(c.Ports[0].ContainerPort) != port {
				t.Errorf("serve.yaml's container exposes %s, the serve target %s", mustJSON(c.Ports), port)
			}
			if build := "--target serve -t " + c.Image + " "; !strings.Contains(dockerfile, build) {
				t.Errorf("serve.yaml runs the image %s, which deploy/Dockerfile does not say how to build (%q)", c.Image, build)
			}
		}
	}

	hc := serve.instr["HEALTHCHECK"]
	_, cmd, ok := strings.Cut(hc, "CMD ")
	if !ok {
		t.Fatalf("the serve target's HEALTHCHECK %q: want CMD [...]", hc)
	}
	probe := execForm(t, "the serve target's HEALTHCHECK", cmd)
	target := "/127.0.0.1/" + port
	if probe[0] != "bash" || !strings.Contains(strings.Join(probe, " "), target) {
		t.Fatalf("the health check %q: want bash at %s, the exposed port", probe, target)
	}
	run := func(hostPort string) error {
		h, p, _ := net.SplitHostPort(hostPort)
		args := slices.Clone(probe[1:])
		for k := range args {
			args[k] = strings.ReplaceAll(args[k], target, "/"+h+"/"+p)
		}
		out, err := exec.Command(probe[0], args...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		return nil
	}
	srv := httptest.NewServer(openenv.New(nil, nil, openenv.Options{Token: "a-token"}).Handler())
	if err := run(srv.Listener.Addr().String()); err != nil {
		t.Errorf("the health check fails against a server: %v", err)
	}
	addr := srv.Listener.Addr().String()
	srv.Close()
	if run(addr) == nil {
		t.Error("the health check passes with nothing listening")
	}
}
