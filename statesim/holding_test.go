package statesim

// appendHolding appends to dst the values of part p from which plan k of
// judge j meets every want on that part (the values themselves, not
// copies) and returns the extended slice. It replays the plan from each
// value: the oracle the tests check Prefixes against.
func appendHolding(j *Judge, dst []State, k, p int) []State {
	for _, v := range j.sp.Values[p] {
		if j.holds(k, p, v) {
			dst = append(dst, v)
		}
	}
	return dst
}
