package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/formplan/formplan/internal/filetree"
)

// TestSubcommandSignals stops gen verify, preview, card and blind with
// SIGINT or SIGTERM shortly after they start: each exits with 128 + the
// signal's number within a few seconds (a second on an idle machine),
// says it was interrupted, and leaves no file half written: the dataset
// is as it was or, for card, each suite merged or as it was.
func TestSubcommandSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a dataset of 24,000 rows")
	}
	src := t.TempDir()
	for _, shard := range []string{"0/2", "1/2"} {
		if _, _, err := runGen(t, "--out", src, "--no-images", "--quiet", "--suites", "edge_case,future_state,temporal_order,plan_semantic", "--n", "6000", "--shard", shard); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		args []string
		sig  syscall.Signal
	}{
		{"verify", []string{"verify"}, syscall.SIGINT},
		{"preview", []string{"preview", "--n", "3000"}, syscall.SIGTERM},
		{"card", []string{"card"}, syscall.SIGINT},
		{"blind", []string{"blind"}, syscall.SIGTERM},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, tmp := filepath.Join(t.TempDir(), "out"), t.TempDir()
			if err := os.CopyFS(out, os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			before := filetree.MustHashes(t, out)
			args := c.args
			if c.name != "blind" {
				args = append(args, out)
			}
			cmd, stderr := genProcess(t, tmp, args...)
			time.Sleep(300 * time.Millisecond)
			sent := time.Now()
			cmd.Process.Signal(c.sig)
			cmd.Wait()
			took := time.Since(sent)
			code := cmd.ProcessState.ExitCode()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				t.Skipf("the signal came before gen caught signals (a loaded machine): killed by %v", ws.Signal())
			}
			if code == 0 {
				t.Skipf("gen %s ended before the signal (in %v): nothing to check", c.name, took)
			}
			if code != 128+int(c.sig) || !strings.Contains(stderr.String(), "gen "+c.name+": interrupted") {
				t.Fatalf("exit %d, stderr %q; want %d and interrupted", code, stderr.String(), 128+int(c.sig))
			}
			if took > 3*time.Second {
				t.Errorf("took %v after the signal to stop", took)
			}
			t.Logf("stopped %v after the signal", took)
			if left := debris(t, out, tmp); len(left) > 0 {
				t.Errorf("left %v", left)
			}
			after := filetree.MustHashes(t, out)
			for rel, sum := range after {
				if before[rel] != sum && !(c.name == "card" && strings.HasSuffix(rel, "-of-00001.parquet")) {
					t.Errorf("%s was written", rel)
				}
			}
		})
	}
}
