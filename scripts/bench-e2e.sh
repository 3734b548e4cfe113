#!/usr/bin/env bash
# End-to-end benchmark: gen --preset paper with screenshots, timed, with the
# peak memory of the whole process tree: gen and every Chromium process it
# starts (browser, GPU, renderers, utilities), summed as PSS (proportional
# set size, so that pages shared between processes count once), sampled
# from /proc/PID/smaps_rollup while gen runs.
# Targets on this 2-core machine: under 30 s and under 1 GB (1000 MB).
set -euo pipefail
cd "$(dirname "$0")/.."

max_secs=30
max_mb=1000
interval=0.25 # seconds between samples

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/gen
go build -o "$bin" ./cmd/gen

# tree_pids prints $1 and all its descendants.
tree_pids() {
	# Processes come and go between the listing and the reading: cat's
	# complaints about them are expected.
	{ cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v root="$1" '
		{ line = $0; sub(/.*\) /, "", line); split(line, f, " "); parent[$1] = f[2] }
		END {
			print root; n = 1; q[1] = root
			for (i = 1; i <= n; i++)
				for (p in parent)
					if (parent[p] == q[i]) { q[++n] = p; print p }
		}'
}

# pss_kb prints the summed PSS, in KiB, of the processes given, then the
# PSS of the first alone. Processes come and go while it reads: getline
# fails on a file that is gone, and that process counts nothing.
pss_kb() {
	awk 'BEGIN {
		for (i = 1; i < ARGC; i++) {
			f = "/proc/" ARGV[i] "/smaps_rollup"
			while ((getline line < f) > 0)
				if (line ~ /^Pss:/) {
					split(line, w, " ")
					s += w[2]
					if (i == 1) first += w[2]
				}
			close(f)
		}
		print s + 0, first + 0
	}' "$@"
}

start=$(date +%s.%N)
"$bin" --preset paper --out "$tmp/paper" --quiet "$@" &
pid=$!
peak=0 peak_gen=0 procs=0
while kill -0 "$pid" 2>/dev/null; do
	mapfile -t pids < <(tree_pids "$pid") # gen first
	read -r kb gen_kb < <(pss_kb "${pids[@]}")
	if ((kb > peak)); then peak=$kb procs=${#pids[@]}; fi
	if ((gen_kb > peak_gen)); then peak_gen=$gen_kb; fi
	sleep "$interval"
done
status=0
wait "$pid" || status=$?
end=$(date +%s.%N)
if ((status != 0)); then
	echo "gen --preset paper failed with status $status" >&2
	exit 1
fi

secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
mb=$((peak * 1024 / 1000000))
gen_mb=$((peak_gen * 1024 / 1000000))
bytes=$(find "$tmp/paper" -name '*.parquet' -print0 | xargs -0 du -cb | tail -1 | cut -f1)
printf 'gen --preset paper: %s s (target < %d s); peak PSS %d MB of gen and Chromium together, %d processes (target < %d MB; gen alone %d MB); %d MB of Parquet\n' \
	"$secs" "$max_secs" "$mb" "$procs" "$max_mb" "$gen_mb" "$((bytes / 1000000))"
if awk -v s="$secs" -v m="$mb" -v ms="$max_secs" -v mm="$max_mb" 'BEGIN { exit !(s < ms && m < mm) }'; then
	echo "within targets"
else
	echo "OUTSIDE targets"
	exit 1
fi
