# The two set-up commands: `make gen` runs the default generation into out/,
# `make test` installs what the tests need and runs them.

GO ?= go

.PHONY: gen test chromium deps check vuln bench bench-e2e blind blind-long blind-optin look-sheet

gen: chromium
	$(GO) run ./cmd/gen $(ARGS)

# chromium installs, on a fresh Debian machine, the browser that takes the
# screenshots. Their font ships inside gen: no system font is needed.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# deps adds what only the tests need: DuckDB, an independent Parquet reader,
# pddl-workspace, an independent PDDL parser, Debian's Python 3 with
# xlsxwriter, which the harness tests run the lmms-eval helpers with and
# write VLMEvalKit's prediction files with, and with websockets, which the
# Python client of gen serve (clients/python) talks with, and DejaVu, the
# other fonts the test that pictures ignore the machine's fonts maps every family to, and
# Liberation, the font of the report's charts, whose text boxes a test measures. npm ci installs the versions of
# the tracked package-lock.json files and never rewrites them, so a clean
# clone stays clean.
deps: chromium
	@/usr/bin/python3 -c 'import xlsxwriter, websockets' 2>/dev/null && test -f /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf && test -f /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-xlsxwriter python3-websockets fonts-dejavu-core fonts-liberation >/dev/null; }
	@test -d dataset/testdata/duckdb/node_modules/@duckdb/node-api || npm ci --silent --no-audit --no-fund --prefix dataset/testdata/duckdb
	@test -d pddl/testdata/parser/node_modules/pddl-workspace || npm ci --silent --no-audit --no-fund --prefix pddl/testdata/parser

check: vuln
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...

# vuln runs govulncheck when its database, vuln.go.dev, is reachable, and
# says so when it is not (a closed network).
GOVULNCHECK ?= golang.org/x/vuln/cmd/govulncheck@v1.9.0
vuln:
	@if curl -sf -m 10 -o /dev/null https://vuln.go.dev/index/db.json.gz; then \
		$(GO) run $(GOVULNCHECK) ./...; \
	else echo "govulncheck skipped: vuln.go.dev is not reachable from here"; fi

# FUZZTIME is how long make test fuzzes each fuzz target beyond its seeds.
FUZZTIME ?= 5s

test: deps check
	$(GO) test -count=1 ./...
	$(GO) test -run '^$$' -fuzz '^FuzzParseConfig$$' -fuzztime $(FUZZTIME) ./job/
	$(GO) test -run '^$$' -fuzz '^FuzzLabelRules$$' -fuzztime $(FUZZTIME) ./actlang/

# bench runs the Go benchmarks: plan sampling, start spaces (Apart),
# question building (per suite, one core), the pipeline without pictures
# (one core), Parquet writing and screenshots (batched vs one per page,
# and at scale 2 from a browser at that scale vs one that emulates it);
# then the pipeline on two workers against one per suite and for the
# default mix (best of 3, both in the same run), the card pass against the
# generation it follows,
# gen serve's steps over WebSocket (text, and screenshots against a
# click-and-screenshot page loop on the same Chromium), gen score's
# streamed scoring against a whole slice of results,
# and gen's peak memory at 10k and 100k rows per suite (scripts/bench-rss.sh;
# BENCH_BASE=path/to/an/older/gen measures it too, in the same run).
# The machine is shared: check /proc/loadavg first.
bench: deps
	$(GO) test -run '^$$' -bench . -benchtime 1s ./statesim/ ./startspace/ ./dataset/
	$(GO) test -run '^$$' -bench . -cpu 1 ./suites/
	$(GO) test -run '^$$' -bench RunWithoutPictures -cpu 1 ./pipeline/
	$(GO) test -run '^$$' -bench Problem -short ./pddl/
	$(GO) test -run '^$$' -bench . ./render/
	$(GO) test -run '^$$' -bench 'Workers|DefaultMix' -benchtime 3x -cpu 2 ./pipeline/
	$(GO) test -run '^$$' -bench CardPass -benchtime 1x ./publish/
	$(GO) test -run '^$$' -bench 'TextSteps|ScreenshotSteps' -benchtime 1x ./openenv/
	$(GO) test -run '^$$' -bench Tally -benchtime 2x ./score/
	BASE=$(BENCH_BASE) scripts/bench-rss.sh

# bench-e2e times gen --preset paper with screenshots against its targets.
bench-e2e: deps
	scripts/bench-e2e.sh

# blind scores readers of the text alone (surface heuristics, a symbolic
# reader, the exact bound) on every suite x family x options x horizon cell
# and fails if any beats chance.
blind:
	$(GO) run ./cmd/gen blind > blind/table.md.new && mv blind/table.md.new blind/table.md && tail -1 blind/table.md

# blind-long does the same on the long families (forms.Long), into
# blind/table_long.md.
blind-long:
	$(GO) run ./cmd/gen blind --families long_checkboxes,mixed_form > blind/table_long.md.new && mv blind/table_long.md.new blind/table_long.md && tail -1 blind/table_long.md

# blind-optin does the same for the opt-in suites, which make blind leaves
# out, on the default and the long families, into blind/table_optin.md.
blind-optin:
	$(GO) run ./cmd/gen blind --suites perception,probes,grounding --families checkboxes,slider_checkboxes,radio_textboxes,checkbox_textboxes,radio_slider,long_checkboxes,mixed_form > blind/table_optin.md.new && mv blind/table_optin.md.new blind/table_optin.md && tail -1 blind/table_optin.md

# look-sheet rewrites docs/look, each built-in family's picture beside the
# MiniWoB task it stands for.
look-sheet: chromium
	$(GO) test ./formview -run '^TestLookSheet$$' -count=1 -update
