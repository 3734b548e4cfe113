#!/bin/sh
# bench-rss.sh measures gen's peak resident memory (/usr/bin/time -f %M)
# without pictures at a small and a large row count, per suite, for the
# binary of this tree and, in the same run, for a baseline binary if one
# is given, and prints the ratio large/small (the target is 1.10 or less).
#
# Usage: scripts/bench-rss.sh [SMALL LARGE [SUITES]]
#   SMALL, LARGE  row counts (default 10000 and 100000; 1000000 takes
#                 minutes per suite, hours for plan_shuffle, which builds
#                 about 100 questions a second per core)
#   SUITES        comma-separated (default the fast ones: next_action,
#                 plan_generation, temporal_order, future_state)
#   BASE=/path/to/gen  also measure that binary (an older build)
#
# The machine may be shared: it prints the load average before each run;
# measure when it is low, and compare against BASE in the same run.
set -eu
small=${1:-10000}
large=${2:-100000}
suites=${3:-next_action,plan_generation,temporal_order,future_state}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/gen" ./cmd/gen

# peak BIN SUITE N prints "KB seconds" of one run.
peak() {
	/usr/bin/time -f '%M %e' -o "$tmp/time" "$1" --no-images --suites "$2" --n "$3" --workers 2 --out "$tmp/out" -q
	rm -rf "$tmp/out"
	cat "$tmp/time"
}

printf '%-16s %-5s %10s %10s %7s  %s\n' suite bin "rss@$small" "rss@$large" ratio load
for s in $(echo "$suites" | tr , ' '); do
	for bin in "$tmp/gen" ${BASE:+"$BASE"}; do
		name=new
		[ "$bin" = "$tmp/gen" ] || name=base
		load=$(cut -d' ' -f1 /proc/loadavg)
		set -- $(peak "$bin" "$s" "$small")
		a=$1
		set -- $(peak "$bin" "$s" "$large")
		b=$1
		printf '%-16s %-5s %8d KB %8d KB %7.2f  %s\n' "$s" "$name" "$a" "$b" "$(awk "BEGIN{print $b/$a}")" "$load"
	done
done
