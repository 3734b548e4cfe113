package verify

// pickWord returns a when c holds, else b: the tests word the states they
// expect a check to name with it.
func pickWord(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
