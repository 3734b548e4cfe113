package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/episode"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/internal/heapbudget"
	"github.com/formplan/formplan/openenv"
	"github.com/formplan/formplan/render"
)

const serveUsage = `gen serve runs formplan's forms as environments that agents act in, over the
OpenEnv protocol: a WebSocket at /ws holds one episode a connection (reset,
step, state, close), and POST /reset, POST /step, GET /state, GET /health,
GET /schema and GET /metadata answer over HTTP. The reward is the
simulator's: 1 when Submit is pressed with the task met, else 0.

Usage:
  gen serve [flags]

Flags:
%s
Examples:
  gen serve                                  every built-in family on 127.0.0.1:8000
  gen serve --no-images --max-sessions 1024  text observations only, no browser
  FORMPLAN_TOKEN=secret gen serve --addr 0.0.0.0:8000
  gen serve --dataset out                    make gen's rows as one-step tasks scored as gen score scores them
`

// serveConfig is what gen serve's flags ask for.
type serveConfig struct {
	addr, token, config, chrome string
	dataset                     string // serve this dataset's rows as one-step tasks
	families                    []forms.Family
	scale                       float64
	noImages                    bool
	maxSessions                 int
	idle                        time.Duration
	maxBody                     int64
}

// parseServe reads gen serve's flags, checking everything before a port
// is opened or a browser started.
func parseServe(args []string, stderr io.Writer) (*serveConfig, bool, error) {
	fs := pflag.NewFlagSet("gen serve", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	c := &serveConfig{}
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8000", "host:port to listen on")
	fs.StringVar(&c.token, "token", os.Getenv("FORMPLAN_TOKEN"), "bearer token every request but GET /health must carry (default $FORMPLAN_TOKEN); required beyond loopback")
	fs.StringVar(&c.config, "config", "", "JSON or YAML file with custom families to serve beside the built-in ones")
	fs.StringVar(&c.dataset, "dataset", "", "serve the rows of the dataset gen wrote in this directory as one-step tasks: a reset names a row, a step's reply is scored as gen score scores it")
	famList := fs.String("families", "", "comma-separated families to serve (default: every built-in one and the config's)")
	fs.Float64Var(&c.scale, "scale", 1, "screenshot scale")
	fs.BoolVar(&c.noImages, "no-images", false, "text observations only: no browser is started")
	fs.StringVar(&c.chrome, "chrome", "", "path to Chromium (default: $CHROME_PATH, then chromium on PATH)")
	fs.IntVar(&c.maxSessions, "max-sessions", 256, "WebSocket sessions at once; the next one is refused with CAPACITY_REACHED")
	fs.DurationVar(&c.idle, "idle-timeout", 5*time.Minute, "a session silent this long is closed")
	fs.Int64Var(&c.maxBody, "max-body", 1<<20, "bytes of an HTTP body or a WebSocket message")
	fs.Usage = func() { fmt.Fprintf(stderr, serveUsage, fs.FlagUsages()) }
	if done, err := parseArgs(fs, args); done || err != nil {
		return nil, done, err
	}
	if fs.NArg() > 0 {
		return nil, false, usagef("serve: unexpected argument %q (see gen serve --help)", fs.Arg(0))
	}
	host, _, err := net.SplitHostPort(c.addr)
	if err != nil {
		return nil, false, usagef("serve: --addr %q: want host:port, such as 127.0.0.1:8000", c.addr)
	}
	if !loopback(host) && c.token == "" {
		return nil, false, usagef("serve: --addr %s listens beyond this machine: give a bearer token with --token or FORMPLAN_TOKEN", c.addr)
	}
	if c.maxSessions < 1 || c.maxSessions > 100000 {
		return nil, false, usagef("serve: --max-sessions %d: want 1 to 100000", c.maxSessions)
	}
	if c.idle < time.Second {
		return nil, false, usagef("serve: --idle-timeout %s: want at least 1s", c.idle)
	}
	if c.maxBody < 1024 || c.maxBody > 64<<20 {
		return nil, false, usagef("serve: --max-body %d: want 1024 to 67108864 bytes", c.maxBody)
	}
	if c.dataset != "" && (c.config != "" || *famList != "" || c.noImages || fs.Changed("scale")) {
		return nil, false, usagef("serve: --dataset serves the rows as they are: leave out --config, --families, --scale and --no-images")
	}
	if _, ok := render.Pixels(formview.Width, c.scale); !ok || c.scale <= 0 || c.scale > 4 {
		return nil, false, usagef("serve: --scale %g: want a scale above 0 and at most 4 that gives whole pixels", c.scale)
	}
	all := forms.Builtins()
	names := forms.Names(forms.Defaults())
	if c.config != "" {
		fc, err := loadConfig(c.config)
		if err != nil {
			return nil, false, err
		}
		all = append(all, fc.Families...)
		names = append(names, forms.Names(fc.Families)...)
	}
	if *famList != "" {
		if names, err = splitKnown(*famList, "family", forms.Names(all)); err != nil {
			return nil, false, err
		}
	}
	for _, n := range names {
		for _, f := range all {
			if f.Name != n {
				continue
			}
			c.families = append(c.families, f)
		}
	}
	return c, false, nil
}

// loopback reports whether host names this machine only.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// serveCmd is gen serve: it serves until ctx ends (a signal), then drains
// the sessions and returns nil.
func serveCmd(ctx context.Context, args []string, stderr io.Writer) error {
	c, done, err := parseServe(args, stderr)
	if done || err != nil {
		return err
	}
	var rows *openenv.Rows
	if c.dataset != "" {
		if rows, err = openenv.LoadRows(c.dataset); err != nil {
			return usagef("serve: --dataset: %v", err)
		}
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return usagef("serve: %v: choose another --addr", err)
	}
	defer ln.Close()
	var painter episode.Painter
	if !c.noImages && rows == nil {
		render.SweepProfiles()
		r, err := render.New(ctx, render.Options{ChromePath: c.chrome, Scale: c.scale, Head: formview.HeadWith(formview.ScriptsOf(c.families)), Fonts: formview.Fonts(), Tabs: openenv.ServeTabs(c.maxSessions)})
		if err != nil {
			return err
		}
		defer r.Close()
		heights, err := formview.Fit(ctx, r, c.families)
		if err != nil {
			return usageError{fmt.Sprintf("serve: %v (at --scale %g)", err, c.scale)}
		}
		screens := episode.NewScreens(r, heights, c.scale)
		if _, err := screens.Calibrate(ctx, c.families); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		painter = screens
	}
	if c.noImages && rows == nil {
		defer heapbudget.Default(openenv.TextHeap, os.Getenv)()
	}
	opt := openenv.Options{MaxSessions: c.maxSessions, IdleTimeout: c.idle, MaxBody: c.maxBody, Token: c.token, Version: version}
	srv := openenv.New(c.families, painter, opt)
	what := fmt.Sprintf("%d families, %s", len(c.families), map[bool]string{true: "text only", false: "with screenshots"}[painter == nil])
	if rows != nil {
		srv = openenv.NewDataset(rows, opt)
		what = fmt.Sprintf("%d rows of %s", rows.Len(), c.dataset)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	fmt.Fprintf(stderr, "gen serve: listening on http://%s (%s)\n", ln.Addr(), what)
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	dctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	hs.Shutdown(dctx)
	if err := srv.Drain(dctx); err != nil {
		return fmt.Errorf("serve: drain: %w", err)
	}
	fmt.Fprintln(stderr, "gen serve: drained, exiting")
	return nil
}
