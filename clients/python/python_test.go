// Package python holds formplan's Python client of gen serve (formplan_env)
// and its example agents; its Go test runs them against a real gen serve
// with Chromium.
package python

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/formplan/formplan/episode"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
)

// python is Debian's Python 3, which make deps gives python3-websockets.
const python = "/usr/bin/python3"

// families are the built-in families and the horizons each can give.
var families = []struct {
	name     string
	horizons []int
}{
	{"checkboxes", []int{1, 2, 3}},
	{"slider_checkboxes", []int{1, 2, 3}},
	{"radio_textboxes", []int{1, 2}},
	{"checkbox_textboxes", []int{1, 2, 3}},
	{"radio_slider", []int{1, 2}},
}

// TestAgainstServer builds gen, serves every built-in family with
// screenshots and a bearer token, and runs the client's unit tests, the
// solver (every episode solved, in the optimal number of steps) and the
// random agent against it; the unit tests of the session limits run
// against a second, text-only server.
func TestAgainstServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gen and starts Chromium")
	}
	if _, err := os.Stat(python); err != nil {
		t.Skipf("no %s: run make deps, which installs Debian's python3 and python3-websockets", python)
	}
	if out, err := exec.Command(python, "-c", "import websockets").CombinedOutput(); err != nil {
		t.Skipf("%s has no websockets (%v: %s): run make deps, which installs python3-websockets", python, err, strings.TrimSpace(string(out)))
	}
	if _, err := render.FindChrome(""); err != nil {
		t.Skipf("no Chromium: %v", err)
	}
	const token = "py-client-test"
	gen := build(t)
	url := serve(t, gen, "--token", token)
	// A small server, for the session limits: text only, one session, idle
	// for a second at most.
	small := serve(t, gen, "--no-images", "--max-sessions", "1", "--idle-timeout", "1s")

	t.Run("unittest", func(t *testing.T) {
		cmd := exec.Command(python, "-m", "unittest", "discover", "-s", "tests", "-v")
		cmd.Env = append(os.Environ(), "FORMPLAN_TEST_URL="+url, "FORMPLAN_TEST_TOKEN="+token, "FORMPLAN_TEST_SMALL_URL="+small)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "\nOK") || strings.Contains(string(out), "skipped") {
			t.Fatalf("python -m unittest: %v\n%s", err, out)
		}
	})

	summary := regexp.MustCompile(`(?m)^(\w+): family=(\S+) horizon=(\d+) .*episodes=(\d+) success=(\d+)/(\d+) \S+ optimal=(\d+)/(\d+)`)
	t.Run("solver", func(t *testing.T) {
		const episodes = 20
		for _, fam := range families {
			for _, h := range fam.horizons {
				for _, start := range []string{"clean", "mistakes"} {
					if start == "mistakes" && h != 2 {
						continue
					}
					t.Run(fmt.Sprintf("%s/h%d/%s", fam.name, h, start), func(t *testing.T) {
						t.Parallel()
						out := agent(t, "solver.py", url, token, "--episodes", fmt.Sprint(episodes), "--family", fam.name,
							"--horizon", fmt.Sprint(h), "--start", start, "--seed", "100", "--sessions", "2")
						m := summary.FindStringSubmatch(out)
						if m == nil {
							t.Fatalf("no summary line:\n%s", out)
						}
						if m[4] != fmt.Sprint(episodes) || m[5] != m[6] || m[7] != m[8] {
							t.Fatalf("not every episode solved in the optimal number of steps:\n%s", out)
						}
					})
				}
			}
		}
	})

	// The random agent, text only, against the exact chance of success
	// that the simulator computes for the same episodes: the successes must
	// lie within the 99% interval of their sum.
	t.Run("random", func(t *testing.T) {
		const episodes = 150
		for _, fam := range families {
			t.Run(fam.name, func(t *testing.T) {
				t.Parallel()
				out := agent(t, "random_agent.py", url, token, "--episodes", fmt.Sprint(episodes), "--family", fam.name,
					"--horizon", "1", "--seed", "300", "--observe", "text", "--agent-seed", "5")
				m := summary.FindStringSubmatch(out)
				if m == nil || m[1] != "random" || m[4] != fmt.Sprint(episodes) {
					t.Fatalf("random agent: no summary line of %d episodes:\n%s", episodes, out)
				}
				wins, _ := strconv.Atoi(m[5])
				mean, lo, hi := randomChance(t, fam.name, 1, 300, episodes)
				if wins < lo || wins > hi {
					t.Fatalf("%s: the random agent succeeded %d times in %d; the simulator expects %.2f, 99%% of runs between %d and %d", fam.name, wins, episodes, mean, lo, hi)
				}
				t.Logf("%s: the random agent succeeded %d times in %d; the simulator expects %.2f, 99%% of runs between %d and %d", fam.name, wins, episodes, mean, lo, hi)
			})
		}
	})

	t.Run("wrong token", func(t *testing.T) {
		cmd := exec.Command(python, "examples/solver.py", "--url", url, "--token", "wrong", "--episodes", "1")
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "UNAUTHORIZED") {
			t.Fatalf("a wrong token: %v\n%s", err, out)
		}
	})
}

// randomChance returns the expected number of successes of the example
// random agent over the text-only episodes of family at horizon, seeds
// from seed on, and the central 99% interval of that number: each
// episode succeeds with its exact chance (episode.SuccessChance), so the
// count has the Poisson binomial distribution of those chances, computed
// exactly.
func randomChance(t *testing.T, family string, horizon int, seed int64, n int) (mean float64, lo, hi int) {
	t.Helper()
	fams := episode.ByName(forms.Defaults())
	dist := []float64{1} // dist[k]: the chance of k successes so far
	for k := range int64(n) {
		e, _, err := episode.Reset(context.Background(), seed+k, episode.Spec{Family: family, Horizon: horizon, Observe: []string{episode.ObserveText}}, fams, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := episode.SuccessChance(e, episode.RandomAgentActions(e))
		if err != nil {
			t.Fatal(err)
		}
		mean += p
		next := make([]float64, len(dist)+1)
		for j, q := range dist {
			next[j] += q * (1 - p)
			next[j+1] += q * p
		}
		dist = next
	}
	lo, hi = quantile(dist, 0.005), quantile(dist, 0.995)
	return mean, lo, hi
}

// quantile returns the least k whose cumulative chance in dist reaches q.
func quantile(dist []float64, q float64) int {
	sum := 0.0
	for k, p := range dist {
		if sum += p; sum >= q {
			return k
		}
	}
	return len(dist) - 1
}

// agent runs an example agent against url and returns its output; it
// fails the test when the agent exits with an error.
func agent(t *testing.T, script, url, token string, args ...string) string {
	t.Helper()
	cmd := exec.Command(python, append([]string{filepath.Join("examples", script), "--url", url}, args...)...)
	cmd.Env = append(os.Environ(), "FORMPLAN_TOKEN="+token)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", script, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// build builds gen into a temporary directory and returns its path.
func build(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build gen with: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "gen")
	cmd := exec.Command(goTool, "build", "-o", bin, "./cmd/gen")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/gen: %v\n%s", err, out)
	}
	return bin
}

// serve starts gen serve on a free loopback port with the flags args and
// returns its base URL. The server is stopped, and must drain and exit
// cleanly, when the test ends.
func serve(t *testing.T, gen string, args ...string) string {
	t.Helper()
	cmd := exec.Command(gen, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var (
		mu  sync.Mutex
		log strings.Builder
	)
	addr := make(chan string, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		re := regexp.MustCompile(`^gen serve: listening on (http://\S+) `)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			mu.Lock()
			log.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	logText := func() string { mu.Lock(); defer mu.Unlock(); return log.String() }
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		exited := make(chan error, 1)
		go func() { <-done; exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil || !strings.Contains(logText(), "drained, exiting") {
				t.Errorf("gen serve did not drain and exit cleanly: %v\n%s", err, logText())
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Errorf("gen serve did not exit within 30 s of SIGTERM\n%s", logText())
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	select {
	case u := <-addr:
		return u
	case <-done:
		t.Fatalf("gen serve exited before listening:\n%s", logText())
	case <-ctx.Done():
		t.Fatalf("gen serve did not say where it listens within 90 s:\n%s", logText())
	}
	return ""
}
