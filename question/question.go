// Package question holds the contract between the builders and everything
// downstream: a Question, as a row asks it, and its Meta, the structured
// record from which every label can be recomputed without this program.
// Builders (package suites) make them; the pipeline, checkers, scorers,
// readers of the text alone and writers read them.
package question

import (
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Question is the contract between the builders and everything downstream
// (prompts, pictures, files). Every label in it was computed by statesim and
// can be recomputed from Meta alone.
type Question struct {
	Suite     string
	Family    string
	Index     int64
	Group     int64    // index of the first row asking about the same item (Index for a row of its own)
	Horizon   int      // what it counts depends on the suite: see Suite.Horizon
	Task      string   // the instruction, empty where the suite has none
	Question  string   // the question asked, without prompt framing
	Choices   []string // option texts, in display order
	Answer    string   // a letter, or exactly Yes or No; open-ended suites: the gold reply
	AnswerIdx int      // index of the answer in Choices (open-ended suites: 0)
	Labels    []string // per choice: "correct" or what is wrong with it
	History   string   // English of the actions that produced the start state
	Caption   string   // exact text description of the (first) pictured state
	// ImageNeeded reports whether the answer would differ for some other
	// start state the family can produce.
	ImageNeeded bool
	// PromptInstruct and PromptCoT frame Question for a model: answer only,
	// or reasoning then a final "Answer:" line.
	PromptInstruct string
	PromptCoT      string
	Meta           Meta
}

// Meta is the structured record of a question: enough to re-simulate it
// without this program. Its JSON form is documented in docs/SCHEMA.md.
type Meta struct {
	Form     forms.Form          `json:"form"`
	Start    statesim.State      `json:"start"`
	History  []statesim.Action   `json:"history"`
	Goal     *statesim.Goal      `json:"goal"`
	Plans    [][]statesim.Action `json:"plans"`    // one per choice in display order; future_state: A and B; temporal_order: the run pictured; open-ended suites: a shortest plan
	Finals   []statesim.State    `json:"finals"`   // per plan, the state just before Submit; null if the plan is invalid
	Valid    []bool              `json:"valid"`    // per plan, whether every step before Submit applies
	Pictures []statesim.State    `json:"pictures"` // the states shown, in order
	// Starts holds the candidate start states: for a multiple-choice
	// question, per option in display order, the start from which that
	// option and no other is correct (the pictured one is Start); for
	// future_state, a start where the plans agree and one where they differ.
	Starts   []statesim.State `json:"starts,omitempty"`
	Answer   string           `json:"answer"`
	Order    string           `json:"order,omitempty"`  // temporal_order: "earlier_first" or "later_first"
	Format   string           `json:"format,omitempty"` // temporal_order: "mcq" or "free"
	Distance []int            `json:"distance,omitempty"`
	// Protocol is "paper" for a row made under the seed paper's settings.
	Protocol string `json:"protocol,omitempty"`
	// Optimal is the length of a shortest plan from Start to the goal,
	// Submit not counted (plan_generation, next_action).
	Optimal int `json:"optimal,omitempty"`
	// Chance is the most a reader of the text alone can score, by
	// construction (plan_generation: naming the unmet wants, 1/C(W,h);
	// next_action: a lenient match).
	Chance float64 `json:"chance,omitempty"`
	// Origin is next_action's state before the steps already taken
	// (History), which lead from it to Start.
	Origin statesim.State `json:"origin,omitempty"`
	// Next lists next_action's lenient set over the form's vocabulary:
	// every action that begins a shortest plan from Start.
	Next []statesim.Action `json:"next,omitempty"`
	// Probe is what a perception probe asks (suites perception and
	// probes); nil on every other row.
	Probe *Probe `json:"probe,omitempty"`
	// Bar is the task the pictures' instruction bar shows where the row
	// has none of its own: a paired probe shows its planning row's
	// picture, task and all. The row's words never include it.
	Bar string `json:"bar,omitempty"`
	// Look is how the row's pictures show its item, on a row of a
	// variant group (gen --variants); nil on every other row.
	Look *Look `json:"look,omitempty"`
}

// The kinds of perception probe. Yes/No probes (Checked, Selected,
// Enabled, Empty, Holds) ask whether an element of the first picture is
// as the question words it; the others ask which of the options the
// element shows.
const (
	ProbeChecked  = "checked"  // a checkbox: checked or unchecked
	ProbeSelected = "selected" // a radio button: selected or not
	ProbeEnabled  = "enabled"  // a conditional element: enabled or disabled
	ProbeEmpty    = "empty"    // a text box: empty or not
	ProbeHolds    = "holds"    // a slider or text box: at Value, or holding it
	ProbeMember   = "member"   // a radio group: which member is selected
	ProbeSlider   = "slider"   // a slider: which value it shows
	ProbeText     = "text"     // a text box: which text it holds

	// Grounding probes (suite grounding) ask for a click point on the one
	// element of its kind the picture shows in a state: Element is it.
	GroundChecked  = "ground_checked"  // the one checkbox checked
	GroundSelected = "ground_selected" // the one radio button selected
	GroundText     = "ground_text"     // the one text box holding Value
)

// Probe is the record of a perception probe: which element of which
// picture it asks about, and how, so that its answer can be recomputed
// from the row's form and pictured state alone.
type Probe struct {
	Kind    string `json:"kind"`    // one of the Probe* kinds
	Element string `json:"element"` // the element's id (ProbeMember: a member of the group)
	// Negated marks a Yes/No probe worded against the state it names
	// ("unchecked", "disabled", "not empty"): the answer is Yes when the
	// element is not checked, enabled, empty, or at Value.
	Negated bool `json:"negated,omitempty"`
	// Value is what ProbeHolds asks about: a slider value in decimal, or
	// a text; for GroundText, the text the named box holds.
	Value string `json:"value,omitempty"`
	// Decisive marks, on a paired probe (suite probes), an element whose
	// value in the picture decides the answer of the planning row the
	// probe is paired with: it differs between the pictured start and
	// another start of that row's metadata, or the row's task names it.
	Decisive bool `json:"decisive,omitempty"`
}

// Letters are the option letters.
const Letters = "ABCDEFGH"
