package score

import (
	"math"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/suites"
)

// load writes every suite, 24 questions each, under protocol into a new
// directory (no pictures) and loads it.
func load(t *testing.T, protocol string) *Dataset {
	t.Helper()
	dir := t.TempDir()
	fixture.Write(t, dir, 2, 24, protocol)
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// scored scores the replies of responders to d, drawn from seed, under
// every rotation if circular.
func scored(t *testing.T, d *Dataset, seed uint64, circular bool, responders ...string) []Result {
	t.Helper()
	var replies []Reply
	for _, r := range responders {
		rs, err := Respond(d, r, seed, circular)
		if err != nil {
			t.Fatal(err)
		}
		replies = append(replies, rs...)
	}
	results, err := Score(d, replies)
	if err != nil {
		t.Fatal(err)
	}
	return results
}

func TestResponders(t *testing.T) {
	for _, protocol := range []string{"", suites.Paper} {
		d := load(t, protocol)
		if len(d.Order) != 24*len(fixture.TextOnly()) {
			t.Fatalf("%d questions", len(d.Order))
		}
		results := scored(t, d, 1, false, Responders...)
		for _, c := range Breakdown(results, []string{"suite", "family", "horizon", "order"}) {
			if c.Unparsed != 0 {
				t.Errorf("%s %v: %d unparsed", c.Model, c.Key, c.Unparsed)
			}
			if c.Model == "oracle" && c.Correct != c.N {
				t.Errorf("oracle %v: %d of %d", c.Key, c.Correct, c.N)
			}
			if (c.Model == "always-yes" || c.Model == "always-no") && c.Key["suite"] != "future_state" {
				t.Errorf("%s answers %v", c.Model, c.Key)
			}
			// Always Picture 1 is right exactly when the earlier picture
			// comes first: the whole order gap.
			if c.Model == "always-A" && c.Key["suite"] == "temporal_order" {
				want := map[string]int{suites.EarlierFirst: c.N, suites.LaterFirst: 0}[c.Key["order"]]
				if c.Correct != want {
					t.Errorf("always-A %v: %d of %d right", c.Key, c.Correct, c.N)
				}
			}
		}
	}
}

// TestCircular answers every rotation of every lettered question: the
// oracle stays right under all of them, always-A is right under exactly
// one rotation of each question and so never circularly, and replies
// that name the rotated letters are mapped back to the dataset's. Each
// rotation has cells of its own; the circular score sits on rotation 0's.
func TestCircular(t *testing.T) {
	results := scored(t, load(t, ""), 3, true, "oracle", "always-A", "random")
	alwaysA := map[string]int{} // suite and format -> right over every rotation
	circularN := map[string]int{}
	for _, c := range Breakdown(results, []string{"suite", "format"}) {
		su, _ := suites.Lookup(c.Key["suite"])
		rotatable := c.Key["suite"] != "future_state" && c.Key["format"] != "free" && !su.Open
		if !rotatable && c.Rotation != 0 {
			t.Fatalf("%s %v: rotation %d of a question without lettered options", c.Model, c.Key, c.Rotation)
		}
		if (c.Circular != nil) != (rotatable && c.Rotation == 0) {
			t.Fatalf("%s %v rotation %d: circular %+v", c.Model, c.Key, c.Rotation, c.Circular)
		}
		k := c.Key["suite"] + "/" + c.Key["format"]
		if c.Model == "always-A" && rotatable {
			alwaysA[k] += c.Correct
		}
		if c.Circular == nil {
			continue
		}
		if c.N != c.Circular.N {
			t.Errorf("%s %v: %d replies in rotation 0, %d questions answered in every rotation", c.Model, c.Key, c.N, c.Circular.N)
		}
		want := map[string]int{"oracle": c.Circular.N, "always-A": 0}
		if w, ok := want[c.Model]; ok && c.Circular.Correct != w {
			t.Errorf("%s %v: circular %d of %d, want %d", c.Model, c.Key, c.Circular.Correct, c.Circular.N, w)
		}
		if c.Model == "always-A" {
			circularN[k] = c.Circular.N
		}
	}
	if len(circularN) == 0 {
		t.Fatal("no circular scores")
	}
	for k, n := range circularN {
		// n rotations of n options: right once per question.
		if alwaysA[k] != n {
			t.Errorf("always-A %s: %d replies right over every rotation of %d questions", k, alwaysA[k], n)
		}
	}
	// The oracle's reply under rotation 1 names a shifted letter, which
	// scores right only because it is mapped back.
	for _, r := range results {
		if r.Model == "oracle" && r.Rotation == 1 && !strings.HasSuffix(r.Response, r.Q.Answer) && r.Correct {
			return
		}
	}
	t.Error("no rotated oracle reply differs from the dataset's letter")
}

func TestOrderGap(t *testing.T) {
	for _, protocol := range []string{"", suites.Paper} {
		gaps := OrderGaps(scored(t, load(t, protocol), 1, false, "oracle", "always-A"))
		if len(gaps) != 2 {
			t.Fatalf("%d gaps", len(gaps))
		}
		for _, g := range gaps {
			want := map[string]float64{"oracle": 0, "always-A": 1}[g.Model]
			if g.Gap != want || g.Low > want || g.High < want {
				t.Errorf("%s %q: gap %.3f [%.3f, %.3f], want %v", g.Model, protocol, g.Gap, g.Low, g.High, want)
			}
			if protocol == suites.Paper && (g.Items != 6 || g.Paired != want) {
				t.Errorf("%s paper: %d items, paired gap %.3f, want 6 items and %v", g.Model, g.Items, g.Paired, want)
			}
			if protocol == "" && g.Items != 0 {
				t.Errorf("%s: %d items paired without groups", g.Model, g.Items)
			}
		}
	}
}

func TestLabelKinds(t *testing.T) {
	for _, tc := range []struct{ label, kind string }{
		{"correct", KindCorrect},
		{"ends where the 2nd checkbox is checked", KindEndsWrong},
		{"step 3 cannot be done on this form", KindImpossible},
		{"never hits Submit", KindNoSubmit},
		{"the final states are the same", KindSameStates},
		{"the final states differ", KindDiffer},
		{"shown later in the run", KindLater},
		{`the screenshot shows otherwise: The checkbox "W7" is unchecked.`, KindMisread},
		{"something new", "something new"},
	} {
		if got := LabelKind(tc.label); got != tc.kind {
			t.Errorf("LabelKind(%q) = %q, want %q", tc.label, got, tc.kind)
		}
	}
	for _, c := range Choices(scored(t, load(t, ""), 1, false, "oracle")) {
		if c.Counts[KindCorrect] != c.N {
			t.Errorf("oracle on %s chose %v", c.Suite, c.Counts)
		}
	}
}

func TestScoreErrors(t *testing.T) {
	d := &Dataset{ByID: map[string]*Question{}}
	d.ByID["mc"] = &Question{ID: "mc", Answer: "A", Options: Options{Choices: []string{"x", "y", "z"}}}
	d.ByID["yn"] = &Question{ID: "yn", Answer: "Yes", Options: Options{Choices: []string{"Yes", "No"}, YesNo: true}}
	for _, tc := range []struct {
		replies []Reply
		want    string
	}{
		{[]Reply{{ID: "nope", Response: "A"}}, "no row with id nope"},
		{[]Reply{{ID: "mc", Response: "A", Model: "m"}, {ID: "mc", Response: "B", Model: "m"}}, `model "m" answers mc twice`},
		{[]Reply{{ID: "mc", Response: "A", Rotation: 3}}, "rotation 3: give 0 to 2"},
		{[]Reply{{ID: "mc", Response: "A", Rotation: -1}}, "rotation -1"},
		{[]Reply{{ID: "yn", Response: "Yes", Rotation: 1}}, "Yes/No question has no lettered options"},
	} {
		if _, err := Score(d, tc.replies); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Score(%+v): %v, want an error with %q", tc.replies, err, tc.want)
		}
	}
	// The same question in two rotations, or two prompt styles, is fine.
	if _, err := Score(d, []Reply{{ID: "mc", Response: "A"}, {ID: "mc", Response: "C", Rotation: 1}, {ID: "mc", Response: "A", PromptStyle: "cot"}}); err != nil {
		t.Error(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"{\"id\": \"x\", \"response\": \"A\"}\nnot json\n", "replies.jsonl:2"},
		{"{\"response\": \"A\"}\n", "no id"},
	} {
		if _, err := ReadReplies(strings.NewReader(tc.in), "replies.jsonl", "m"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadReplies(%q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
	rs, err := ReadReplies(strings.NewReader("{\"id\": \"x\", \"response\": \"A\"}\n\n{\"id\": \"y\", \"response\": \"B\", \"model\": \"other\"}\n"), "f", "default")
	if err != nil || len(rs) != 2 || rs[0].Model != "default" || rs[1].Model != "other" {
		t.Errorf("ReadReplies: %+v, %v", rs, err)
	}
}

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n     int
		lo, high float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.high) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.high)
		}
	}
}
