package score

import "testing"

func TestExtract(t *testing.T) {
	mcq := Options{Choices: []string{"1. Click HZ\n2. Hit Submit", "1. Hit Submit", "1. Check Br\n2. Hit Submit", "1. Uncheck Br\n2. Hit Submit"}}
	pics := Options{Choices: []string{"Picture 1", "Picture 2"}}
	yn := Options{Choices: []string{"Yes", "No"}, YesNo: true}
	tests := []struct {
		reply  string
		o      Options
		want   string // "" for unparsed
		strict string // under ExtractStrict
	}{
		{"D", mcq, "D", "D"},
		{"D.", mcq, "D", "D"},
		{"(D)", mcq, "D", "D"},
		{"**D**", mcq, "D", "D"},
		{" d ", mcq, "D", "D"},
		{"[C]", mcq, "C", "C"},
		{"Answer: D", mcq, "D", "D"},
		{"The answer is D.", mcq, "D", ""},
		{"D. 1. Click HZ", mcq, "D", ""}, // D with A's text: not strict
		{"A. 1. Click HZ\n2. Hit Submit", mcq, "A", "A"},
		{"Option B", mcq, "B", "B"},
		{"Plan C.", mcq, "C", "C"},
		{"I compare each plan.\nA leaves Br unchecked.\nAnswer: C", mcq, "C", "C"},
		{"Answer: A\nWait, A misses Br.\nAnswer: B", mcq, "B", "B"},
		{"REASONING: A fails, B never submits.\nOUTPUT: D", mcq, "D", "D"},
		{"REASONING: ...\nOUTPUT CHOICE: **B**", mcq, "B", "B"},
		{"Final answer: (A)", mcq, "A", "A"},
		{"Answer: D, because it checks Br", mcq, "D", ""},
		{"Answer: A or B", mcq, "", ""},
		{"Answer: A, C", mcq, "", ""},
		{"A/B", mcq, "", ""},
		{"I cannot tell from the picture.", mcq, "", ""},
		{"", mcq, "", ""},
		{"Answer: E", mcq, "", ""},
		{"Answer:", mcq, "", ""},
		{"a plan that checks Br", mcq, "", ""},
		// LaTeX and JSON, as reasoning models end a reply.
		{`Final answer: \boxed{B}`, mcq, "B", "B"},
		{`A fails at step 2, so the plan is C: $\boxed{C}$`, mcq, "C", "C"},
		{`\boxed{\text{D}}`, mcq, "D", "D"},
		{"Answer: A\nOn reflection, \\boxed{B}", mcq, "B", "B"},
		{`\boxed{B}` + "\nAnswer: C", mcq, "C", "C"},
		{`\boxed{A or B}`, mcq, "", ""},
		{`{"answer": "B"}`, mcq, "B", "B"},
		{"```json\n{\"reasoning\": \"A fails\", \"answer\": \"C\"}\n```", mcq, "C", "C"},
		{`{"Answer": "Picture 2"}`, pics, "B", "B"},
		{`{"answer": ""}`, mcq, "", ""},
		{"The first option", mcq, "A", ""},
		{"The 3rd plan checks Br.", mcq, "C", ""},
		{"The fifth option", mcq, "", ""},
		{"Picture 1", pics, "A", "A"},
		{"picture 2.", pics, "B", "B"},
		{"Answer: Picture 2", pics, "B", "B"},
		{"OUTPUT: \"Picture 1\"", pics, "A", "A"},
		{"B", pics, "B", "B"},
		{"Both pictures look alike.", pics, "", ""},
		{"Picture 1 was taken earlier.", pics, "A", ""},
		{"Picture 2 came first: its box is still unchecked.", pics, "B", ""},
		{"The first picture", pics, "A", ""},
		{"The second picture was taken earlier.", pics, "B", ""},
		{"Picture 1 or Picture 2", pics, "", ""},
		{"Picture 12", pics, "", ""},
		{"The first picture", mcq, "", ""}, // no picture among the options
		{"Yes", yn, "Yes", "Yes"},
		{"no.", yn, "No", "No"},
		{"**Yes**", yn, "Yes", "Yes"},
		{"Answer: No", yn, "No", "No"},
		{"REASONING: Plan A leaves the slider at 4.\nOUTPUT: Yes", yn, "Yes", "Yes"},
		{"No, the sliders differ.", yn, "No", ""},
		{`\boxed{Yes}`, yn, "Yes", "Yes"},
		{`{"answer": "no"}`, yn, "No", "No"},
		{"Yes or no?", yn, "", ""},
		{"Maybe", yn, "", ""},
		{"The answer is yes.", yn, "Yes", ""},
	}
	for _, tt := range tests {
		got, ok := Extract(tt.reply, tt.o)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("Extract(%q) = %q, %v; want %q", tt.reply, got, ok, tt.want)
		}
		strict, ok := ExtractStrict(tt.reply, tt.o)
		if strict != tt.strict || ok != (tt.strict != "") {
			t.Errorf("ExtractStrict(%q) = %q, %v; want %q", tt.reply, strict, ok, tt.strict)
		}
		if e := explain(tt.reply, tt.o); (e.Why == "") != (tt.want != "") {
			t.Errorf("explain(%q): why %q with answer %q", tt.reply, e.Why, e.Lenient)
		}
	}
}
