package openenv

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/formplan/formplan/episode"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// client is a test's WebSocket session, over a real socket.
type client struct {
	t *testing.T
	c *websocket.Conn
}

func dial(t *testing.T, url string, header http.Header) (*client, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/ws", &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		return nil, resp, err
	}
	c.SetReadLimit(8 << 20)
	t.Cleanup(func() { c.CloseNow() })
	return &client{t, c}, resp, nil
}

// send writes a message and reads the reply.
func (c *client) send(typ string, data any) (string, map[string]any) {
	c.t.Helper()
	msg := map[string]any{"type": typ}
	if data != nil {
		msg["data"] = data
	}
	b, _ := json.Marshal(msg)
	return c.raw(b)
}

// raw writes b as it is and reads the reply.
func (c *client) raw(b []byte) (string, map[string]any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.c.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
	_, reply, err := c.c.Read(ctx)
	if err != nil {
		c.t.Fatalf("reading the reply to %s: %v", b, err)
	}
	var m struct {
		Type string         `json:"type"`
		Data map[string]any `json:"data"`
	}
	if err := json.Unmarshal(reply, &m); err != nil {
		c.t.Fatal(err)
	}
	return m.Type, m.Data
}

func newServer(t *testing.T, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	s := New(forms.Defaults(), nil, opt)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	return s, hs
}

var textOnly = []string{"text"}

// TestEpisodeOverWebSocket plays whole episodes over a real socket: the
// shortest plan, sent as BrowserGym clicks and fills, earns reward 1.
func TestEpisodeOverWebSocket(t *testing.T) {
	s, hs := newServer(t, Options{})
	c, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, fam := range forms.Defaults() {
		for seed := range 5 {
			typ, data := c.send("reset", map[string]any{"seed": seed, "family": fam.Name, "horizon": 1, "observe": textOnly})
			if typ != "observation" || data["done"] != false {
				t.Fatalf("reset: %s %v", typ, data)
			}
			// The solver of the test works from the simulator, as the
			// Python example works from what it observes.
			e := &env{s: s}
			e.reset(context.Background(), mustJSON(map[string]any{"seed": seed, "family": fam.Name, "horizon": 1, "observe": textOnly}))
			plan, err := statesim.NewEngine(&e.ep.Form).Shortest(e.ep.State, e.ep.Goal, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range append(plan, statesim.SubmitAction) {
				typ, data = c.send("step", map[string]any{"action": statesim.English(&e.ep.Form, a)})
				obs := data["observation"].(map[string]any)
				if typ != "observation" || obs["last_action_error"] != "" {
					t.Fatalf("%s: %s %v", statesim.English(&e.ep.Form, a), typ, data)
				}
			}
			if data["reward"] != 1.0 || data["done"] != true {
				t.Fatalf("%s seed %d: reward %v done %v", fam.Name, seed, data["reward"], data["done"])
			}
			typ, data = c.send("state", nil)
			if typ != "state" || data["step_count"] != float64(len(plan)+1) || data["done"] != true {
				t.Fatalf("state: %s %v", typ, data)
			}
			typ, data = c.send("step", map[string]any{"action": "noop()"})
			if typ != "error" || data["code"] != CodeEpisodeFinished {
				t.Fatalf("a step after the end: %s %v", typ, data)
			}
		}
	}
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// TestBadMessages sends what a broken client sends: each gets an error
// reply and the session goes on, but for a message that is no object.
func TestBadMessages(t *testing.T) {
	_, hs := newServer(t, Options{MaxBody: 4096})
	c, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		msg, code string
	}{
		{`{"type": "step", "data": {"action": "noop()"}}`, CodeNoEpisodeYet},
		{`{not json`, CodeInvalidJSON},
		{`{"type": "dance"}`, CodeUnknownType},
		{`{"type": "reset", "data": {"seed": 1, "horizn": 2}}`, CodeValidation},
		{`{"type": "reset", "data": {"seed": -1}}`, CodeValidation},
		{`{"type": "reset", "data": {"observe": ["text"]}}`, ""},
		{`{"type": "reset", "data": {"family": "radio_slider", "horizon": 9, "observe": ["text"]}}`, CodeValidation},
		{`{"type": "step", "data": {"action": "noop()"}}`, CodeNoEpisodeYet}, // a failed reset ends the episode before it
		{`{"type": "reset", "data": {"observe": ["text"]}}`, ""},
		{`{"type": "step", "data": {}}`, CodeValidation},
		{`{"type": "step", "data": {"action": "x", "action_str": "y"}}`, CodeValidation},
		{`{"type": "step", "data": {"action_str": "click('zz')", "metadata": {}}}`, ""},
		{`{"type": 7}`, CodeValidation},
	}
	for _, tc := range tests {
		typ, data := c.raw([]byte(tc.msg))
		if tc.code == "" {
			if typ != "observation" {
				t.Fatalf("%s: %s %v", tc.msg, typ, data)
			}
			continue
		}
		if typ != "error" || data["code"] != tc.code || data["message"] == "" {
			t.Fatalf("%s: %s %v, want error %s", tc.msg, typ, data, tc.code)
		}
	}
	// A message that is no object ends the session, as in OpenEnv.
	typ, data := c.raw([]byte(`[1, 2]`))
	if typ != "error" || data["code"] != CodeSession {
		t.Fatalf("an array: %s %v", typ, data)
	}
	if _, _, err := c.c.Read(context.Background()); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("after an array the session goes on: %v", err)
	}
	// A message over the limit closes the session with status 1009.
	c2, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	big := fmt.Sprintf(`{"type": "step", "data": {"action": %q}}`, strings.Repeat("x", 5000))
	c2.c.Write(context.Background(), websocket.MessageText, []byte(big))
	if _, _, err := c2.c.Read(context.Background()); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("a message over the limit: %v, want status 1009", err)
	}
}

// TestCapacity fills the server and checks the next session gets
// OpenEnv's capacity error and a closed socket, while the others go on.
func TestCapacity(t *testing.T) {
	s, hs := newServer(t, Options{MaxSessions: 2})
	a, _, _ := dial(t, hs.URL, nil)
	b, _, _ := dial(t, hs.URL, nil)
	a.send("state", nil)
	b.send("state", nil) // both registered
	c, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, reply, err := c.c.Read(context.Background())
	if err != nil || !strings.Contains(string(reply), CodeCapacity) || !strings.Contains(string(reply), `"max_sessions":2`) || !strings.Contains(string(reply), `"active_sessions":2`) {
		t.Fatalf("third session: %s %v", reply, err)
	}
	if _, _, err := c.c.Read(context.Background()); websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Fatalf("the refused session stays open: %v", err)
	}
	if typ, _ := a.send("reset", map[string]any{"observe": textOnly}); typ != "observation" {
		t.Fatal("a session stopped working once the server was full")
	}
	a.c.Close(websocket.StatusNormalClosure, "")
	waitFor(t, func() bool { return s.Sessions() == 1 })
	if d, _, err := dial(t, hs.URL, nil); err != nil {
		t.Fatal(err)
	} else if typ, _ := d.send("state", nil); typ != "state" {
		t.Fatal("a session after one closed was refused")
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for range 500 {
		if ok() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("timed out")
}

// TestTokenAndLimits checks bearer auth, the HTTP body limit and the
// idle timeout.
func TestTokenAndLimits(t *testing.T) {
	_, hs := newServer(t, Options{Token: "s3cret", MaxBody: 2048, IdleTimeout: 300 * time.Millisecond})
	for _, path := range []string{"/metadata", "/schema", "/state"} {
		resp, err := http.Get(hs.URL + path)
		if err != nil || resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("GET %s without a token: %v %v", path, resp.Status, err)
		}
	}
	if resp, err := http.Get(hs.URL + "/health"); err != nil || resp.StatusCode != 200 {
		t.Fatalf("health needs no token: %v", err)
	}
	if _, resp, err := dial(t, hs.URL, nil); err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a WebSocket without a token: %v", err)
	}
	auth := http.Header{"Authorization": {"Bearer s3cret"}}
	req, _ := http.NewRequest("POST", hs.URL+"/reset", strings.NewReader(`{"seed": 1, "observe": ["text"], "family": "`+strings.Repeat("a", 4000)+`"}`))
	req.Header = auth
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("a body over the limit: %v %v", resp.Status, err)
	}
	c, _, err := dial(t, hs.URL, auth)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, _, err = c.c.Read(context.Background())
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation || time.Since(start) > 5*time.Second {
		t.Fatalf("an idle session: %v after %s", err, time.Since(start))
	}
}

// TestHTTP checks the stateless endpoints: a reset, and a step that
// replays its reset and earlier actions.
func TestHTTP(t *testing.T) {
	_, hs := newServer(t, Options{})
	post := func(path, body string) (int, map[string]any) {
		resp, err := http.Post(hs.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		json.NewDecoder(resp.Body).Decode(&m)
		return resp.StatusCode, m
	}
	code, a := post("/reset", `{"seed": 4, "family": "checkboxes", "observe": ["text"]}`)
	_, b := post("/reset", `{"seed": 4, "family": "checkboxes", "observe": ["text"]}`)
	if code != 200 || fmt.Sprint(a) != fmt.Sprint(b) || a["done"] != false {
		t.Fatalf("two resets of one seed: %d %v %v", code, a, b)
	}
	code, m := post("/step", `{"action": {"action": "noop()"}, "reset": {"seed": 4, "family": "checkboxes", "observe": ["text"]}, "before": [{"action": "noop()"}]}`)
	if code != 200 || m["observation"].(map[string]any)["step"] != 2.0 {
		t.Fatalf("step: %d %v", code, m)
	}
	if code, m = post("/step", `{"reset": {"observe": ["text"]}}`); code != 422 {
		t.Fatalf("a step without an action: %d %v", code, m)
	}
	resp, _ := http.Get(hs.URL + "/schema")
	var schema map[string]any
	json.NewDecoder(resp.Body).Decode(&schema)
	for _, k := range []string{"action", "observation", "state"} {
		if schema[k] == nil {
			t.Errorf("the schema has no %s", k)
		}
	}
}

// TestDrainAndNoLeaks opens sessions, drains the server, and checks every
// session's goroutines are gone and new sessions are refused.
func TestDrainAndNoLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	s, hs := newServer(t, Options{})
	var cs []*client
	for range 20 {
		c, _, err := dial(t, hs.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.send("reset", map[string]any{"observe": textOnly})
		cs = append(cs, c)
	}
	// Clients read while the server drains, as real ones do.
	closed := make(chan error, len(cs))
	for _, c := range cs {
		go func() {
			_, _, err := c.c.Read(context.Background())
			closed <- err
		}()
	}
	time.Sleep(50 * time.Millisecond) // the readers wait in Read
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Drain(ctx); err != nil || s.Sessions() != 0 {
		t.Fatalf("drain: %v, %d sessions left", err, s.Sessions())
	}
	for range cs {
		if err := <-closed; websocket.CloseStatus(err) != websocket.StatusGoingAway {
			t.Fatalf("a drained session: %v", err)
		}
	}
	for _, c := range cs {
		c.c.CloseNow()
	}
	c, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, reply, _ := c.c.Read(context.Background()); !strings.Contains(string(reply), CodeShuttingDown) {
		t.Fatalf("a session after the drain: %s", reply)
	}
	c.c.CloseNow()
	hs.CloseClientConnections()
	hs.Close()
	http.DefaultClient.CloseIdleConnections()
	waitFor(t, func() bool { return runtime.NumGoroutine() <= before+2 })
}

// FuzzHandle drives the message decoder with arbitrary bytes: it must
// answer or end the session, never panic.
func FuzzHandle(f *testing.F) {
	for _, seed := range []string{`{"type":"reset","data":{"seed":1,"observe":["text"]}}`, `{"type":"step","data":{"action":"click('e0')"}}`, `{"type":"state"}`, `[]`, `{`, `{"type":"step","data":{"action":"fill('e1', 'x\\n')"}}`} {
		f.Add([]byte(seed))
	}
	s := New(forms.Defaults(), nil, Options{})
	f.Fuzz(func(t *testing.T, b []byte) {
		e := &env{s: s}
		e.reset(context.Background(), mustJSON(map[string]any{"seed": 1, "observe": textOnly}))
		out, end := s.handle(context.Background(), e, websocket.MessageText, b)
		if out.Type == "" && !end {
			t.Fatalf("%q: no reply and the session goes on", b)
		}
	})
}

// slowPainter paints a blank picture after a pause: a step that takes a
// while to answer.
type slowPainter struct{ pause time.Duration }

func (p slowPainter) Paint(context.Context, *forms.Form, statesim.State, string, render.Pose) (episode.Picture, error) {
	time.Sleep(p.pause)
	return episode.Picture{PNG: []byte("\x89PNG"), Width: 160, Height: 210, Scale: 1}, nil
}

// TestIdleFromReply requires the idle timeout to run from a reply to the
// next message: answers that each take longer than the timeout do not end
// the session, and silence after a reply does.
func TestIdleFromReply(t *testing.T) {
	s := New(forms.Defaults(), slowPainter{pause: 300 * time.Millisecond}, Options{IdleTimeout: 200 * time.Millisecond})
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	c, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	if typ, data := c.send("reset", map[string]any{"seed": 1, "family": "checkboxes", "observe": []string{"screenshot"}}); typ != "observation" {
		t.Fatalf("reset: %s %v", typ, data)
	}
	for range 2 {
		if typ, data := c.send("step", map[string]any{"action": "noop()"}); typ != "observation" {
			t.Fatalf("a step answered in more than the idle timeout: %s %v", typ, data)
		}
	}
	_, _, err = c.c.Read(context.Background())
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("a session silent after its reply: %v, want closed as idle", err)
	}
}
