package render

import (
	"context"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

func cpu(who int) time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(who, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestExp(t *testing.T) {
	tabs, _ := strconv.Atoi(os.Getenv("TABS"))
	batch, _ := strconv.Atoi(os.Getenv("BATCH"))
	scale, _ := strconv.ParseFloat(os.Getenv("SCALE"), 64)
	jobs, _ := formJobs(1536, 1)
	best := 0.0
	for k := 0; k < 3; k++ {
		r, err := New(context.Background(), Options{Head: testHead, Tabs: tabs, BatchSize: batch, Scale: scale})
		if err != nil {
			t.Fatal(err)
		}
		r.Render(context.Background(), jobs[:128])
		s0, c0 := cpu(syscall.RUSAGE_SELF), cpu(syscall.RUSAGE_CHILDREN)
		start := time.Now()
		if _, err := r.Render(context.Background(), jobs); err != nil {
			t.Fatal(err)
		}
		el := time.Since(start)
		s1 := cpu(syscall.RUSAGE_SELF)
		r.Close()
		c1 := cpu(syscall.RUSAGE_CHILDREN)
		v := float64(len(jobs)) / el.Seconds()
		best = max(best, v)
		t.Logf("%.0f shots/s; go cpu %.2f ms/shot, chrome cpu %.2f ms/shot (incl. warmup+startup)", v, float64((s1-s0).Microseconds())/1000/float64(len(jobs)), float64((c1-c0).Microseconds())/1000/float64(len(jobs)))
	}
	t.Logf("tabs %d batch %d scale %g: best %.0f shots/s", tabs, batch, scale, best)
}
