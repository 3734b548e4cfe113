package suites

import (
	"errors"
	"fmt"
	"sync"
)

// Reach returns the horizons from 1 to MaxHorizon at which family fi of
// sp gives the suite's questions with sp's number of options, found by the
// same probe Fit uses to let a cell in or refuse it. sp's mix and horizon
// range are ignored. A suite without horizon (NoHorizon) reaches [0] on a
// family that gives its questions, and nothing on one that does not.
func Reach(s Suite, sp *Spec, fi int) []int {
	if s.NoHorizon {
		if s.fits(sp, fi, 0) {
			return []int{0}
		}
		return nil
	}
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

// fitFree is Fit for a suite without horizon: every family sp asks
// questions of must give them; the horizon range does not apply.
func (s *Suite) fitFree(sp *Spec) error {
	asked := make([]bool, len(sp.Families))
	for fi := range asked {
		asked[fi] = sp.Mix == nil
	}
	for _, p := range sp.Mix {
		asked[p.Family] = asked[p.Family] || p.Count > 0
	}
	errs := make([]error, len(sp.Families))
	var wg sync.WaitGroup
	for fi := range sp.Families {
		if asked[fi] {
			wg.Go(func() {
				if !s.fits(sp, fi, 0) {
					errs[fi] = fmt.Errorf("suites: %s cannot make %s questions with %d options: its forms have no element the suite asks about; leave the family out",
						sp.Families[fi].Name, s.Name, sp.choices())
				}
			})
		}
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Spans words a sorted list of horizons as ranges, "1-3, 5", or "-" when
// it is empty.
func Spans(hs []int) string {
	if len(hs) == 0 {
		return "-"
	}
	return spans(hs)
}
