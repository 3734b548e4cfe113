// Package job turns what a generation asks for (the command line's flags
// and a config file) into a validated run, and runs it: the suites' mixes
// from the presets and protocols, the horizons each family allows, the
// run's key, the browser, the writer and the dataset card.
//
//	err := job.Generate(ctx, job.Request{Suites: "edge_case", Families: "checkboxes", N: 40, ...},
//		job.Env{Version: "0.1.0", Published: published, Stdout: os.Stdout, Stderr: os.Stderr})
//	// a refusal is a UsageError naming the fix
package job

import (
	"fmt"

	"github.com/formplan/formplan/suites"
)

// Bounds of the counting flags: past them a run cannot be told apart from
// a typing mistake, and the arithmetic on them could overflow.
const (
	MaxN       = 1_000_000_000_000 // questions per suite
	MaxWorkers = 1024              // builder goroutines
	MaxShards  = 1_000_000         // shards of a run
)

// Settings are what a request hands on to its run as they are, checked
// by Describe but not turned into anything else.
type Settings struct {
	Out      string
	Seed     uint64
	N        int64 // questions per suite
	Horizon  suites.Range
	Choices  int
	Workers  int
	NoImages bool
	Scale    float64
	Chrome   string
	Shard    int
	Shards   int
	Resume   bool
	Force    bool
	Quiet    bool
	Formats  []string
	// Probes is how many perception probes each planning row gets (gen
	// --probes K), written as the probes suite; 0 for none.
	Probes int
	// Variants is how many rows ask each question, under looks that
	// change no answer (gen --variants); 0 or 1: one row a question.
	Variants int
}

// Request is what a generation asks for, as the command line gives it:
// lists as typed, a horizon range and a shard already read.
type Request struct {
	Settings
	Preset     string // "" or a preset's name (preset.Names)
	Protocol   string // "" or a protocol's name (preset.Protocols)
	PaperTasks string // the reading of the paper's tasks, under --preset paper
	Suites     string // comma-separated suite names
	Families   string // comma-separated family names
	Config     string // path of a config file, or ""
	// Given reports whether the flag called name (without dashes) was set
	// on the command line; nil means none was.
	Given func(name string) bool
}

// given reports whether the flag called name was set.
func (r *Request) given(name string) bool { return r.Given != nil && r.Given(name) }

// UsageError is a refusal of what a run asks for: its message is one line
// (or one per cell a run cannot give) naming the fix, and gen exits with
// status 2.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return UsageError{Msg: fmt.Sprintf(format, args...)}
}
