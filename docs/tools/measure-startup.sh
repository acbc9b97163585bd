#!/usr/bin/env bash
# Start-up time of one command line run: two warm-up runs (the first may build and train the
# cache), then N measured ones; prints the medians of wall and user CPU seconds.
# usage: docs/tools/measure-startup.sh TREE HOME N COMMAND...   (e.g. . /tmp/m 5 sources list)
set -euo pipefail
tree=$1; home=$2; n=$3; shift 3
PARLANCE_HOME=$home "$tree/parlance" "$@" >/dev/null 2>&1
PARLANCE_HOME=$home "$tree/parlance" "$@" >/dev/null 2>&1
out="$(mktemp)"
for _ in $(seq "$n"); do
  /usr/bin/time -f "%e %U" env PARLANCE_HOME="$home" "$tree/parlance" "$@" 2>&1 >/dev/null | tail -1
done >"$out"
middle=$(( (n + 1) / 2 ))
echo "wall median $(cut -d' ' -f1 "$out" | sort -n | sed -n "${middle}p") s," \
  "user CPU median $(cut -d' ' -f2 "$out" | sort -n | sed -n "${middle}p") s (n=$n)"
rm -f "$out"
