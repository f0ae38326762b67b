#!/usr/bin/env bash
# Measures flakecheck's per-run overhead and memory against the floor of invoking the test binary
# directly, and against the shell loop people write today. Prints a Markdown table for the README.
#
#   Scripts/benchmark.sh [REPEATS] [SWIFT_TEST_LOOP_RUNS]      (RSS_RUNS="100 1000 10000" by default)
#
# Each timing is the median of REPEATS (default 3). The `swift test` loop runs SWIFT_TEST_LOOP_RUNS
# times (default 20) and is scaled to 100 runs, because 100 real runs take about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-3}
loop_runs=${2:-20}
package=Tests/FixturePackages/KnownOutcomes
test_id=AlphaTests.StableXCTests/testPasses
export KNOWN_OUTCOMES_STATE_DIR=$(mktemp -d)
out=$(mktemp -d)

swift build -c "${CONFIGURATION:-release}" --product flakecheck >/dev/null
flakecheck=$(swift build -c "${CONFIGURATION:-release}" --show-bin-path)/flakecheck
swift build --build-tests --package-path "$package" >/dev/null
binary=$(swift build --show-bin-path --package-path "$package")/KnownOutcomesPackageTests.xctest

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
time_it() {  # prints seconds taken by "$@"
  local start end; start=$(now); "$@" >/dev/null 2>&1 || true; end=$(now)
  echo "$end - $start" | bc -l
}
direct_loop() { for _ in $(seq 100); do "$binary" "$test_id" >/dev/null 2>&1; done; }
swift_test_loop() { for _ in $(seq "$loop_runs"); do swift test --skip-build --package-path "$package" --filter "$test_id" >/dev/null 2>&1; done; }

floor=$(for _ in $(seq "$repeats"); do time_it direct_loop; done | median)
w1=$(for _ in $(seq "$repeats"); do time_it "$flakecheck" run --package-path "$package" --filter "$test_id\$" --runs 100 --workers 1 --no-build --quiet --output "$out"; done | median)
w2=$(for _ in $(seq "$repeats"); do time_it "$flakecheck" run --package-path "$package" --filter "$test_id\$" --runs 100 --workers 2 --no-build --quiet --output "$out"; done | median)
loop=$(time_it swift_test_loop)
loop100=$(echo "$loop * 100 / $loop_runs" | bc -l)

rss() {  # flakecheck's own peak resident set size (VmHWM) in MB for N runs, sampled from /proc.
  # (/usr/bin/time would report the largest descendant instead, i.e. a test process.)
  "$flakecheck" run --package-path "$package" --filter "$test_id\$" --runs "$1" --workers 2 \
    --no-build --quiet --output "$out" >/dev/null 2>&1 &
  local pid=$! peak=0 value
  while kill -0 "$pid" 2>/dev/null; do
    value=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    [[ -n "$value" && "$value" -gt "$peak" ]] && peak=$value
    sleep 0.1
  done
  wait "$pid" || true
  awk -v kb="$peak" 'BEGIN {printf "%.1f", kb / 1024}'
}

printf '| measurement (100 runs of one fast XCTest, %s) | seconds | ratio |\n|---|---:|---:|\n' "$(date -u +%F)"
printf '| floor: 100 sequential direct invocations of the test binary | %.2f | 1.00 |\n' "$floor"
printf '| `flakecheck run --runs 100 --workers 1` | %.2f | %.2f |\n' "$w1" "$(echo "$w1 / $floor" | bc -l)"
printf '| `flakecheck run --runs 100 --workers 2` | %.2f | %.2f |\n' "$w2" "$(echo "$w2 / $floor" | bc -l)"
printf '| `for i in $(seq 100); do swift test --filter X; done` (%s runs, scaled) | %.2f | %.2f |\n' "$loop_runs" "$loop100" "$(echo "$loop100 / $floor" | bc -l)"
printf '\n| runs | peak RSS (MB) |\n|---:|---:|\n'
for runs in ${RSS_RUNS:-100 1000 10000}; do printf '| %s | %s |\n' "$runs" "$(rss "$runs")"; done
rm -rf "$out" "$KNOWN_OUTCOMES_STATE_DIR"
