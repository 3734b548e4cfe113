package interp

import (
	"fmt"
	"strings"
	"testing"
)

// toy is a domain that uses every construct the interpreter runs.
const toy = `; a toy domain
(define (domain toy)
  (:requirements :strips :typing :negative-preconditions :conditional-effects
     :disjunctive-preconditions :quantified-preconditions :equality :derived-predicates)
  (:types node light)
  (:constants hub - node)
  (:predicates (on ?l - light) (edge ?a - node ?b - node) (reach ?a - node ?b - node)
     (at ?n - node) (marked ?n - node))
  (:derived (reach ?a - node ?b - node)
     (or (edge ?a ?b) (exists (?c - node) (and (edge ?a ?c) (reach ?c ?b)))))
  (:action swap :parameters (?x - light ?y - light) :precondition (not (= ?x ?y))
     :effect (and (when (on ?x) (and (not (on ?x)) (on ?y)))
                  (when (on ?y) (and (not (on ?y)) (on ?x)))))
  (:action refresh :parameters (?x - light) :effect (and (not (on ?x)) (on ?x)))
  (:action go :parameters (?to - node)
     :precondition (exists (?from - node) (and (at ?from) (reach ?from ?to)))
     :effect (and (forall (?n - node) (when (at ?n) (not (at ?n)))) (at ?to)))
  (:action mark-all :parameters ()
     :precondition (forall (?n - node) (imply (at ?n) (not (= ?n hub))))
     :effect (forall (?n - node) (marked ?n))))`

const toyProblem = `(define (problem t1) (:domain toy)
  (:objects a b c d - node l1 l2 - light)
  (:init (edge a b) (edge b c) (edge c hub) (at a) (on l1))
  (:goal (and (at hub) (on l2) (not (on l1)))))`

// parseToy parses the toy domain and problem.
func parseToy(t *testing.T) (*Domain, *Problem) {
	t.Helper()
	d, err := ParseDomain(toy)
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.ParseProblem(toyProblem)
	if err != nil {
		t.Fatal(err)
	}
	return d, p
}

func TestRun(t *testing.T) {
	_, p := parseToy(t)
	tests := []struct {
		plan    string
		valid   bool
		why     string // part of the error of an invalid plan
		fluents string // the final fluent facts, joined
		goal    bool
	}{
		// A conditional effect reads the state before the step: swapping
		// moves the light, it does not move it back.
		{"((swap l1 l2) (go hub))", true, "", "(at hub) (on l2)", true},
		{"(swap l1 l2)\n(go hub) ; a plan file", true, "", "(at hub) (on l2)", true},
		// An atom both deleted and added stays.
		{"((refresh l1))", true, "", "(at a) (on l1)", false},
		{"((swap l1 l1))", false, "precondition of swap", "(at a) (on l1)", false},
		{"((go d))", false, "precondition of go", "(at a) (on l1)", false},
		{"((swap l1 a))", false, "a is a node, not a light", "(at a) (on l1)", false},
		{"((swap l1 zz))", false, "zz is not a declared object", "(at a) (on l1)", false},
		{"((fly a))", false, "no action fly", "(at a) (on l1)", false},
		{"((swap l1))", false, "takes 2 objects", "(at a) (on l1)", false},
		// A universal effect ranges over constants too.
		{"((mark-all))", true, "", "(at a) (marked a) (marked b) (marked c) (marked d) (marked hub) (on l1)", false},
		{"((go hub) (mark-all))", false, "step 2 (mark-all)", "(at hub) (on l1)", false},
		{"()", true, "", "(at a) (on l1)", false},
	}
	for _, tc := range tests {
		plan, err := ParsePlan(tc.plan)
		if err != nil {
			t.Fatalf("%s: %v", tc.plan, err)
		}
		res := p.Run(plan)
		var facts []string
		for _, a := range res.Fluents {
			facts = append(facts, a.String())
		}
		if res.Valid != tc.valid || strings.Join(facts, " ") != tc.fluents || res.GoalMet != tc.goal ||
			(!tc.valid && (res.Err == nil || !strings.Contains(res.Err.Error(), tc.why))) {
			t.Errorf("%s: valid %v (%v), facts %v, goal %v; want %v (%q), %s, %v",
				tc.plan, res.Valid, res.Err, facts, res.GoalMet, tc.valid, tc.why, tc.fluents, tc.goal)
		}
	}
}

// TestDerivedFixpoint checks that a recursive derived predicate reaches
// its fixpoint: every node reaches every later one along the chain.
func TestDerivedFixpoint(t *testing.T) {
	_, p := parseToy(t)
	res := p.Run(nil)
	var got []string
	for _, a := range res.Derived {
		got = append(got, a.String())
	}
	want := "(reach a b) (reach a c) (reach a hub) (reach b c) (reach b hub) (reach c hub)"
	if strings.Join(got, " ") != want {
		t.Errorf("derived %v, want %s", got, want)
	}
}

// domainWith returns a small domain with extra text in place of the
// action's effect and requirements req.
func domainWith(req, preds, rest string) string {
	return fmt.Sprintf(`(define (domain x) (:requirements %s) (:types t)
  (:predicates (p ?a - t) (q) %s) %s)`, req, preds, rest)
}

func TestParseDomainErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unbalanced", "(define (domain x)", "never closed"},
		{"extra paren", "(define (domain x)))", "unbalanced"},
		{"not a domain", "(define (problem x))", "want (define (domain NAME)"},
		{"unknown type", domainWith(":typing", "(r ?a - u)", ""), "unknown type u"},
		{"parent undeclared", "(define (domain x) (:types a - b))", "undeclared b"},
		{"unsupported requirement", domainWith(":fluents", "", ""), "unsupported requirement"},
		{"unsupported section", domainWith(":typing", "", "(:functions (f))"), "unsupported section"},
		{"when unstated", domainWith(":typing", "", "(:action a :parameters (?x - t) :effect (when (q) (p ?x)))"), "without stating it"},
		{"not unstated", domainWith(":typing", "", "(:action a :parameters () :precondition (not (q)) :effect (q))"), ":negative-preconditions"},
		{"undeclared predicate", domainWith(":typing", "", "(:action a :parameters () :effect (r))"), "undeclared predicate r"},
		{"arity", domainWith(":typing", "", "(:action a :parameters (?x - t) :effect (p ?x ?x))"), "takes 1 arguments"},
		{"out of scope", domainWith(":typing", "", "(:action a :parameters () :effect (p ?x))"), "not in scope"},
		{"unknown constant", domainWith(":typing", "", "(:action a :parameters () :effect (p k))"), "neither a variable nor a declared object"},
		{"argument type", "(define (domain x) (:requirements :typing) (:types t u) (:predicates (p ?a - t)) (:action a :parameters (?y - u) :effect (p ?y)))", "of type u, not t"},
		{"changes derived", domainWith(":typing :derived-predicates", "", "(:derived (q) (exists (?x - t) (p ?x))) (:action a :parameters () :effect (q))"), "changes derived predicate q"},
		{"negated derived", domainWith(":typing :derived-predicates :negative-preconditions :existential-preconditions", "(r)", "(:derived (q) (not (r))) (:derived (r) (exists (?x - t) (p ?x)))"), "under a negation"},
		{"duplicate action", domainWith(":typing", "", "(:action a :parameters () :effect (q)) (:action a :parameters () :effect (q))"), "defined twice"},
		{"variable twice", domainWith(":typing", "", "(:action a :parameters (?x - t ?x - t) :effect (q))"), "declared twice"},
		{"either type", domainWith(":typing", "", "(:action a :parameters (?x - (either t)) :effect (q))"), "either types"},
	}
	for _, tc := range tests {
		_, err := ParseDomain(tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestParseProblemErrors(t *testing.T) {
	d, err := ParseDomain(toy)
	if err != nil {
		t.Fatal(err)
	}
	problem := func(objects, init, goal string) string {
		return fmt.Sprintf("(define (problem p) (:domain toy) (:objects %s) (:init %s) (:goal %s))", objects, init, goal)
	}
	tests := []struct {
		name, src, want string
	}{
		{"other domain", "(define (problem p) (:domain other) (:goal (and)))", "want (:domain toy)"},
		{"undeclared object", problem("a - node", "(at b)", "(and)"), "b is not an object of type node"},
		{"type mismatch", problem("a - node l - light", "(at l)", "(and)"), "l is not an object of type node"},
		{"unknown type", problem("a - place", "", "(and)"), "unknown type place"},
		{"duplicate", problem("a a - node", "", "(and)"), "declared twice"},
		{"constant again", problem("hub - node", "", "(and)"), "also a constant"},
		{"bad name", problem("1a - node", "", "(and)"), "not a valid name"},
		{"negative init", problem("a - node", "(not (at a))", "(and)"), "not a fact of a declared predicate"},
		{"derived init", problem("a - node", "(reach a a)", "(and)"), "derived, not given"},
		{"goal object", problem("a - node", "", "(at b)"), "neither a variable nor a declared object"},
		{"no goal", "(define (problem p) (:domain toy))", "want (:goal FORMULA)"},
		{"metric", "(define (problem p) (:domain toy) (:goal (and)) (:metric minimize (total-cost)))", "unsupported section"},
	}
	for _, tc := range tests {
		_, err := d.ParseProblem(tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestParsePlan(t *testing.T) {
	tests := []struct {
		src, want, err string
	}{
		{"((check checkbox-2) (move slider-1 by-m3) (submit))", "(check checkbox-2) (move slider-1 by-m3) (submit)", ""},
		{"(CHECK Checkbox-2)\n; a comment\n(submit)", "(check checkbox-2) (submit)", ""},
		{"()", "", ""},
		{"", "", ""},
		{"((check (x)))", "", "not a ground action"},
		{"(check x", "", "never closed"},
		{"check", "", "want (action object...)"},
	}
	for _, tc := range tests {
		steps, err := ParsePlan(tc.src)
		var got []string
		for _, s := range steps {
			got = append(got, s.String())
		}
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil || strings.Join(got, " ") != tc.want {
			t.Errorf("%q: %v, %v; want %s", tc.src, got, err, tc.want)
		}
	}
}

func TestInspect(t *testing.T) {
	d, p := parseToy(t)
	if got := d.Types(); got["node"] != "object" || got["light"] != "object" || got["object"] != "" {
		t.Errorf("types %v", got)
	}
	if got, ok := d.Parameters("swap"); !ok || strings.Join(got, ",") != "light,light" {
		t.Errorf("swap parameters %v %v", got, ok)
	}
	if got := d.Predicates()["edge"]; strings.Join(got, ",") != "node,node" {
		t.Errorf("edge takes %v", got)
	}
	if got := strings.Join(d.Derived(), ","); got != "reach" {
		t.Errorf("derived %s", got)
	}
	if got := strings.Join(d.Actions(), ","); got != "go,mark-all,refresh,swap" {
		t.Errorf("actions %s", got)
	}
	if got := strings.Join(p.Objects("node"), ","); got != "a,b,c,d,hub" {
		t.Errorf("nodes %s", got)
	}
	if len(p.Static()) != 3 || len(p.Init()) != 2 || p.Declared()["hub"] != "node" {
		t.Errorf("static %v, init %v", p.Static(), p.Init())
	}
}
