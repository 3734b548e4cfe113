package score

// Row is what gen score --per-row writes of one reply: a JSON line.
type Row struct {
	ID          string `json:"id"`
	Suite       string `json:"suite"`
	Model       string `json:"model"`
	PromptStyle string `json:"prompt_style,omitempty"`
	Setting     string `json:"setting,omitempty"`
	Rotation    int    `json:"rotation,omitempty"`
	// Extracted is the answer taken out of the reply, as the dataset
	// letters its options (a rotated reply's letter is mapped back), or
	// Yes or No; null when unparsed, and for an open-ended question,
	// whose measures are in Measures.
	Extracted *string `json:"extracted"`
	Answer    string  `json:"answer"` // the gold answer
	Correct   bool    `json:"correct"`
	// Strict is Correct under strict extraction (see ExtractStrict).
	Strict bool `json:"strict"`
	// Why says why the reply is unparsed.
	Why      string `json:"why,omitempty"`
	Measures *Open  `json:"measures,omitempty"`
}

// Row returns what --per-row writes of r.
func (r *Result) Row() Row {
	row := Row{ID: r.ID, Suite: r.Q.Suite, Model: r.Model, PromptStyle: r.PromptStyle, Setting: r.Setting,
		Rotation: r.Rotation, Answer: r.Q.Answer, Correct: r.Correct, Strict: r.Strict, Why: r.Why, Measures: r.Open}
	if r.Open == nil && r.Parsed {
		got := r.Got
		row.Extracted = &got
	}
	if r.Open != nil {
		row.Answer = "" // the gold plan or action is one of many right replies
	}
	return row
}
