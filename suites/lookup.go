package suites

import "slices"

// The registry read back: every suite, the default ones, the ones
// --suites may name, and one by name.

// All returns the registered suites in registration order.
func All() []Suite { return slices.Clone(registry) }

// Names returns the registered suite names.
func Names() []string {
	var n []string
	for _, s := range registry {
		n = append(n, s.Name)
	}
	return n
}

// Defaults returns the names of the suites a run makes when it names
// none: every registered suite but the OptIn and Paired ones.
func Defaults() []string {
	var n []string
	for _, s := range registry {
		if !s.OptIn && !s.Paired {
			n = append(n, s.Name)
		}
	}
	return n
}

// Drawn returns the names of the suites --suites may name: every
// registered suite but the Paired ones.
func Drawn() []string {
	var n []string
	for _, s := range DrawnSuites() {
		n = append(n, s.Name)
	}
	return n
}

// DrawnSuites returns the suites built by index, in registration order:
// every registered suite but the Paired ones.
func DrawnSuites() []Suite {
	var out []Suite
	for _, s := range registry {
		if !s.Paired {
			out = append(out, s)
		}
	}
	return out
}

// Lookup returns the suite called name.
func Lookup(name string) (Suite, bool) {
	for _, s := range registry {
		if s.Name == name {
			return s, true
		}
	}
	return Suite{}, false
}
