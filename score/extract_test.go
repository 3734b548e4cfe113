package score

import "testing"

func TestExtract(t *testing.T) {
	mcq := Options{Choices: []string{"1. Click HZ\n2. Hit Submit", "1. Hit Submit", "1. Check Br\n2. Hit Submit", "1. Uncheck Br\n2. Hit Submit"}}
	pics := Options{Choices: []string{"Picture 1", "Picture 2"}}
	yn := Options{Choices: []string{"Yes", "No"}, YesNo: true}
	tests := []struct {
		reply string
		o     Options
		want  string // "" for unparsed
	}{
		{"D", mcq, "D"},
		{"D.", mcq, "D"},
		{"(D)", mcq, "D"},
		{"**D**", mcq, "D"},
		{" d ", mcq, "D"},
		{"[C]", mcq, "C"},
		{"Answer: D", mcq, "D"},
		{"The answer is D.", mcq, "D"},
		{"D. 1. Click HZ", mcq, "D"},
		{"A. 1. Click HZ\n2. Hit Submit", mcq, "A"},
		{"Option B", mcq, "B"},
		{"Plan C.", mcq, "C"},
		{"I compare each plan.\nA leaves Br unchecked.\nAnswer: C", mcq, "C"},
		{"Answer: A\nWait, A misses Br.\nAnswer: B", mcq, "B"},
		{"REASONING: A fails, B never submits.\nOUTPUT: D", mcq, "D"},
		{"REASONING: ...\nOUTPUT CHOICE: **B**", mcq, "B"},
		{"Final answer: (A)", mcq, "A"},
		{"Answer: D, because it checks Br", mcq, "D"},
		{"Answer: A or B", mcq, ""},
		{"Answer: A, C", mcq, ""},
		{"A/B", mcq, ""},
		{"I cannot tell from the picture.", mcq, ""},
		{"", mcq, ""},
		{"Answer: E", mcq, ""},
		{"Answer:", mcq, ""},
		{"a plan that checks Br", mcq, ""},
		{"Picture 1", pics, "A"},
		{"picture 2.", pics, "B"},
		{"Answer: Picture 2", pics, "B"},
		{"OUTPUT: \"Picture 1\"", pics, "A"},
		{"B", pics, "B"},
		{"Both pictures look alike.", pics, ""},
		{"Yes", yn, "Yes"},
		{"no.", yn, "No"},
		{"**Yes**", yn, "Yes"},
		{"Answer: No", yn, "No"},
		{"REASONING: Plan A leaves the slider at 4.\nOUTPUT: Yes", yn, "Yes"},
		{"No, the sliders differ.", yn, "No"},
		{"Yes or no?", yn, ""},
		{"Maybe", yn, ""},
		{"The answer is yes.", yn, "Yes"},
	}
	for _, tt := range tests {
		got, ok := Extract(tt.reply, tt.o)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("Extract(%q) = %q, %v; want %q", tt.reply, got, ok, tt.want)
		}
	}
}
