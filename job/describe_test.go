package job

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// request returns gen's default request changed by edit, with the flags
// named in given marked as set on the command line.
func request(edit func(*Request), given ...string) Request {
	req := Request{
		Settings:   Settings{Out: "out", Seed: 1, N: 300, Horizon: suites.Range{Min: 1, Max: 4}, Choices: 4, Scale: 1, Shards: 1, Formats: []string{"parquet"}},
		PaperTasks: "appendix", Suites: strings.Join(suites.Drawn(), ","),
		Families: strings.Join(forms.Names(forms.Defaults()), ","),
		Given:    func(name string) bool { return slices.Contains(given, name) },
	}
	if edit != nil {
		edit(&req)
	}
	return req
}

// TestDescribeRefusals checks the whole message of each refusal the
// preset and protocol tables word, and that each is a UsageError.
func TestDescribeRefusals(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"paper and --n", request(func(r *Request) { r.Preset, r.N = "paper", 10 }, "n"),
			"--n: --preset paper fixes the families and counts (the seed paper's synthetic sizes on checkboxes, slider_checkboxes and radio_textboxes): drop --n, or drop --preset paper to choose them"},
		{"paper and --config", request(func(r *Request) { r.Preset, r.Config = "paper", "none.yaml" }, "config"),
			"--config: --preset paper fixes the families and counts (the seed paper's synthetic sizes on checkboxes, slider_checkboxes and radio_textboxes): drop --config, or drop --preset paper to choose them"},
		{"long and --n", request(func(r *Request) { r.Preset, r.N = "long", 5 }, "n"),
			"--n 5: --preset long gives 1000 rows to every family x horizon cell; leave out --n (or the preset)"},
		{"unknown preset", request(func(r *Request) { r.Preset = "huge" }),
			`--preset "huge": use "paper" or "long"`},
		{"unknown protocol", request(func(r *Request) { r.Protocol = "papers" }),
			`--protocol "papers": the only protocol is "paper" (leave the flag out for formplan's own)`},
		{"bad reading", request(func(r *Request) { r.Preset, r.PaperTasks = "paper", "table" }, "paper-tasks"),
			`--paper-tasks "table": use appendix or figures`},
		{"reading without the preset", request(func(r *Request) { r.PaperTasks = "figures" }, "paper-tasks"),
			"--paper-tasks applies only with --preset paper: add --preset paper or drop the flag"},
		{"paper and future_state's horizon", request(func(r *Request) { r.Preset, r.Horizon = "paper", suites.Range{Min: 2, Max: 2} }, "horizon"),
			"--horizon: --preset paper fixes future_state's horizons (1-2 and 3-4, as the paper's short and long plans): drop --horizon, or leave future_state out of --suites"},
		{"paper protocol at 5 options", request(func(r *Request) { r.Protocol, r.Choices = "paper", 5 }),
			"--choices 5: under --protocol paper plan_shuffle offers the paper's 4 fixed reorderings: use --choices 4 or leave plan_shuffle out of --suites"},
		{"vlmevalkit without pictures", request(func(r *Request) { r.NoImages, r.Formats = true, []string{"parquet", "vlmevalkit"} }),
			"--format vlmevalkit needs screenshots (VLMEvalKit drops rows without one): leave out --no-images, or the vlmevalkit format"},
		{"unknown suite", request(func(r *Request) { r.Suites = "edge_cases" }),
			`unknown suite "edge_cases": choose from ` + strings.Join(suites.Drawn(), ", ")},
		{"probes named as a suite", request(func(r *Request) { r.Suites = "edge_case,probes" }),
			"--suites probes: its rows are made from the planning rows' by --probes K, not drawn: leave it out of --suites and add --probes 3"},
		{"probes without pictures", request(func(r *Request) { r.NoImages, r.Probes = true, 3 }),
			"--probes asks about the screenshots, and --no-images writes none: leave out one of them"},
		{"grounding without pictures", request(func(r *Request) { r.NoImages, r.Suites = true, "next_action,grounding" }),
			"--suites grounding asks for click points judged against the screenshots' boxes, and --no-images writes none: leave out one of them"},
		{"too many probes", request(func(r *Request) { r.Probes = 9 }),
			"--probes 9: give 0 (none) to 8 probes per planning row"},
		{"negative probes", request(func(r *Request) { r.Probes = -1 }),
			"--probes -1: give 0 (none) to 8 probes per planning row"},
		{"probes and variants", request(func(r *Request) { r.Probes, r.Variants = 2, 3 }),
			"--probes pairs probes with one row a question, and --variants 3 asks each 3 times: run them apart"},
		{"probes of a shard", request(func(r *Request) { r.Probes, r.Shard, r.Shards = 2, 1, 4 }),
			"--probes pairs probes over the whole run, and --shard writes part of it: run without --shard"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Describe(tc.req)
			if _, ok := errors.AsType[UsageError](err); !ok || err.Error() != tc.want {
				t.Fatalf("error %v\nwant  %s (a UsageError)", err, tc.want)
			}
		})
	}
}

// TestDescribePresets checks what each preset sets in the run it
// describes: its families, its horizons and the flags recorded.
func TestDescribePresets(t *testing.T) {
	tests := []struct {
		name     string
		req      Request
		families []string // the families the questions cycle through
		flags    string
	}{
		{"none", request(func(r *Request) { r.Suites, r.NoImages = "edge_case", true }), forms.Names(forms.Defaults()),
			"--seed 1 --suites edge_case --families " + strings.Join(forms.Names(forms.Defaults()), ",") + " --n 300 --horizon 1-4 --choices 4 --no-images"},
		{"paper", request(func(r *Request) { r.Preset, r.Suites = "paper", "edge_case" }), forms.Names(forms.Paper()),
			"--seed 1 --suites edge_case --families " + strings.Join(forms.Names(forms.Defaults()), ",") + " --n 300 --horizon 1-4 --choices 4 --preset paper --scale 1"},
		{"long", request(func(r *Request) { r.Preset, r.Suites, r.NoImages = "long", "edge_case", true }), forms.Names(forms.Long()),
			"--seed 1 --suites edge_case --families " + strings.Join(forms.Names(forms.Long()), ",") + " --horizon 1-12 --choices 4 --preset long --no-images"},
		{"paper protocol, figures", request(func(r *Request) {
			r.Preset, r.Protocol, r.PaperTasks, r.Suites = "paper", "paper", "figures", "future_state"
		}, "paper-tasks"),
			forms.Names(forms.Paper()),
			"--seed 1 --suites future_state --families " + strings.Join(forms.Names(forms.Defaults()), ",") + " --n 300 --horizon 1-4 --choices 4 --preset paper --paper-tasks figures --protocol paper --scale 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Describe(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if got := forms.Names(r.families()); !slices.Equal(got, tc.families) {
				t.Errorf("families %q, want %q", got, tc.families)
			}
			if got := r.ContentFlags(); got != tc.flags {
				t.Errorf("flags %q\nwant  %q", got, tc.flags)
			}
		})
	}
}

// TestPlanGroups checks that a count the protocol's groups do not divide
// is refused, naming the next count that they do.
func TestPlanGroups(t *testing.T) {
	r, err := Describe(request(func(r *Request) { r.Protocol, r.Suites, r.N = "paper", "temporal_order", 301 }, "n"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = r.plan()
	want := "temporal_order: 301 questions: under --protocol paper temporal_order asks about each item in 4 rows; give a count that is a multiple of 4, such as 304"
	if _, ok := errors.AsType[UsageError](err); !ok || err.Error() != want {
		t.Fatalf("error %v\nwant  %s", err, want)
	}
}
