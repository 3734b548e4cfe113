// Command gen generates planning benchmark datasets of web-form questions.
//
// Usage:
//
//	gen [flags]
//	gen verify DIR
//	gen preview DIR
//	gen card DIR
//	gen blind [flags]
//	gen score DIR [PREDICTIONS.jsonl ...] [flags]
//	gen serve [flags]
//	gen families [--reach] [flags]
//
// With no flags it writes every suite, 300 questions each, to out/. See
// gen --help for the flags and examples.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/job"
)

// version is the generator version recorded in every row.
const version = "0.1.0"

// versionDate is the date of version, the dataset card's and
// croissant.json's datePublished unless SOURCE_DATE_EPOCH sets another.
const versionDate = "2026-11-28"

// published returns the date the card and croissant.json give as
// datePublished: the day of SOURCE_DATE_EPOCH (seconds since 1970, the
// reproducible-builds convention) when it is set, else versionDate. The
// clock never decides it, so the same seed and flags give the same files.
func published() (string, error) {
	v := os.Getenv("SOURCE_DATE_EPOCH")
	if v == "" {
		return versionDate, nil
	}
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil || sec < 0 || sec > 253402300799 {
		return "", usagef("SOURCE_DATE_EPOCH=%q is not a count of seconds since 1970 (0 to 253402300799): unset it or give one", v)
	}
	return time.Unix(sec, 0).UTC().Format(time.DateOnly), nil
}

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	onSignals(cancel, os.Stderr, os.Exit)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	var sig interrupted
	if len(os.Args) > 1 && os.Args[1] == "serve" && err == nil {
		return // a signal ends gen serve once it has drained: a clean exit
	}
	if errors.As(context.Cause(ctx), &sig) {
		// Whatever failed, it failed because of the signal: the deferred
		// clean-ups of run have removed the temporary files and the browser.
		if len(os.Args) > 1 && os.Args[1] == "score" {
			fmt.Fprintf(os.Stderr, "gen: interrupted (%s); gen score wrote none of its files\n", sig.name())
		} else if len(os.Args) > 1 && slices.Contains(subcommands, os.Args[1]) {
			// Nothing to resume: the subcommand left what it had not
			// finished as it was.
			fmt.Fprintf(os.Stderr, "gen %s: interrupted (%s)\n", os.Args[1], sig.name())
		} else {
			fmt.Fprintf(os.Stderr, "gen: interrupted (%s); rerun the same command with --resume to keep what is complete\n", sig.name())
		}
		os.Exit(sig.exitCode())
	}
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "gen:", err)
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EFBIG) || errors.Is(err, syscall.EDQUOT) {
		fmt.Fprintln(os.Stderr, "gen: the disk is full: free space or choose another --out, then rerun with --resume to keep the suites already complete")
	}
	var u usageError
	if errors.As(err, &u) {
		os.Exit(2)
	}
	os.Exit(1)
}

// usageError is a mistake in the command line; it exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// usage turns a refusal of package job (job.UsageError) into a usage
// error; other errors are returned as they are.
func usage(err error) error {
	if _, ok := errors.AsType[job.UsageError](err); ok {
		return usageError{err.Error()}
	}
	return err
}

// parseArgs parses the flags of subcommand fs (named "gen <sub>"); done
// reports that --help was asked for and printed, leaving nothing to do.
func parseArgs(fs *pflag.FlagSet, args []string) (done bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return true, nil
		}
		return false, usagef("%v (see %s --help)", err, fs.Name())
	}
	return false, nil
}

// subcommands are the words that make gen run another command than a
// generation.
var subcommands = []string{"verify", "preview", "card", "blind", "score", "serve"}

// run does the work of gen with args (without the program name).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "verify":
			return verifyCmd(ctx, args[1:], stdout, stderr)
		case "preview":
			return previewCmd(ctx, args[1:], stdout, stderr)
		case "card":
			return cardCmd(ctx, args[1:], stdout, stderr)
		case "blind":
			return blindCmd(ctx, args[1:], stdout, stderr)
		case "score":
			return scoreCmd(ctx, args[1:], stdout, stderr)
		case "serve":
			return serveCmd(ctx, args[1:], stderr)
		case "families":
			return familiesCmd(args[1:], stdout, stderr)
		}
	}
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	if cfg.help {
		return nil
	}
	if cfg.version {
		// Flags that ask for no possible run are refused even here.
		if _, err := job.Describe(cfg.req); err != nil {
			return usage(err)
		}
		fmt.Fprintln(stdout, "gen", version)
		return nil
	}
	return generateCmd(ctx, cfg, stdout, stderr)
}
