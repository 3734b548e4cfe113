package publish

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/score"
)

// python returns a Python 3 interpreter for the tests that run the
// harness helpers; make test installs Debian's.
func python(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("no python3: run make test, which installs it")
	}
	return p
}

// replyCorpus returns replies that probe every rule of score.Extract:
// the replies of the issue that found lmms-eval's exact match wrong, and
// random mixes of markers, letters, option texts, decorations, Yes/No
// and prose.
func replyCorpus(choices []string, n int) []string {
	out := []string{
		"D", "D.", "(D)", "**D**", "Answer: D", "The answer is D.", "D. 1. Click HZ", " d ", "[C]",
		"Answer: A or B", "A/B", "Answer:", "a plan that checks Br", "Option B", "Plan C.",
		"Picture 1", "picture 2.", "OUTPUT: \"Picture 1\"", "Yes", "no.", "**Yes**", "Yes or no?",
		"REASONING: Plan A leaves the slider at 4.\nOUTPUT: Yes", "No, the sliders differ.",
		"Answer: A\nWait, A misses Br.\nAnswer: B", "Final answer: (A)", "Answer：B", "answer is C",
		"The correct option is (B)", "OUTPUT CHOICE: **B**", "Answer: D, because it checks Br",
		"Final answer: \\boxed{B}", "$\\boxed{C}$", "\\boxed{\\text{D}}", `{"answer": "B"}`, "```json\n{\"answer\": \"C\"}\n```",
		"Picture 1 was taken earlier.", "The first picture", "the second picture came first", "Picture 1 or Picture 2",
		"The 3rd plan", "The first option, because B fails", "Picture 12",
	}
	pieces := []string{
		"Answer:", "answer: ", "Final answer: ", "OUTPUT: ", "OUTPUT CHOICE:", "The answer is ", "the plan is ",
		"A", "B", "C", "D", "E", "a", "b", "(A)", "(B)", "**C**", "[D]", "B.", "C)", "Option ", "Plan ",
		"Yes", "No", "yes.", "no,", "maybe", "Picture 1", "picture 2", "\n", " ", "  ", ".", ",", "\u2014", "\u2013",
		"\"", "\u201c", "\u201d", "`", "__", "*", "'", "because ", "it checks Br", "Hit Submit", "1. ", "\u00a0", "\t",
		"caf\u00e9", "\u00c9", "\uff1a", "answer", "is", " or ", "/",
		"\\boxed{", "}", "{", "\\text{", "$", `{"answer": "`, `"}`, `"final_answer": "`, `", "answer": "`,
		"The first ", "the second ", "3rd ", "picture", "option", "one", "image", " was taken earlier", " -> ",
	}
	pieces = append(pieces, choices...)
	rng := rand.New(rand.NewPCG(7, 7))
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(5) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		out = append(out, b.String())
	}
	return out
}

// TestPythonExtractMatchesGo runs utils.py's extract and extract_strict,
// which the lmms-eval tasks score with, on 24,000 replies and checks that
// they take out exactly what gen score's Extract and ExtractStrict do.
func TestPythonExtractMatchesGo(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "utils.py"), []byte(lmmsUtils), 0o644); err != nil {
		t.Fatal(err)
	}
	type testCase struct {
		Reply   string   `json:"reply"`
		Choices []string `json:"choices"`
		YesNo   bool     `json:"yes_no"`
		Want    *string  `json:"want"`
		Strict  *string  `json:"strict"`
	}
	var cases []testCase
	for _, o := range []score.Options{
		{Choices: []string{"1. Click HZ\n2. Hit Submit", "1. Hit Submit", "1. Check Br\n2. Hit Submit", "1. Uncheck Br\n2. Hit Submit"}},
		{Choices: []string{"Picture 1", "Picture 2"}},
		{Choices: []string{"Yes", "No"}, YesNo: true},
		{Choices: []string{"1. Type \"caf\u00e9\" into the 1st textbox\n2. Hit Submit", "1. Hit Submit", "1. Move the slider handle left by 9\n2. Hit Submit"}},
	} {
		for _, r := range replyCorpus(o.Choices, 6000) {
			c := testCase{Reply: r, Choices: o.Choices, YesNo: o.YesNo}
			if got, ok := score.Extract(r, o); ok {
				c.Want = &got
			}
			if got, ok := score.ExtractStrict(r, o); ok {
				c.Strict = &got
			}
			cases = append(cases, c)
		}
	}
	raw, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "cases.json")
	if err := os.WriteFile(in, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `
import json, sys
sys.path.insert(0, sys.argv[1])
import utils
bad = 0
cases = json.load(open(sys.argv[2], encoding="utf-8"))
for c in cases:
    got = utils.extract(c["reply"], c["choices"], c["yes_no"])
    strict = utils.extract_strict(c["reply"], c["choices"], c["yes_no"])
    if got != c["want"] or strict != c["strict"]:
        bad += 1
        if bad <= 20:
            print("MISMATCH", json.dumps(c["reply"]), json.dumps(c["choices"]), "python", json.dumps([got, strict]), "go", json.dumps([c["want"], c["strict"]]))
print("checked", len(cases), "mismatches", bad)
`
	out, err := exec.Command(python(t), "-c", script, dir, in).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "mismatches 0\n") {
		t.Errorf("utils.extract differs from score.Extract:\n%s", out)
	}
	parsed, strict := 0, 0
	for _, c := range cases {
		if c.Want != nil {
			parsed++
		}
		if c.Strict != nil {
			strict++
		}
	}
	if len(cases) < 20000 || strict == 0 || strict == parsed {
		t.Errorf("%d replies, %d parsed, %d strictly: the corpus does not probe strict and lenient apart", len(cases), parsed, strict)
	}
	// The corpus must exercise both outcomes, not only one.
	if parsed < len(cases)/10 || parsed > len(cases)*9/10 {
		t.Errorf("%d of %d replies parsed: the corpus does not probe both ways", parsed, len(cases))
	}
	t.Logf("%s%d of %d parsed, %d strictly", out, parsed, len(cases), strict)
}
