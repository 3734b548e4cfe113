package main

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// TestFamiliesReach checks that gen families --reach prints, per suite
// and family, what suites.Reach finds, the probe gen refuses with.
func TestFamiliesReach(t *testing.T) {
	out, _, err := runGen(t, "families", "--reach", "--families", "checkboxes,long_checkboxes,mixed_form", "--suites", "plan_semantic,temporal_order", "--choices", "4,2")
	if err != nil {
		t.Fatal(err)
	}
	fams := []forms.Family{*forms.Builtin("checkboxes"), *forms.Builtin("long_checkboxes"), *forms.Builtin("mixed_form")}
	for _, n := range []int{4, 2} {
		sp := &suites.Spec{Seed: 1, Families: fams, Choices: n}
		for _, name := range []string{"plan_semantic", "temporal_order"} {
			s, _ := suites.Lookup(name)
			line := "| `" + name + "` |"
			for fi := range fams {
				line += " " + suites.Spans(suites.Reach(s, sp, fi)) + " |"
			}
			if !strings.Contains(out, line) {
				t.Errorf("at %d options the table lacks %q:\n%s", n, line, out)
			}
		}
	}
	if !strings.Contains(out, "| `plan_semantic` | 1-5 | 1-12 | 1-12 |") {
		t.Errorf("plan_semantic at 4 options: want 1-5 on checkboxes and 1-12 on the long families:\n%s", out)
	}
}

func TestFamiliesList(t *testing.T) {
	out, _, err := runGen(t, "families")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| `checkboxes` | 4-9 | label | 160 x 210 | yes |",
		"| `long_checkboxes` | 13-17 | label | 200 x 330 |  |",
		"| `mixed_form` | 16 | ordinal | 240 x 350 |  |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("gen families lacks %q:\n%s", want, out)
		}
	}
}

func TestFamiliesBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"options", []string{"families", "--reach", "--choices", "9"}, "list option counts from 2 to 8"},
		{"family", []string{"families", "--families", "nope"}, `unknown family "nope"`},
		{"suite", []string{"families", "--reach", "--suites", "nope"}, `unknown suite "nope"`},
		{"argument", []string{"families", "extra"}, "unexpected argument"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runGen(t, tc.args...)
			var u usageError
			if err == nil || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want a usage error containing %q", err, tc.want)
			}
		})
	}
}

// TestServeFamilies checks that gen serve serves the long families when
// they are named (an episode's shortest plan needs no search) and the
// default families when none is named.
func TestServeFamilies(t *testing.T) {
	long := strings.Join(forms.Names(forms.Long()), ",")
	c, _, err := parseServe([]string{"--families", long}, io.Discard)
	if err != nil {
		t.Fatalf("serve --families %s: %v", long, err)
	}
	if got := strings.Join(forms.Names(c.families), ","); got != long {
		t.Errorf("serve --families %s serves %s", long, got)
	}
	c, _, err = parseServe(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(forms.Names(c.families), ","), strings.Join(forms.Names(forms.Defaults()), ","); got != want {
		t.Errorf("serve's families %s, want the defaults %s", got, want)
	}
}

// TestReachTableInDocs checks that docs/suites.md prints the table gen
// families --reach gives.
func TestReachTableInDocs(t *testing.T) {
	out, _, err := runGen(t, "families", "--reach")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/suites.md")
	if err != nil {
		t.Fatal(err)
	}
	table := out[strings.Index(out, "| suite |"):]
	if !strings.Contains(string(doc), table) {
		t.Errorf("docs/suites.md lacks the table of gen families --reach:\n%s", table)
	}
}
