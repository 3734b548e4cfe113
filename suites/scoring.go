package suites

// Scoring is how a reply to a suite's question is judged (package score
// does the judging). The zero value is ByLetter.
type Scoring int

const (
	// ByLetter: the reply names one of the lettered options, by its
	// letter or its words; right when it names the answer.
	ByLetter Scoring = iota
	// ByYesNo: the reply is Yes or No, the two options.
	ByYesNo
	// ByOrder: the reply says which of two pictures came first, an option
	// like ByLetter's; score also measures how accuracy differs between
	// the rows that show the earlier picture first and second.
	ByOrder
	// ByPlan: the reply is a plan, run in the simulator from the pictured
	// start; right (optimal) when it meets the goal in the fewest steps.
	ByPlan
	// ByAction: the reply is the next action (text, JSON or a click
	// point); right (lenient) when it begins some shortest plan.
	ByAction
	// ByPoint: the reply is a click point in the screenshot's pixels;
	// right when it falls in the box of the element the question names
	// (Meta.Probe.Element).
	ByPoint
)

// Open reports whether replies are judged without options: a plan or an
// action or a point.
func (m Scoring) Open() bool { return m == ByPlan || m == ByAction || m == ByPoint }

// Options returns how many options every question scored this way has,
// whatever a run's --choices asks; 0 when --choices decides.
func (m Scoring) Options() int {
	if m == ByYesNo || m == ByOrder {
		return 2
	}
	return 0
}

// Measures names what score reports of replies judged this way, the
// main measure first: accuracy for a choice; optimal and success for a
// plan; lenient and strict for an action. The harness task files report
// the same measures.
func (m Scoring) Measures() []string {
	switch m {
	case ByPlan:
		return []string{"optimal", "success"}
	case ByAction:
		return []string{"lenient", "strict"}
	case ByPoint:
		return []string{"in_box"}
	}
	return []string{"accuracy"}
}
