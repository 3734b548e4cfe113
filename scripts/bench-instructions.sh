#!/bin/sh
# bench-instructions.sh counts the machine instructions of gen's default
# mix without pictures, on one worker, for the binary of this tree and for
# a baseline binary, and prints their ratio. Counts come from valgrind's
# callgrind with the garbage collector off and one thread, so a run gives
# the same count to within 0.1% however loaded the machine is: it tells
# small CPU cuts apart where timings on this shared machine move by 10-30%
# from run to run. It counts work, not time: memory stalls, the collector
# and the second worker are not in it, so time the result with make bench
# too.
#
# Usage: BASE=/path/to/an/older/gen scripts/bench-instructions.sh [GEN FLAGS...]
#   GEN FLAGS  more flags for both runs, after the defaults (--no-images
#              --workers 1); for one suite, say: --suites edge_case. With
#              the collector off, memory grows with --n: the default mix
#              (300 questions a suite) stays under 300 MB.
set -eu
cd "$(dirname "$0")/.."
: "${BASE:?set BASE to an older gen binary to compare with}"
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/gen" ./cmd/gen

# count BIN FLAGS... prints the instructions of one run. Go's preemption
# signals trip callgrind, so they are off.
count() {
	bin=$1
	shift
	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" --no-images --workers 1 -q --out "$tmp/out" "$@" 2>"$tmp/log" || { cat "$tmp/log" >&2; exit 1; }
	rm -rf "$tmp/out"
	awk '/I *refs/ { gsub(",", "", $4); print $4 }' "$tmp/log"
}

new=$(count "$tmp/gen" "$@")
base=$(count "$BASE" "$@")
printf 'instructions: new %d, base %d, new/base %.4f\n' "$new" "$base" "$(awk "BEGIN{print $new/$base}")"
