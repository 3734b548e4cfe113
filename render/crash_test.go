package render

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// browserPID returns the process id of the running browser, or 0.
func browserPID(r *Renderer) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inst == nil {
		return 0
	}
	return r.inst.pid()
}

func browserStarts(r *Renderer) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.starts
}

// signalDuring sends sig to the browser each time a new one has run for
// delay, n times in all, while Render runs. It reports how many signals
// were sent before Render returned.
func signalDuring(t *testing.T, r *Renderer, jobs []Job, sig syscall.Signal, n int, delay time.Duration) ([]Result, error, int) {
	t.Helper()
	var finished atomic.Bool
	var sent atomic.Int64
	stop := make(chan struct{})
	go func() {
		last := 0
		for range n {
			// Wait for a browser that has not had a signal yet.
			var pid int
			for pid = browserPID(r); pid == 0 || pid == last; pid = browserPID(r) {
				select {
				case <-stop:
					return
				case <-time.After(10 * time.Millisecond):
				}
			}
			select {
			case <-stop:
				return
			case <-time.After(delay):
			}
			if finished.Load() {
				return
			}
			if err := syscall.Kill(pid, sig); err != nil {
				t.Errorf("signal %v to browser %d: %v", sig, pid, err)
				return
			}
			t.Logf("sent %v to browser %d", sig, pid)
			last = pid
			sent.Add(1)
		}
	}()
	results, err := r.Render(context.Background(), jobs)
	finished.Store(true)
	close(stop)
	return results, err, int(sent.Load())
}

// TestRenderSurvivesKill kills the browser twice while Render runs, and
// checks that every job comes back once, in order and in its own state.
func TestRenderSurvivesKill(t *testing.T) {
	r := newRenderer(t, Options{BatchSize: 8})
	jobs, states := formJobs(480, 11)
	results, err, kills := signalDuring(t, r, jobs, syscall.SIGKILL, 2, 400*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if kills != 2 {
		t.Fatalf("Render ended after %d kills, want 2: give it more jobs", kills)
	}
	if got := browserStarts(r); got < 3 {
		t.Errorf("browser started %d times, want at least 3", got)
	}
	checkStates(t, results, states)
	for i, res := range results {
		decode(t, res.PNG)
		if res.Width != 160 || res.Height != 210 {
			t.Errorf("job %d: %d x %d, want 160 x 210", i, res.Width, res.Height)
		}
	}
}

// TestRenderSurvivesHang stops the browser process while Render runs: the
// page times out, the browser is replaced and the page is done again.
func TestRenderSurvivesHang(t *testing.T) {
	r := newRenderer(t, Options{BatchSize: 8, Timeout: 2 * time.Second})
	jobs, states := formJobs(240, 12)
	results, err, stops := signalDuring(t, r, jobs, syscall.SIGSTOP, 1, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if stops != 1 {
		t.Fatalf("Render ended before the browser was stopped: give it more jobs")
	}
	if got := browserStarts(r); got < 2 {
		t.Errorf("browser started %d times, want at least 2", got)
	}
	checkStates(t, results, states)
}

// TestRenderGivesUp checks that a job that hangs every browser fails after
// a few attempts, naming the job, and that the renderer works afterwards.
func TestRenderGivesUp(t *testing.T) {
	r := newRenderer(t, Options{BatchSize: 1, Timeout: time.Second})
	jobs, states := formJobs(3, 13)
	jobs[1].HTML = `<div style="width:160px;height:210px"><script>for (;;) {}</script></div>`
	_, err := r.Render(context.Background(), jobs)
	if err == nil || !strings.Contains(err.Error(), "job 1:") || !strings.Contains(err.Error(), "gave up after 3 attempts") {
		t.Fatalf("error %v, want job 1 to give up after 3 attempts", err)
	}
	results, err := r.Render(context.Background(), jobs[:1])
	if err != nil {
		t.Fatal(err)
	}
	checkStates(t, results, states[:1])
}

// TestExecuteAfterKill kills the browser between two calls of Execute.
func TestExecuteAfterKill(t *testing.T) {
	r := newRenderer(t, Options{})
	for i := range 2 {
		els, err := r.Execute(context.Background(), executeFixture, []Input{click("cb1")})
		if err != nil {
			t.Fatal(err)
		}
		if got := elementStates(els)["cb1"]; !got.Checked {
			t.Errorf("call %d: cb1 = %+v, want checked", i, got)
		}
		if err := syscall.Kill(browserPID(r), syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConcurrentUse runs Render and Execute from several goroutines at once
// on one Renderer.
func TestConcurrentUse(t *testing.T) {
	r := newRenderer(t, Options{BatchSize: 16})
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Go(func() {
			jobs, states := formJobs(100, uint64(20+g))
			results, err := r.Render(context.Background(), jobs)
			if err != nil {
				t.Error(err)
				return
			}
			checkStates(t, results, states)
		})
	}
	for range 4 {
		wg.Go(func() {
			els, err := r.Execute(context.Background(), executeFixture, []Input{click("r2"), click("s1"), key("ArrowRight", 2)})
			if err != nil {
				t.Error(err)
				return
			}
			got := elementStates(els)
			if got["r2"] != (state{Checked: true}) || got["s1"] != (state{Value: "7", Shown: "7"}) {
				t.Errorf("r2 = %+v, s1 = %+v", got["r2"], got["s1"])
			}
		})
	}
	wg.Wait()
}
