#!/usr/bin/env bash
# End-to-end benchmark: gen --preset paper with screenshots, timed, with the
# peak resident memory of gen (Chromium's own processes are not counted).
# Targets: at most 60 s and 512 MB on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
bin=$(mktemp -d)/gen
out=$(mktemp -d)
trap 'rm -rf "$out" "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/gen
/usr/bin/time -f '%e %M' -o "$out/.time" "$bin" --preset paper --out "$out/paper" --quiet "$@"
read -r secs kb < "$out/.time"
rows=$(find "$out/paper" -name '*.parquet' -print0 | xargs -0 du -cb | tail -1 | cut -f1)
mb=$((kb / 1024))
printf 'gen --preset paper: %s s (target <= 60), peak RSS %d MB (target <= 512), %d MB of Parquet\n' "$secs" "$mb" "$((rows / 1000000))"
awk -v s="$secs" -v m="$mb" 'BEGIN { exit !(s <= 60 && m <= 512) }' && echo "within targets" || { echo "OUTSIDE targets"; exit 1; }
