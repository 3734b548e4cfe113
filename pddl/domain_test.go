package pddl

import (
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/pddl/interp"
)

// TestDomains checks, per family, the requirements stated, the types and
// actions declared, and that only families with conditional elements get
// the enabling machinery.
func TestDomains(t *testing.T) {
	base := []string{":strips", ":typing", ":negative-preconditions", ":conditional-effects"}
	cond := []string{":disjunctive-preconditions", ":existential-preconditions", ":derived-predicates"}
	mixed := testforms.Mixed()
	tests := []struct {
		fam     *forms.Family
		req     []string
		types   []string
		actions string
	}{
		{forms.Builtin("checkboxes"), base, []string{"checkbox", "element"}, "check click submit uncheck"},
		{forms.Builtin("slider_checkboxes"), base, []string{"amount", "checkbox", "element", "position", "slider"},
			"check click move set submit uncheck"},
		{forms.Builtin("radio_textboxes"), base, []string{"element", "radio", "text", "textbox"},
			"clear click enter select submit type"},
		{forms.Builtin("checkbox_textboxes"), append(slices.Clone(base), cond...), []string{"checkbox", "element", "text", "textbox"},
			"check clear click enter submit type uncheck"},
		{forms.Builtin("radio_slider"), append(slices.Clone(base), cond...), []string{"amount", "element", "position", "radio", "slider"},
			"click move select set submit"},
		{&mixed, append(append(slices.Clone(base), ":equality"), cond...),
			[]string{"amount", "checkbox", "clickable", "element", "position", "radio", "slider", "text", "textbox"},
			"check clear click enter move select set submit type uncheck"},
	}
	for _, tc := range tests {
		text := Domain(tc.fam)
		d, err := interp.ParseDomain(text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.fam.Name, err, text)
		}
		if d.Name != DomainName(tc.fam.Name) || !slices.Equal(d.Requirements, tc.req) {
			t.Errorf("%s: domain %s with %v, want %v", tc.fam.Name, d.Name, d.Requirements, tc.req)
		}
		var types []string
		for ty := range d.Types() {
			if ty != "object" {
				types = append(types, ty)
			}
		}
		if slices.Sort(types); !slices.Equal(types, tc.types) {
			t.Errorf("%s: types %v, want %v", tc.fam.Name, types, tc.types)
		}
		if got := strings.Join(d.Actions(), " "); got != tc.actions {
			t.Errorf("%s: actions %s, want %s", tc.fam.Name, got, tc.actions)
		}
		conditional := slices.Contains(tc.req, ":derived-predicates")
		if got := strings.Contains(text, "enabled"); got != conditional {
			t.Errorf("%s: mentions enabled %v, want %v", tc.fam.Name, got, conditional)
		}
		if got := len(d.Derived()) > 0; got != conditional {
			t.Errorf("%s: derived predicates %v, want %v", tc.fam.Name, d.Derived(), conditional)
		}
	}
}
