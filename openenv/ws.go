package openenv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// session is one WebSocket connection and its environment.
type session struct {
	cancel context.CancelFunc
}

// message is what a client sends: a type and its data.
type message struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// outgoing is what the server sends.
type outgoing struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

// ws serves one WebSocket session: one environment for the connection's
// life. A message that cannot be read or done gets an error reply and the
// session goes on; close ends it, as does an idle timeout or a drain.
func (s *Server) ws(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	c.SetReadLimit(s.opt.MaxBody)
	ctx, cancel := context.WithCancel(context.Background())
	ss := &session{cancel: cancel}
	s.mu.Lock()
	switch {
	case s.draining:
		s.mu.Unlock()
		cancel()
		s.refuse(c, errorBody{Message: "the server is shutting down: connect to another replica", Code: CodeShuttingDown}, websocket.StatusGoingAway)
		return
	case len(s.sessions) >= s.opt.MaxSessions:
		n := len(s.sessions)
		s.mu.Unlock()
		cancel()
		s.refuse(c, errorBody{Message: fmt.Sprintf("the server holds %d sessions, its most: try again later or another replica", n),
			Code: CodeCapacity, ActiveSessions: n, MaxSessions: s.opt.MaxSessions}, websocket.StatusTryAgainLater)
		return
	}
	s.sessions[ss] = struct{}{}
	s.wg.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.sessions, ss)
		s.mu.Unlock()
		cancel()
		s.wg.Done()
	}()
	s.serveSession(ctx, c, s.newEnv(), func(status websocket.StatusCode, why string) {
		// The slot is free before the client hears the close: a client
		// that reconnects as soon as its session is closed (idle) gets a
		// new one, not CAPACITY_REACHED.
		s.mu.Lock()
		delete(s.sessions, ss)
		s.mu.Unlock()
		c.Close(status, why)
	})
}

// refuse sends one error and closes c with status.
func (s *Server) refuse(c *websocket.Conn, eb errorBody, status websocket.StatusCode) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if b, err := json.Marshal(outgoing{Type: "error", Data: eb}); err == nil {
		c.Write(ctx, websocket.MessageText, b)
	}
	c.Close(status, eb.Code)
}

// closing is how a session ends: the close frame's status and reason.
type closing struct {
	status websocket.StatusCode
	why    string
}

// serveSession answers the session's messages until it ends, then closes
// the connection with finish. One goroutine reads each message, answers
// it and writes the reply, in turn: handing each message from a reading
// goroutine to an answering one cost a fifth of the text steps' rate. This
// goroutine watches the idle timer and the server's shutdown, and ends
// the session for them between two messages, with a close frame (a read
// canceled midway would drop it); it returns once the answering goroutine
// has ended.
func (s *Server) serveSession(ctx context.Context, c *websocket.Conn, e environment, finish func(websocket.StatusCode, string)) {
	var mu sync.Mutex // held while a message is answered
	stopping := false // set under mu: answer no more messages
	idle := time.NewTimer(s.opt.IdleTimeout)
	defer idle.Stop()
	ended := make(chan closing, 1)
	go func() { ended <- s.answer(ctx, c, e, idle, &mu, &stopping) }()
	var end closing
	select {
	case end = <-ended:
		finish(end.status, end.why)
		return
	case <-ctx.Done():
		end = closing{websocket.StatusGoingAway, "the server is shutting down"}
	case <-idle.C:
		end = closing{websocket.StatusPolicyViolation, fmt.Sprintf("idle for %s", s.opt.IdleTimeout)}
	}
	mu.Lock() // a message being answered is answered first
	stopping = true
	mu.Unlock()
	finish(end.status, end.why) // the close ends the read the answering goroutine waits in
	<-ended
}

// answer reads and answers messages until the connection fails or
// closes, the session ends or stopping is set, and says how the session
// ends. idle runs between a reply and the next message.
func (s *Server) answer(ctx context.Context, c *websocket.Conn, e environment, idle *time.Timer, mu *sync.Mutex, stopping *bool) closing {
	var reply bytes.Buffer // each reply is encoded here, reused: the session's replies go out one at a time
	for {
		typ, b, err := c.Read(context.Background())
		switch {
		case err == nil:
		case websocket.CloseStatus(err) == websocket.StatusMessageTooBig || errors.Is(err, websocket.ErrMessageTooBig):
			return closing{websocket.StatusMessageTooBig, fmt.Sprintf("a message is over %d bytes", s.opt.MaxBody)}
		case websocket.CloseStatus(err) != -1:
			return closing{websocket.StatusNormalClosure, ""}
		default:
			if strings.Contains(err.Error(), "read limited at") {
				return closing{websocket.StatusMessageTooBig, fmt.Sprintf("a message is over %d bytes", s.opt.MaxBody)}
			}
			return closing{websocket.StatusInternalError, "read failed"}
		}
		mu.Lock()
		if *stopping {
			mu.Unlock()
			return closing{} // the watcher closes the session
		}
		idle.Stop() // a session is idle from its last reply on, not while it is answered
		out, end := s.handle(ctx, e, typ, b)
		if out.Type != "" {
			wctx, wcancel := context.WithTimeout(ctx, 30*time.Second)
			err := writeMessage(wctx, c, &reply, out)
			wcancel()
			if err != nil {
				mu.Unlock()
				return closing{websocket.StatusInternalError, "write failed"}
			}
			e.settle() // while the client reads the reply
		}
		idle.Reset(s.opt.IdleTimeout)
		mu.Unlock()
		if end {
			return closing{websocket.StatusNormalClosure, "closed"}
		}
	}
}

// handle answers one message: out (none when its Type is "") and whether
// the session ends, on close or a message that is no JSON object.
func (s *Server) handle(ctx context.Context, e environment, typ websocket.MessageType, b []byte) (out outgoing, end bool) {
	fail := func(code, format string, args ...any) (outgoing, bool) {
		return outgoing{Type: "error", Data: errorBody{Message: fmt.Sprintf(format, args...), Code: code}}, false
	}
	if typ != websocket.MessageText {
		return fail(CodeInvalidJSON, "a binary message: send JSON text")
	}
	if !json.Valid(b) {
		var v any
		err := json.Unmarshal(b, &v) // says where and why
		return fail(CodeInvalidJSON, "the message is not JSON: %v", err)
	}
	if t := bytes.TrimLeft(b, " \t\r\n"); t[0] != '{' {
		// OpenEnv ends the session on a message that is no object.
		return outgoing{Type: "error", Data: errorBody{Message: "the message is JSON but no object: send {\"type\": ..., \"data\": ...}", Code: CodeSession}}, true
	}
	var m message
	if err := json.Unmarshal(b, &m); err != nil {
		return fail(CodeValidation, "the message's type or data is malformed: %v", err)
	}
	switch m.Type {
	case "reset":
		rep, eb := e.reset(ctx, m.Data)
		if eb != nil {
			return outgoing{Type: "error", Data: eb}, false
		}
		return outgoing{Type: "observation", Data: rep}, false
	case "step":
		rep, eb := e.step(ctx, m.Data)
		if eb != nil {
			return outgoing{Type: "error", Data: eb}, false
		}
		return outgoing{Type: "observation", Data: rep}, false
	case "state":
		return outgoing{Type: "state", Data: e.state()}, false
	case "close":
		return outgoing{}, true // as OpenEnv's server: no reply, the socket closes
	}
	return fail(CodeUnknownType, "unknown message type %q: send reset, step, state or close", clip(m.Type))
}

// writeMessage sends out as JSON text, encoded in buf.
func writeMessage(ctx context.Context, c *websocket.Conn, buf *bytes.Buffer, out outgoing) error {
	buf.Reset()
	if err := json.NewEncoder(buf).Encode(out); err != nil { // escapes HTML, as json.Marshal
		buf.Reset()
		json.NewEncoder(buf).Encode(outgoing{Type: "error", Data: errorBody{Message: "encoding the reply failed", Code: CodeExecution}})
	}
	return c.Write(ctx, websocket.MessageText, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
