package render

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// clockTicks is the unit of the CPU times in /proc/PID/stat: USER_HZ,
// 100 on every Linux build this runs on.
const clockTicks = 100

// chromiumCPU returns the CPU time used so far by process root and its
// descendants, summed by Chromium process type: "browser" for the one
// without a --type switch, else the switch's value (renderer,
// gpu-process, utility, zygote).
func chromiumCPU(tb testing.TB, root int) map[string]time.Duration {
	tb.Helper()
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		tb.Fatal(err)
	}
	type proc struct {
		parent int
		cpu    time.Duration
	}
	procs := map[int]proc{}
	for _, name := range stats {
		b, err := os.ReadFile(name)
		if err != nil {
			continue // gone since the listing
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // from field 3, the state
		pid, err1 := strconv.Atoi(filepath.Base(filepath.Dir(name)))
		parent, err2 := strconv.Atoi(f[1])
		user, err3 := strconv.ParseInt(f[11], 10, 64)
		sys, err4 := strconv.ParseInt(f[12], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			tb.Fatalf("%s: cannot read %q", name, s)
		}
		procs[pid] = proc{parent, time.Duration(user+sys) * time.Second / clockTicks}
	}
	out := map[string]time.Duration{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if err != nil {
			continue
		}
		kind := "browser"
		// Chromium rewrites the command lines of its children with spaces.
		for _, arg := range strings.Fields(strings.ReplaceAll(string(cmd), "\x00", " ")) {
			if v, ok := strings.CutPrefix(arg, "--type="); ok {
				kind = v
			}
		}
		out[kind] += procs[pid].cpu
		for child, p := range procs {
			if p.parent == pid {
				queue = append(queue, child)
			}
		}
	}
	return out
}

// selfCPU returns the CPU time this process has used.
func selfCPU(tb testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkChromiumShare renders 1,024 forms with Render at scales 1 and 2
// and reports where a picture's CPU time goes, in ms a picture: Chromium's
// renderers (parsing, style, layout and raster), its GPU process (which
// composites each page; software, as the browser runs without a GPU), its
// browser process (which encodes each page's screenshot as a PNG), and
// this process (the CDP messages, and cutting each screenshot into
// pictures). Run it alone: other processes on the machine do not count,
// but they slow everything down.
func BenchmarkChromiumShare(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads the CPU times of Chromium's processes from /proc")
	}
	for _, scale := range []float64{1, 2} {
		b.Run(fmt.Sprintf("scale=%g", scale), func(b *testing.B) {
			r := newRenderer(b, Options{Scale: scale})
			ctx := context.Background()
			jobs, _ := formJobs(1024, 5)
			if _, err := r.Render(ctx, jobs[:64]); err != nil { // warm up
				b.Fatal(err)
			}
			r.mu.Lock()
			pid := r.inst.proc.Pid
			r.mu.Unlock()
			var chrome map[string]time.Duration
			var self time.Duration
			pictures := 0
			for b.Loop() {
				c0, s0 := chromiumCPU(b, pid), selfCPU(b)
				if _, err := r.Render(ctx, jobs); err != nil {
					b.Fatal(err)
				}
				c1, s1 := chromiumCPU(b, pid), selfCPU(b)
				if chrome == nil {
					chrome = map[string]time.Duration{}
				}
				for k, v := range c1 {
					chrome[k] += v - c0[k]
				}
				self += s1 - s0
				pictures += len(jobs)
			}
			per := func(d time.Duration) float64 { return d.Seconds() * 1000 / float64(pictures) }
			var total time.Duration
			for _, v := range chrome {
				total += v
			}
			b.ReportMetric(per(chrome["renderer"]), "renderer-ms/picture")
			b.ReportMetric(per(chrome["gpu-process"]), "gpu-ms/picture")
			b.ReportMetric(per(chrome["browser"]), "browser-ms/picture")
			b.ReportMetric(per(total-chrome["renderer"]-chrome["gpu-process"]-chrome["browser"]), "other-chromium-ms/picture")
			b.ReportMetric(per(self), "this-process-ms/picture")
			b.ReportMetric(total.Seconds()/(total+self).Seconds(), "chromium-share")
		})
	}
}
