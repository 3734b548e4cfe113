// Package pddl writes formplan's forms and rows as PDDL: one domain per
// form family (Domain) and one problem per row (Problem); plans of ground
// actions, the plans_pddl column, are rendered by suites.PlanPDDL. Its
// sub-package interp reads and runs them without knowing anything of
// forms, and CheckRow checks a row's plans under the interpreter against
// what the simulator recorded.
//
//	dom := pddl.Domain(forms.Builtin("slider_checkboxes"))
//	prob, err := pddl.Problem(&q.Meta, "edge_case-12")
//	plan := suites.PlanPDDL(&q.Meta.Form, q.Meta.Plans[0]) // ((click checkbox-1) (move slider-1 by-m3) (submit))
//
// # Names
//
// Names depend on content, so a plan renders without its problem, and are
// valid PDDL whatever the labels: elements kind-ordinal (checkbox-3,
// radio-2, slider-1, textbox-2); slider values pos-3 and pos-m3 (m for a
// minus sign); move amounts by-2 and by-m2; texts empty for "", txt-<s>
// when s is only a-z and 0-9, otherwise txt-u-<lowercase hex of the UTF-8
// bytes of s>. Sink, txt-other, stands for every text outside a problem's
// set; the content "other" is therefore written in hex. A problem's
// comments give each element's label and id and each text's content.
//
// # Semantics
//
// The domains follow the browser, as statesim does (docs/PDDL.md has the
// details): a checkbox toggles on click; selecting a radio button
// unselects the rest of its group; slider sets and moves are clamped and
// snapped (static set-leads and move-leads facts give, per slider, where
// each value and move lead from each position); typing appends (static
// appends facts, with every text outside the problem's set going to Sink,
// which typing keeps there). Every effect is conditioned on (not
// (submitted)), so steps after Submit never happen, and, in a family with
// conditional elements, on the element being enabled (a derived predicate),
// so an action on a disabled element is valid and does nothing.
package pddl
