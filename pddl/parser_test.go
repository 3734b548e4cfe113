package pddl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/pddl/interp"
	"github.com/formplan/formplan/suites"
)

// parserDir holds the npm project with pddl-workspace, an independent
// PDDL parser; install it from the module root with
// npm ci --prefix pddl/testdata/parser (the Makefile's deps target).
const parserDir = "testdata/parser"

// wsReport is what testdata/parser/parse.mjs prints for one file.
type wsReport struct {
	Problems []struct {
		Severity, Message string
		Line              int
	}
	Name         string
	Requirements []string
	Types        map[string][]string
	Constants    map[string]struct{ Objects []string }
	Predicates   []string
	Derived      []string
	Actions      []struct {
		Name       string
		Parameters []string
	}
	Domain  string
	Objects map[string][]string
	Init    []string
	Steps   []string
}

// parseWithWorkspace runs parse.mjs on files.
func parseWithWorkspace(t *testing.T, files []string) map[string]wsReport {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node (Node.js 20 or later) is needed to parse PDDL with pddl-workspace: %v", err)
	}
	if _, err := os.Stat(filepath.Join(parserDir, "node_modules", "pddl-workspace")); err != nil {
		t.Fatalf("pddl-workspace is not installed: run `npm ci --prefix pddl/testdata/parser` from the module root (make deps does)")
	}
	cmd := exec.Command(node, append([]string{"parse.mjs"}, files...)...)
	cmd.Dir = parserDir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node parse.mjs: %v\n%s", err, stderr.Bytes())
	}
	out := map[string]wsReport{}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("parse.mjs output: %v", err)
	}
	return out
}

// compareDomain reports where pddl-workspace reads a domain otherwise
// than the interpreter does.
func compareDomain(r wsReport, d *interp.Domain) error {
	if r.Name != d.Name || !slices.Equal(r.Requirements, d.Requirements) {
		return fmt.Errorf("name %s, requirements %v; the interpreter reads %s, %v", r.Name, r.Requirements, d.Name, d.Requirements)
	}
	types := map[string][]string{}
	for t, parent := range d.Types() {
		if t != "object" {
			types[t] = []string{parent}
		}
	}
	if fmt.Sprint(r.Types) != fmt.Sprint(types) {
		return fmt.Errorf("types %v; the interpreter reads %v", r.Types, types)
	}
	preds := map[string]string{}
	for _, p := range r.Predicates {
		name, params, _ := strings.Cut(p, " ")
		var ts []string
		for _, part := range strings.Split(params, " - ")[1:] {
			ts = append(ts, strings.Fields(part)[0])
		}
		preds[name] = strings.Join(ts, ",")
	}
	want := map[string]string{}
	for p, ts := range d.Predicates() {
		want[p] = strings.Join(ts, ",")
	}
	if fmt.Sprint(preds) != fmt.Sprint(want) {
		return fmt.Errorf("predicates %v; the interpreter reads %v", preds, want)
	}
	var derived []string
	for _, p := range r.Derived {
		derived = append(derived, strings.Fields(p)[0])
	}
	if slices.Sort(derived); !slices.Equal(derived, d.Derived()) {
		return fmt.Errorf("derived %v; the interpreter reads %v", derived, d.Derived())
	}
	var names []string
	for _, a := range r.Actions {
		names = append(names, a.Name)
		params, ok := d.Parameters(a.Name)
		if !ok || !slices.Equal(params, a.Parameters) {
			return fmt.Errorf("action %s takes %v; the interpreter reads %v", a.Name, a.Parameters, params)
		}
	}
	if slices.Sort(names); !slices.Equal(names, d.Actions()) {
		return fmt.Errorf("actions %v; the interpreter reads %v", names, d.Actions())
	}
	consts := map[string][]string{}
	for t, o := range r.Constants {
		if t != "object" {
			consts[t] = o.Objects
		}
	}
	wantConsts := map[string][]string{}
	for c, t := range d.Constants() {
		wantConsts[t] = append(wantConsts[t], c)
	}
	if fmt.Sprint(consts) != fmt.Sprint(wantConsts) {
		return fmt.Errorf("constants %v; the interpreter reads %v", consts, wantConsts)
	}
	return nil
}

// compareProblem reports where pddl-workspace reads a problem otherwise
// than the interpreter does: its name, domain, objects and init.
func compareProblem(r wsReport, d *interp.Domain, p *interp.Problem) error {
	if r.Name != p.Name || r.Domain != d.Name {
		return fmt.Errorf("problem %s of %s; the interpreter reads %s of %s", r.Name, r.Domain, p.Name, d.Name)
	}
	objects := map[string][]string{}
	consts := d.Constants()
	for obj, t := range p.Declared() {
		if _, ok := consts[obj]; !ok {
			objects[t] = append(objects[t], obj)
		}
	}
	got := map[string][]string{}
	for t, objs := range r.Objects {
		if t != "object" { // pddl-workspace lists the type names there
			got[t] = slices.Sorted(slices.Values(objs))
		}
	}
	for t := range objects {
		slices.Sort(objects[t])
	}
	if fmt.Sprint(got) != fmt.Sprint(objects) {
		return fmt.Errorf("objects %v; the interpreter reads %v", got, objects)
	}
	var init []string
	for _, a := range append(p.Static(), p.Init()...) {
		init = append(init, a.String())
	}
	slices.Sort(init)
	if ws := slices.Sorted(slices.Values(r.Init)); !slices.Equal(ws, init) {
		return fmt.Errorf("%d init facts; the interpreter reads %d", len(ws), len(init))
	}
	return nil
}

func problemsOf(r wsReport) error {
	if len(r.Problems) == 0 {
		return nil
	}
	return fmt.Errorf("pddl-workspace reports %d problems, such as line %d: %s: %s", len(r.Problems), r.Problems[0].Line, r.Problems[0].Severity, r.Problems[0].Message)
}

// TestWorkspaceParses writes every family's domain, the problems of 400
// rows of the corpus (every suite x family) and their first plans, has
// pddl-workspace parse them, and requires no problem reported and the
// same reading as the interpreter's: names, requirements, types,
// predicates, actions, objects, init facts and plan steps.
func TestWorkspaceParses(t *testing.T) {
	dir := t.TempDir()
	var files []string
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
		return path
	}
	domains := map[string]*interp.Domain{}
	for _, fam := range append(forms.Defaults(), testforms.Mixed()) {
		text := Domain(&fam)
		d, err := interp.ParseDomain(text)
		if err != nil {
			t.Fatal(err)
		}
		domains[write(fam.Name+".domain.pddl", text)] = d
	}
	type written struct {
		d    *interp.Domain
		p    *interp.Problem
		plan []interp.Step
	}
	rows := corpus(t)
	problems := map[string]written{}
	plans := map[string]written{}
	for k := 0; k < len(rows); k += max(1, len(rows)/400) {
		r := rows[k]
		m := &r.q.Meta
		name := fmt.Sprintf("%s-%d", r.suite, k)
		text, err := Problem(m, name)
		if err != nil {
			t.Fatal(err)
		}
		d := domains[filepath.Join(dir, r.q.Family+".domain.pddl")]
		p, err := d.ParseProblem(text)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := interp.ParsePlan(suites.PlanPDDL(&m.Form, m.Plans[0]))
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, s := range steps {
			lines = append(lines, s.String())
		}
		problems[write(name+".problem.pddl", text)] = written{d, p, nil}
		plans[write(name+".plan", strings.Join(lines, "\n")+"\n")] = written{plan: steps}
	}
	reports := parseWithWorkspace(t, files)
	bad := 0
	fail := func(file string, err error) {
		if bad++; bad <= 10 {
			t.Errorf("%s: %v", filepath.Base(file), err)
		}
	}
	for _, f := range files {
		r, ok := reports[f]
		if !ok {
			fail(f, fmt.Errorf("no report"))
			continue
		}
		err := problemsOf(r)
		switch {
		case err != nil:
		case domains[f] != nil:
			err = compareDomain(r, domains[f])
		case problems[f].p != nil:
			err = compareProblem(r, problems[f].d, problems[f].p)
		default:
			var want []string
			for _, s := range plans[f].plan {
				want = append(want, strings.TrimSuffix(strings.TrimPrefix(s.String(), "("), ")"))
			}
			if !slices.Equal(r.Steps, want) {
				err = fmt.Errorf("steps %v; the interpreter reads %v", r.Steps, want)
			}
		}
		if err != nil {
			fail(f, err)
		}
	}
	if bad > 0 {
		t.Fatalf("%d of %d files", bad, len(files))
	}
	t.Logf("pddl-workspace parsed %d domains, %d problems and %d plans: no problem reported, and the same reading as the interpreter's", len(domains), len(problems), len(plans))
}

// TestWorkspaceCatchesDamage checks that the comparison above can fail:
// each damaged domain is reported by pddl-workspace or read otherwise
// than by the interpreter.
func TestWorkspaceCatchesDamage(t *testing.T) {
	fam := forms.Builtin("checkbox_textboxes")
	good := Domain(fam)
	d, err := interp.ParseDomain(good)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, old, new string }{
		{"a stray keyword", "(:action check", "(:action check :bogus ("},
		{"an effect without its parenthesis", ":effect (when", ":effect when"},
		{"a renamed predicate", "(typeable ?t - text)", "(typable ?t - text)"},
		{"an action cut short", "(:action clear", ") (:action clear"},
	}
	dir := t.TempDir()
	var files []string
	for k, tc := range tests {
		path := filepath.Join(dir, fmt.Sprintf("damaged%d.domain.pddl", k))
		if err := os.WriteFile(path, []byte(strings.Replace(good, tc.old, tc.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	reports := parseWithWorkspace(t, files)
	for k, tc := range tests {
		r := reports[files[k]]
		if problemsOf(r) == nil && compareDomain(r, d) == nil {
			t.Errorf("%s: not caught", tc.name)
		}
	}
}
