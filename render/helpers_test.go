package render

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// testHead is the MiniWoB-like style sheet and script of the tests.
var testHead = mustRead("testdata/head.html")

func mustRead(name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// newRenderer starts a Renderer for a test with testHead, and closes it at
// the end of the test. Without Chromium, the test fails with the message
// of FindChrome.
func newRenderer(tb testing.TB, opt Options) *Renderer {
	tb.Helper()
	if opt.Head == "" {
		opt.Head = testHead
	}
	r, err := New(context.Background(), opt)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := r.Close(); err != nil {
			tb.Error(err)
		}
	})
	return r
}

// label returns a random MiniWoB label: 2 to 7 letters and digits.
func label(rng *rand.Rand) string {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, 2+rng.IntN(6))
	for i := range b {
		b[i] = chars[rng.IntN(len(chars))]
	}
	return string(b)
}

// formJobs returns n MiniWoB-like forms of 160 x 210 CSS px: a query, some
// checkboxes and radio buttons (all named "opt"), a text box, a slider with
// its printed value and a submit button, each in a random state, and the
// state that each form's elements must read back as.
func formJobs(n int, seed uint64) ([]Job, []map[string]state) {
	rng := rand.New(rand.NewPCG(seed, 1))
	jobs := make([]Job, n)
	states := make([]map[string]state, n)
	for i := range jobs {
		st := map[string]state{"submit": {}}
		var b strings.Builder
		fmt.Fprintf(&b, `<div id="wrap"><div id="query">Select %s, %s and click Submit.</div><div id="area">`, label(rng), label(rng))
		for k := range 2 + rng.IntN(2) {
			c := rng.IntN(2) == 0
			id := fmt.Sprintf("cb%d", k)
			st[id] = state{Checked: c}
			fmt.Fprintf(&b, `<label><input type="checkbox" data-el="%s" data-kind="checkbox"%s>%s</label><br>`, id, checked(c), label(rng))
		}
		r := rng.IntN(3)
		for k := range 3 {
			id := fmt.Sprintf("r%d", k)
			st[id] = state{Checked: k == r}
			fmt.Fprintf(&b, `<label><input type="radio" name="opt" data-el="%s" data-kind="radio"%s>%s</label>`, id, checked(k == r), label(rng))
		}
		text := fmt.Sprintf("job%d", i)
		v := fmt.Sprint(rng.IntN(11))
		st["t"] = state{Value: text}
		st["s"] = state{Value: v, Shown: v}
		fmt.Fprintf(&b, `<br><input type="text" data-el="t" data-kind="textbox" value="%s"><br>`+
			`<input type="range" min="0" max="10" value="%s" data-el="s" data-kind="slider"><span data-value-for="s">%s</span><br>`+
			`<button class="secondary-action" data-el="submit" data-kind="submit">Submit</button></div></div>`,
			text, v, v)
		jobs[i] = Job{HTML: b.String(), Width: 160, Height: 210}
		states[i] = st
	}
	return jobs, states
}

func checked(c bool) string {
	if c {
		return " checked"
	}
	return ""
}

// checkStates reports the elements of results that differ from states.
func checkStates(t *testing.T, results []Result, states []map[string]state) {
	t.Helper()
	if len(results) != len(states) {
		t.Fatalf("%d results, want %d", len(results), len(states))
	}
	for i, res := range results {
		got := elementStates(res.Elements)
		if len(got) != len(states[i]) {
			t.Errorf("job %d: %d elements, want %d", i, len(got), len(states[i]))
		}
		for id, want := range states[i] {
			if g, ok := got[id]; !ok || g != want {
				t.Errorf("job %d: %s = %+v, want %+v", i, id, g, want)
			}
		}
	}
}
