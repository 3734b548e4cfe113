package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/blind"
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/job"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/merge"
	"github.com/formplan/formplan/outdir"
	"github.com/formplan/formplan/publish"
	"github.com/formplan/formplan/suites"
)

// cardCmd is gen card DIR: it merges the shards of a sharded run into the
// files of a single run, then (re)writes the dataset card, Croissant file
// and lmms-eval tasks of the dataset.
func cardCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen card", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	tsv := fs.Bool("vlmevalkit", false, "also write the VLMEvalKit TSV of every suite")
	keep := fs.Bool("keep-shards", false, "describe the shard files as they are instead of merging each suite's shards into one file")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen card merges the shards of a run into one file per suite, byte for byte the file\na single run writes, then writes README.md, croissant.json and lmms-eval tasks.\n\nUsage:\n  gen card [--vlmevalkit] [--keep-shards] DIR\n\nExample, after the 8 shards of a run:\n  gen card paper/\n\nFlags:\n%s", fs.FlagUsages())
	}
	if done, err := parseArgs(fs, args); done || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("gen card takes one dataset directory, such as: gen card out/")
	}
	dir := fs.Arg(0)
	if err := outdir.CheckLinks(dir, suites.Names()); errors.Is(err, outdir.ErrLink) {
		return usageError{"card: " + err.Error()}
	}
	if !*keep {
		if err := mergeShards(ctx, dir, stdout); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return context.Cause(ctx)
	}
	info, err := runInfo(dir)
	if err != nil {
		return err
	}
	if err := publish.Card(dir, info); err != nil {
		return err
	}
	if *tsv {
		if err := publish.VLMEvalKit(dir); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, "README.md"))
	return nil
}

// mergeShards merges the shards of every suite of dir (package merge),
// holding dir against every run meanwhile, and then records in its
// manifest that the run is whole, as a single run leaves it.
func mergeShards(ctx context.Context, dir string, stdout io.Writer) error {
	if _, err := layout.Scan(dir); err != nil {
		return nil // runInfo says what is wrong
	}
	lock, err := outdir.Exclusive(dir, suites.Names())
	if errors.Is(err, outdir.ErrBusy) || errors.Is(err, outdir.ErrLink) {
		return usageError{"card: " + err.Error()}
	}
	if err != nil {
		return fmt.Errorf("card: %w", err)
	}
	defer lock.Release()
	done, err := merge.Dir(ctx, dir)
	if err != nil {
		return fmt.Errorf("card: %w", err)
	}
	for _, r := range done {
		if r.Shards > 0 {
			fmt.Fprintf(stdout, "merged %d shards of %s: %d rows in %s\n", r.Shards, r.Suite, r.Rows, r.File)
		}
	}
	if err := lock.SetShards(1); err != nil {
		return fmt.Errorf("card: %w", err)
	}
	return nil
}

// runInfo reads what a run recorded in the metadata of its first file.
func runInfo(dir string) (publish.Info, error) {
	d, err := layout.Scan(dir)
	if errors.Is(err, os.ErrNotExist) {
		return publish.Info{}, fmt.Errorf("card: %s: no such directory", dir)
	}
	if err != nil {
		return publish.Info{}, fmt.Errorf("card: %w", err)
	}
	files := d.Files()
	r, err := dataset.Open(files[0].Path)
	if err != nil {
		return publish.Info{}, fmt.Errorf("card: %w", err)
	}
	defer r.Close()
	// The card describes one run: every file must have its flags.
	key0, shards0, err := job.KeyOf(r, files[0].Path)
	if err != nil {
		return publish.Info{}, fmt.Errorf("card: %w", err)
	}
	for _, f := range files[1:] {
		key, shards, err := job.FileKey(f.Path)
		if err != nil {
			return publish.Info{}, fmt.Errorf("card: %w", err)
		}
		if key != key0 || shards != shards0 {
			return publish.Info{}, fmt.Errorf("card: %s and %s come from different runs (%s in %d shards, %s in %d): remove the other run's files, or write each run into its own --out", files[0].Path, f.Path, key0, shards0, key, shards)
		}
	}
	get := func(k string) string { v, _ := r.Metadata(k); return v }
	seed, _ := strconv.ParseUint(get(layout.SeedKey), 10, 64)
	date, err := published()
	if err != nil {
		return publish.Info{}, err
	}
	info := publish.Info{Seed: seed, Flags: get(layout.FlagsKey), Version: get(layout.VersionKey),
		Chromium: get(layout.ChromiumKey), Fonts: get(layout.FontsKey), Published: date, Blind: blind.Tables{}}
	info.Scale, _ = strconv.ParseFloat(get(layout.ScaleKey), 64)
	return info, nil
}
