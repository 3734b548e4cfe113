package suites

import "sync"

// Reach returns the horizons from 1 to MaxHorizon at which family fi of
// sp gives the suite's questions with sp's number of options, found by the
// same probe Fit uses to let a cell in or refuse it. sp's mix and horizon
// range are ignored.
func Reach(s Suite, sp *Spec, fi int) []int {
	var ok [MaxHorizon + 1]bool
	var wg sync.WaitGroup
	for h := 1; h <= MaxHorizon; h++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok[h] = s.fits(sp, fi, h)
		}()
	}
	wg.Wait()
	var hs []int
	for h := 1; h <= MaxHorizon; h++ {
		if ok[h] {
			hs = append(hs, h)
		}
	}
	return hs
}

// Spans words a sorted list of horizons as ranges, "1-3, 5", or "-" when
// it is empty.
func Spans(hs []int) string {
	if len(hs) == 0 {
		return "-"
	}
	return spans(hs)
}
