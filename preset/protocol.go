package preset

import "github.com/formplan/formplan/suites"

// Protocol is a way of asking the questions, chosen with --protocol; a
// run without the flag asks them formplan's own way.
type Protocol struct {
	Name string // as --protocol takes it, and as suites.Spec.Protocol holds it
	// Grouped: a suite that asks about each item in several rows
	// (suites.Suite.Group) takes its counts in whole groups.
	Grouped bool
	// OwnHorizons: a suite with a horizon range of its own under the
	// protocol (suites.Suite.PaperHorizon) takes it when the run asks for
	// none.
	OwnHorizons bool
	// Choices are the suites whose number of options the protocol fixes.
	Choices []Fixed
}

// Fixed is a suite whose number of options a protocol fixes, and why.
type Fixed struct {
	Suite   string
	Choices int
	Why     string
}

// protocols are the ways of asking the questions besides formplan's own.
var protocols = []Protocol{{
	Name:        suites.Paper,
	Grouped:     true,
	OwnHorizons: true,
	Choices:     []Fixed{{Suite: "plan_shuffle", Choices: 4, Why: "offers the paper's 4 fixed reorderings"}},
}}

// Protocols returns the protocols, in the order they are listed.
func Protocols() []Protocol { return append([]Protocol(nil), protocols...) }

// LookupProtocol returns the protocol called name.
func LookupProtocol(name string) (*Protocol, bool) {
	for k := range protocols {
		if protocols[k].Name == name {
			p := protocols[k]
			return &p, true
		}
	}
	return nil, false
}
