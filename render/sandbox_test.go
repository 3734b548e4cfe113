package render

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// noSandboxOutput is what Chromium 156 printed, as a user without the right
// to make user namespaces, before it exited.
const noSandboxOutput = `[28218:28218:1123/230840.096017:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:130] ` +
	`No usable sandbox! If this is a Debian system, please install the chromium-sandbox package to solve this problem. ` +
	`If you are running on Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor, ` +
	`see https://chromium.googlesource.com/chromium/src/+/main/docs/security/apparmor-userns-restrictions.md. ` +
	`If you want to live dangerously and need an immediate workaround, you can try using --no-sandbox.`

// fakeChrome writes a program that records its arguments in args, prints
// output and exits with status 1, as a browser that cannot start.
func fakeChrome(t *testing.T, output string) (path, args string) {
	t.Helper()
	dir := t.TempDir()
	path, args = filepath.Join(dir, "chromium"), filepath.Join(dir, "args")
	out := filepath.Join(dir, "output")
	if err := os.WriteFile(out, []byte(output+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > " + args + "\ncat " + out + " >&2\nexit 1\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, args
}

// TestSandbox checks the switches of the browser as root and not, and the
// error when the sandbox cannot start, with a fake browser that fails.
func TestSandbox(t *testing.T) {
	tests := []struct {
		name      string
		root      bool
		output    string
		noSandbox bool // --no-sandbox passed
		sandbox   bool // the error is ErrSandbox
	}{
		{"root", true, "", true, false},
		{"root, sandbox message", true, noSandboxOutput, true, false},
		{"user, sandbox fails", false, noSandboxOutput, false, true},
		{"user, namespace fails", false, "[1:1:0101/000000.000000:FATAL:sandbox/linux/services/credentials.cc:131] Check failed: . : Operation not permitted (1)\nFailed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted", false, true},
		{"user, other failure", false, "[1:1:0101/000000.000000:ERROR:something_else.cc:1] cannot open display", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			saved := runningAsRoot
			runningAsRoot = func() bool { return tt.root }
			t.Cleanup(func() { runningAsRoot = saved })
			chrome, argsFile := fakeChrome(t, tt.output)

			_, err := New(context.Background(), Options{ChromePath: chrome})
			if err == nil {
				t.Fatal("New succeeded with a browser that exits")
			}
			msg := err.Error()
			if got := errors.Is(err, ErrSandbox); got != tt.sandbox {
				t.Errorf("error %q: ErrSandbox %v, want %v", msg, got, tt.sandbox)
			}
			if tt.sandbox {
				for _, s := range []string{"render: Chromium's sandbox could not start (", "run as root", "user namespaces"} {
					if !strings.Contains(msg, s) {
						t.Errorf("error %q does not say %q", msg, s)
					}
				}
				if strings.Contains(msg, "\n") {
					t.Errorf("error %q has more than one line", msg)
				}
			} else if !strings.HasPrefix(msg, "render: start "+chrome) {
				t.Errorf("error %q, want a start error", msg)
			}

			b, err := os.ReadFile(argsFile)
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Split(strings.TrimSpace(string(b)), "\n")
			has := func(arg string) bool {
				for _, a := range args {
					if a == arg || strings.HasPrefix(arg, "--user-data-dir=") && strings.HasPrefix(a, arg) {
						return true
					}
				}
				return false
			}
			if has("--no-sandbox") != tt.noSandbox {
				t.Errorf("--no-sandbox passed: %v, want %v; args %q", !tt.noSandbox, tt.noSandbox, args)
			}
			for _, want := range []string{"--host-resolver-rules=MAP * ~NOTFOUND", "--no-proxy-server",
				"--webrtc-ip-handling-policy=disable_non_proxied_udp", "--user-data-dir=" + filepath.Join(tmp, profilePrefix)} {
				if !has(want) {
					t.Errorf("%s not passed; args %q", want, args)
				}
			}
			// The profile of a browser that did not start is gone too.
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("%s left in the temporary directory", left[0].Name())
			}
		})
	}
}

func TestSandboxFailure(t *testing.T) {
	tests := []struct{ in, want string }{
		{"chrome failed to start:\n" + noSandboxOutput + "\n", "No usable sandbox!"},
		{"chrome failed to start:\nFailed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted\n",
			"Failed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted"},
		{"chrome failed to start:\n[1:1:0101/000000.000000:FATAL:sandbox/linux/services/credentials.cc:131] Check failed: . : Operation not permitted (1)\n",
			"Check failed: . : Operation not permitted (1)"},
		{"chrome failed to start:\n[1:1:0101/000000.000000:ERROR:x.cc:1] Missing X server or $DISPLAY\n", ""},
		{"no answer within 30s", ""},
	}
	for _, tt := range tests {
		if got := sandboxFailure(tt.in); got != tt.want {
			t.Errorf("sandboxFailure(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
