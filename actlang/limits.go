package actlang

import "errors"

// Limits on what the parser reads. Each keeps the time and memory a reply
// takes in proportion to its length, whatever a model writes.
const (
	// MaxReplyBytes is the longest reply read. A longer one is refused
	// whole: Plan.Err wraps ErrTooLong and nothing is parsed.
	MaxReplyBytes = 64 << 10
	// MaxSteps is the most steps a plan may have. A plan with more is
	// refused whole: Plan.Err wraps ErrTooManySteps.
	MaxSteps = 200
	// MaxStepBytes is the longest line read as one English step; a
	// longer line is an error. PDDL and JSON lines may be longer, since
	// a whole plan may sit on one line.
	MaxStepBytes = 512
	// MaxValue bounds the magnitude of a slider value or amount, and of
	// an ordinal; larger numbers are errors, not overflows.
	MaxValue = 1_000_000_000
	// maxJSONBlocks bounds how many lines starting with [ or { are tried
	// as the start of a JSON value running over several lines, so that a
	// reply of many such lines is not read again and again.
	maxJSONBlocks = 16
)

// Errors a Plan's Err or ParseNext's error wraps, for callers that tell
// the kinds of failure apart with errors.Is.
var (
	// ErrTooLong marks a reply longer than MaxReplyBytes.
	ErrTooLong = errors.New("reply too long")
	// ErrTooManySteps marks a plan of more than MaxSteps steps.
	ErrTooManySteps = errors.New("too many steps")
	// ErrEmpty marks a reply with nothing but spaces.
	ErrEmpty = errors.New("empty reply")
	// ErrNoSteps marks a reply in which no step or action could be read.
	ErrNoSteps = errors.New("no step")
	// ErrAmbiguous marks a reply, or a reference, that could mean more
	// than one thing: two different next actions, a label two elements
	// answer to, "the slider" on a form with two.
	ErrAmbiguous = errors.New("ambiguous")
)

// Errors a step's error wraps, for callers that tell the kinds of
// unreadable step apart.
var (
	// ErrUnknownElement marks a reference that names nothing on the form
	// and cannot be kept as written: a label no element has, given
	// without a noun that says its kind.
	ErrUnknownElement = errors.New("no such element")
	// ErrSyntax marks a step whose words, PDDL or JSON do not make an
	// action.
	ErrSyntax = errors.New("not an action")
	// ErrNotApplicable marks an action on an element of a kind it does
	// not apply to, such as typing into a checkbox.
	ErrNotApplicable = errors.New("action does not apply to that element")
)
