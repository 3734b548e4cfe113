package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestScoreSignals stops gen score with a signal while it scores 400,000
// replies of 20,000 models: it exits with 128 + the signal's number,
// says so, and leaves none of its files, whole or temporary.
func TestScoreSignals(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--n", "20", "--no-images", "--quiet", "--suites", "edge_case,temporal_order"); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 0, 40)
	for _, q := range load(t, dir).Order {
		ids = append(ids, q.ID)
	}
	preds := filepath.Join(t.TempDir(), "many.jsonl")
	f, err := os.Create(preds)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for k := range 400_000 {
		m := k % 20_000
		fmt.Fprintf(w, `{"id": %q, "response": "Answer: %c", "model": "model-%05d"}`+"\n", ids[(k/20_000+m)%len(ids)], 'A'+k%4, m)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			out, tmp := t.TempDir(), t.TempDir()
			outputs := []string{filepath.Join(out, "s.json"), filepath.Join(out, "r.html"), filepath.Join(out, "rows.jsonl")}
			cmd, stderr := genProcess(t, tmp, "score", dir, preds, "--json", outputs[0], "--html", outputs[1], "--per-row", outputs[2])
			// The per-row file's temporary file appears once the replies
			// are being read.
			deadline := time.Now().Add(60 * time.Second)
			for time.Now().Before(deadline) {
				if m, _ := filepath.Glob(filepath.Join(out, ".rows.jsonl*")); len(m) > 0 {
					break
				}
				time.Sleep(2 * time.Millisecond)
			}
			cmd.Process.Signal(tc.sig)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatal("gen score did not stop within 30 s of the signal")
			}
			if code := cmd.ProcessState.ExitCode(); code != tc.code || !strings.Contains(stderr.String(), "wrote none of its files") {
				t.Fatalf("exit %d, stderr %q; want %d and the note that nothing was written", code, stderr.String(), tc.code)
			}
			if left, _ := os.ReadDir(out); len(left) > 0 {
				t.Errorf("gen score left %v", left)
			}
		})
	}
}
