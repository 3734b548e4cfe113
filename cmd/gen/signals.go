package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interrupted is the cause of a run's context when a signal stopped it.
type interrupted struct{ sig syscall.Signal }

func (i interrupted) Error() string { return "interrupted by " + i.name() }

// name is the signal's name, such as SIGTERM.
func (i interrupted) name() string {
	switch i.sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return i.sig.String()
}

// exitCode is the shell's status for a process ended by the signal:
// 128 plus its number (130 for INT, 143 for TERM, 129 for HUP).
func (i interrupted) exitCode() int { return 128 + int(i.sig) }

// stopSignals are the signals that stop a run cleanly: Ctrl-C, what
// timeout, systemd, Kubernetes and Slurm send, and a closed terminal.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// onSignals cancels the run at the first stop signal, so that it cleans up
// and exits, and quits at once through exit at the second: a later run
// sweeps what that leaves (see outdir). The signals are caught from the
// call on; they are handled on a goroutine of their own.
func onSignals(cancel context.CancelCauseFunc, stderr io.Writer, exit func(int)) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, stopSignals...)
	go handleSignals(ch, cancel, stderr, exit)
}

// handleSignals does the work of onSignals on the signals from ch.
func handleSignals(ch <-chan os.Signal, cancel context.CancelCauseFunc, stderr io.Writer, exit func(int)) {
	first := interrupted{(<-ch).(syscall.Signal)}
	cancel(first)
	second := interrupted{(<-ch).(syscall.Signal)}
	fmt.Fprintf(stderr, "gen: %s again: quitting now; the next run sweeps what is left\n", second.name())
	exit(second.exitCode())
}
