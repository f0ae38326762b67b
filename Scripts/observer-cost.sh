#!/usr/bin/env bash
# What watching a test process costs a race between its parallel tests: Swift Testing's event stream
# (encoded inside the test process) and a reader that wakes on every line (flakecheck's, before it read
# at idle priority). Runs the built test binary of PACKAGE directly, FILTER selecting Swift Testing tests,
# in blocks of 20 runs per level, taking turns, and counts runs whose summary says the run failed:
#
#   Scripts/observer-cost.sh PACKAGE FILTER [RUNS]     (default 200 runs per level)
#
# Levels: `stream` (event stream to a file, output to a file), `console` (no stream, output to a file),
# `busy reader` (no stream, output through a pipe to a reader that works 0.3 ms per read, normal
# priority), `idle reader` (the same reader at SCHED_IDLE, as flakecheck reads test output now).
# Prints failures, rate and Wilson 95% interval per level. Build the package's tests first.
set -euo pipefail
package=$1
filter=$2
runs=${3:-200}
binary=$(ls -d "$package"/.build/debug/*PackageTests.xctest | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/reader.c" <<'C'
#include <time.h>
#include <unistd.h>
static long long now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}
int main(void) {
    char buffer[65536];
    for (;;) {
        ssize_t count = read(0, buffer, sizeof buffer);
        if (count <= 0) return 0;
        if (write(1, buffer, (size_t)count) < 0) return 1;
        for (long long end = now() + 300000; now() < end;) {}
    }
}
C
clang -O2 -o "$work/reader" "$work/reader.c"
levels=("stream" "console" "busy reader" "idle reader")
declare -A failures
for level in "${levels[@]}"; do failures[$level]=0; done
run_once() {
  local level=$1
  local arguments=(--testing-library swift-testing --filter "$filter")
  case $level in
    stream) "$binary" "${arguments[@]}" --event-stream-output-path "$work/events.jsonl" --event-stream-version 0 \
              >"$work/out" 2>&1 || true ;;
    console) "$binary" "${arguments[@]}" >"$work/out" 2>&1 || true ;;
    "busy reader") ("$binary" "${arguments[@]}" 2>&1 || true) | "$work/reader" >"$work/out" ;;
    "idle reader") ("$binary" "${arguments[@]}" 2>&1 || true) | chrt -i 0 "$work/reader" >"$work/out" ;;
  esac
  grep -q "Test run with .* failed" "$work/out"
}
for block in $(seq $(( (runs + 19) / 20 ))); do
  for level in "${levels[@]}"; do
    for _ in $(seq 20); do
      if run_once "$level"; then failures[$level]=$(( ${failures[$level]} + 1 )); fi
    done
  done
done
total=$(( (runs + 19) / 20 * 20 ))
for level in "${levels[@]}"; do
  python3 - "$level" "${failures[$level]}" "$total" <<'PY'
import math, sys
level, k, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
z = 1.959964
p = k / n
centre = (p + z * z / (2 * n)) / (1 + z * z / n)
half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
print(f"| {level} | {k} / {n} | {100 * p:.1f}% ({100 * (centre - half):.1f}-{100 * (centre + half):.1f}%) |")
PY
done
