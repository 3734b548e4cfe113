package openenv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/heapbudget"
)

// BenchmarkTextSteps steps 64 WebSocket sessions at once with text
// observations, as an RL trainer's rollout workers do, over real sockets,
// against a server in a process of its own, as gen serve runs (the
// clients' garbage is not the server's to collect),
// and reports steps/s and the latency a client sees (p50, p99). In the same
// run it steps the same episodes in process, without the server, and
// reports the ratio: what the protocol and the sockets cost.
//
// The sessions first step as fast as they can: the latency is then
// mostly waiting behind the other 63 sessions' steps on two cores. They
// then step at the target rate, 20,000 steps/s in all, each on a schedule
// of its own, and the latency of each step is counted from when it was due
// (so a late reply makes the steps after it late too): the latency a
// trainer sees at that rate.
func BenchmarkTextSteps(b *testing.B) {
	const sessions = 64
	const perSession = 2000
	url := serverProcess(b, sessions)
	// The benchmark's own client gets the server's heap budget, so that
	// its collector's pauses are not counted as the server's latency.
	defer heapbudget.Default(TextHeap, os.Getenv)()
	for range b.N {
		var wg sync.WaitGroup
		lat := make([][]time.Duration, sessions)
		start := time.Now()
		for k := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				lat[k] = wsSession(b, url, k, perSession)
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		var all []time.Duration
		for _, l := range lat {
			all = append(all, l...)
		}
		slices.Sort(all)
		rate := float64(len(all)) / elapsed.Seconds()
		base := inProcess(b, sessions, perSession)
		b.ReportMetric(rate, "steps/s")
		b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(base, "in-process-steps/s")
		b.ReportMetric(rate/base, "ratio")
		b.Logf("%d sessions, %d steps: %.0f steps/s over WebSocket (target 20,000), p50 %s, p99 %s (target 5 ms); in process %.0f steps/s, ratio %.2f",
			sessions, len(all), rate, all[len(all)/2], all[len(all)*99/100], base, rate/base)

		const target = 20000
		interval := time.Duration(float64(time.Second) * sessions / target)
		var ready sync.WaitGroup
		go1 := make(chan time.Time)
		for k := range sessions {
			wg.Add(1)
			ready.Add(1)
			go func() {
				defer wg.Done()
				roundTrip, reset, closeNow, ok := benchSession(b, url, k, "text")
				ready.Done()
				if !ok {
					return
				}
				defer closeNow()
				start := <-go1
				lat[k] = pacedSession(b, roundTrip, reset, perSession/2, start.Add(interval*time.Duration(k)/sessions), interval)
			}()
		}
		ready.Wait()
		start = time.Now().Add(10 * time.Millisecond)
		for range sessions {
			go1 <- start
		}
		wg.Wait()
		elapsed = time.Since(start)
		all = all[:0]
		for _, l := range lat {
			all = append(all, l...)
		}
		slices.Sort(all)
		paced := float64(len(all)) / elapsed.Seconds()
		b.ReportMetric(paced, "paced-steps/s")
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "paced-p99-ms")
		b.Logf("%d sessions stepping at %d steps/s in all: %.0f steps/s, p50 %s, p99 %s from when each step was due (target 5 ms)",
			sessions, target, paced, all[len(all)/2], all[len(all)*99/100])
	}
}

// pacedSession runs n steps of a session (benchSession), the first due at
// first and one every interval after it, and returns each step's latency
// from when it was due.
func pacedSession(b *testing.B, roundTrip func([]byte) ([]byte, error), reset []byte, n int, first time.Time, interval time.Duration) []time.Duration {
	return steps(b, roundTrip, reset, n, func(i int) time.Time {
		due := first.Add(interval * time.Duration(i))
		time.Sleep(time.Until(due))
		return due
	})
}

// steps sends n steps of stepActions on a session (benchSession),
// resetting when an episode ends, and returns each step's latency from the
// time start gives it (start waits for it first, if it must).
func steps(b *testing.B, roundTrip func([]byte) ([]byte, error), reset []byte, n int, start func(i int) time.Time) []time.Duration {
	out := make([]time.Duration, 0, n)
	for i := range n {
		msg := fmt.Appendf(nil, `{"type":"step","data":{"action":%q}}`, stepActions[i%len(stepActions)])
		t := start(i)
		reply, err := roundTrip(msg)
		out = append(out, time.Since(t))
		if err != nil {
			b.Error(err)
			return out
		}
		if bytes.Contains(reply, []byte(`"done":true}`)) {
			if _, err := roundTrip(reset); err != nil {
				b.Error(err)
				return out
			}
		}
	}
	return out
}

// stepActions are what the benchmark's agents do: click the first element
// (a checkbox or radio button of every built-in family but radio_slider's
// first radio), read the text, and now and then a no-op.
var stepActions = []string{"click('e0')", "click('e1')", "noop()"}

// benchSession dials url and resets session k's episode observing
// observe; it returns the round trip of one message and the reset's
// message, or false when either failed (reported to b).
func benchSession(b *testing.B, url string, k int, observe string) (roundTrip func([]byte) ([]byte, error), reset []byte, closeNow func(), ok bool) {
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		b.Error(err)
		return nil, nil, nil, false
	}
	c.SetReadLimit(8 << 20)
	fams := forms.Defaults()
	reset, _ = json.Marshal(map[string]any{"type": "reset", "data": map[string]any{"seed": k, "family": fams[k%len(fams)].Name, "budget": 200, "observe": []string{observe}}})
	roundTrip = func(msg []byte) ([]byte, error) {
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			return nil, err
		}
		_, reply, err := c.Read(ctx)
		return reply, err
	}
	if _, err := roundTrip(reset); err != nil {
		b.Error(err)
		c.CloseNow()
		return nil, nil, nil, false
	}
	return roundTrip, reset, func() { c.CloseNow() }, true
}

// wsSession runs one session of n steps and returns each step's round trip.
func wsSession(b *testing.B, url string, k, n int) []time.Duration {
	roundTrip, reset, closeNow, ok := benchSession(b, url, k, "text")
	if !ok {
		return nil
	}
	defer closeNow()
	return steps(b, roundTrip, reset, n, func(int) time.Time { return time.Now() })
}

// inProcess steps the same episodes without the server and returns steps/s.
func inProcess(b *testing.B, sessions, n int) float64 {
	s := New(forms.Defaults(), nil, Options{})
	fams := forms.Defaults()
	var wg sync.WaitGroup
	start := time.Now()
	for k := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := s.newEnv()
			reset, _ := json.Marshal(map[string]any{"seed": k, "family": fams[k%len(fams)].Name, "budget": 200, "observe": []string{"text"}})
			e.reset(context.Background(), reset)
			for i := range n {
				rep, eb := e.step(context.Background(), json.RawMessage(fmt.Sprintf(`{"action":%q}`, stepActions[i%len(stepActions)])))
				if eb != nil {
					b.Error(eb.Message)
					return
				}
				json.Marshal(rep) // the reply is encoded either way
				if rep.Done {
					e.reset(context.Background(), reset)
				}
			}
		}()
	}
	wg.Wait()
	return float64(sessions*n) / time.Since(start).Seconds()
}

// serverProcess starts this test binary again as a text-only server for
// sessions sessions (TestServeForBenchmark) and returns its WebSocket URL;
// the server stops when the benchmark ends.
func serverProcess(b *testing.B, sessions int) string {
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeForBenchmark$")
	cmd.Env = append(os.Environ(), "FORMPLAN_BENCH_SERVE="+strconv.Itoa(2*sessions))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		b.Fatalf("the server process: %v", err)
	}
	return "ws://" + strings.TrimSpace(addr) + "/ws"
}

// TestServeForBenchmark is the server of BenchmarkTextSteps: run with
// FORMPLAN_BENCH_SERVE set to the most sessions, it serves text-only
// episodes of the default families on a loopback port, prints the address
// and serves until its standard input closes. Otherwise it does nothing.
func TestServeForBenchmark(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("FORMPLAN_BENCH_SERVE"))
	if err != nil {
		t.Skip("the server of BenchmarkTextSteps: runs only when the benchmark starts it")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer heapbudget.Default(TextHeap, os.Getenv)() // as gen serve --no-images
	s := New(forms.Defaults(), nil, Options{MaxSessions: n})
	go http.Serve(ln, s.Handler())
	fmt.Println(ln.Addr())
	io.Copy(io.Discard, os.Stdin)
}
