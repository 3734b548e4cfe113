# The two set-up commands: `make gen` runs the default generation into out/,
# `make test` installs what the tests need and runs them.

GO ?= go

.PHONY: gen test deps check bench

gen:
	$(GO) run ./cmd/gen $(ARGS)

# deps installs what tests need on a fresh Debian machine: Chromium and a
# pinned font for rendering, and DuckDB (an independent Parquet reader).
deps:
	@command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -q LiberationSans || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null; }
	@test -d dataset/testdata/duckdb/node_modules/@duckdb/node-api || npm install --silent --no-audit --no-fund --prefix dataset/testdata/duckdb

check:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...

test: deps check
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1s ./statesim/ ./suites/
