package heapbudget

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// gcSettings reads GOGC (-1 when off) and the memory limit without
// changing them.
func gcSettings() (percent int, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	// Off reads as the largest uint64, which converts to -1.
	return int(int64(s[0].Value.Uint64())), int64(s[1].Value.Uint64())
}

// TestSet checks the budget's settings, that restore puts them back, and
// that a live heap past half the budget gives the collector its settings
// back before restore.
func TestSet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	restore := Set(128 << 20)
	if p, l := gcSettings(); p != -1 || l != 128<<20 {
		t.Fatalf("under the budget: GOGC %d, limit %d MiB; want off and 128", p, l>>20)
	}
	restore()
	if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
		t.Fatalf("after restore: GOGC %d, limit %d", p, l)
	}

	restore = Set(96 << 20) // 64 MiB live is past half
	defer restore()
	live := make([][]byte, 64)
	for k := range live {
		live[k] = make([]byte, 1<<20)
	}
	runtime.GC()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if p, l := gcSettings(); p == 100 && l == math.MaxInt64 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("64 MiB live on a budget of 96: the budget is still set after 5 s")
		}
	}
	runtime.KeepAlive(live)
}

// TestChosen checks which environments decide the collector's settings,
// and that Default then leaves them alone.
func TestChosen(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{nil, false},
		{map[string]string{"GOGC": "200"}, true},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, true},
		{map[string]string{"HOME": "/root"}, false},
	} {
		getenv := func(k string) string { return tc.env[k] }
		if got := Chosen(getenv); got != tc.want {
			t.Errorf("%v: Chosen %t, want %t", tc.env, got, tc.want)
		}
		restore := Default(64<<20, getenv)
		if p, _ := gcSettings(); (p == -1) == tc.want {
			t.Errorf("%v: Default leaves GOGC at %d", tc.env, p)
		}
		restore()
	}
}
