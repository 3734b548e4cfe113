package job

import (
	"errors"
	"strings"
	"testing"
)

// TestDescribeVariants checks what --variants accepts and refuses, and
// that the files record it only when it asks for groups.
func TestDescribeVariants(t *testing.T) {
	tests := []struct {
		name  string
		req   Request
		want  string // the refusal, or "" for none
		flags string // in the content flags when accepted, or "" for no --variants there
	}{
		{"not given", request(nil), "", ""},
		{"one", request(func(r *Request) { r.Variants = 1 }, "variants"), "", ""},
		{"three", request(func(r *Request) { r.Variants = 3 }, "variants"), "", "--variants 3"},
		{"six", request(func(r *Request) { r.Variants = 6 }, "variants"), "", "--variants 6"},
		{"zero given", request(func(r *Request) { r.Variants = 0 }, "variants"),
			"--variants 0: use 1 (one row a question, the default) to 6 (every form has at least 6 looks: two scales times three wordings of the instruction bar)", ""},
		{"seven", request(func(r *Request) { r.Variants = 7 }, "variants"), "--variants 7: use 1", ""},
		{"without pictures", request(func(r *Request) { r.Variants, r.NoImages = 2, true }, "variants"),
			"--variants 2 needs screenshots (the rows of a group differ only in their pictures): leave out --no-images, or --variants", ""},
		{"paper protocol's groups", request(func(r *Request) { r.Variants, r.Protocol, r.N = 2, "paper", 8 }, "variants"),
			"--variants 2: under --protocol paper temporal_order asks about each item in 4 rows already: leave temporal_order out of --suites, or drop --variants or --protocol", ""},
		{"paper protocol without temporal_order", request(func(r *Request) { r.Variants, r.Protocol, r.Suites = 2, "paper", "edge_case" }, "variants"), "", "--variants 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			run, err := Describe(tc.req)
			if tc.want != "" {
				var u UsageError
				if !errors.As(err, &u) || !strings.HasPrefix(err.Error(), tc.want) {
					t.Fatalf("error %v, want a UsageError starting %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			flags := run.ContentFlags()
			if has := strings.Contains(flags, "--variants"); has != (tc.flags != "") || tc.flags != "" && !strings.Contains(flags, tc.flags) {
				t.Errorf("content flags %q, want %q in them", flags, tc.flags)
			}
		})
	}
}
