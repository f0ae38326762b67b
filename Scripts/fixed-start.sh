#!/usr/bin/env bash
# flakecheck's own cost: its fixed start and its per-run overhead, against the floor of starting the test
# binary directly in a shell loop, for 1, 10 and 100 runs and 1 and 2 workers. Prints a Markdown table.
#
#   Scripts/fixed-start.sh [REPEATS]        (default 5; each cell is the median of REPEATS)
#
# FLAKECHECK=/path/to/flakecheck measures another build (an older commit's, for a before/after table).
#
# Measurements are interleaved (floor, then each flakecheck variant, then the floor again …) so that a
# burst of load on this shared machine falls on all of them alike. flakecheck is the release build; the
# test is one passing XCTest of the KnownOutcomes fixture, `--no-build`, reports written as usual.
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
package=Tests/FixturePackages/KnownOutcomes
test_id=AlphaTests.StableXCTests/testPasses
export KNOWN_OUTCOMES_STATE_DIR=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$out" "$KNOWN_OUTCOMES_STATE_DIR"' EXIT

if [[ -z "${FLAKECHECK:-}" ]]; then
  flakecheck=$(Scripts/release-build.sh 2>/dev/null)/flakecheck
else
  flakecheck=$FLAKECHECK
fi
swift build --build-tests --package-path "$package" >/dev/null
binary=$(swift build --show-bin-path --package-path "$package")/KnownOutcomesPackageTests.xctest

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
seconds() { local start end; start=$(now); "$@" >/dev/null 2>&1 || true; end=$(now); echo "$end - $start" | bc -l; }
direct() { for _ in $(seq "$1"); do "$binary" "$test_id" >/dev/null 2>&1; done; }
run() {  # run RUNS WORKERS
  "$flakecheck" run --package-path "$package" --filter "$test_id\$" --runs "$1" --workers "$2" --no-build --quiet --output "$out"
}
cold() { FLAKECHECK_NO_CACHE=1 run 1 1; }

run 1 1 >/dev/null 2>&1 || true   # fills the cache and the page cache
declare -A samples
for _ in $(seq "$repeats"); do
  for runs in 1 10 100; do
    samples[floor-$runs]+="$(seconds direct "$runs") "
    samples[w1-$runs]+="$(seconds run "$runs" 1) "
    samples[w2-$runs]+="$(seconds run "$runs" 2) "
  done
  samples[cold]+="$(seconds cold) "
done
m() { tr ' ' '\n' <<<"${samples[$1]}" | grep . | median; }

printf '| runs (%s, median of %s) | direct loop (floor) | flakecheck, 1 worker | ratio | flakecheck, 2 workers | ratio |\n' "$(date -u +%F)" "$repeats"
printf '|---:|---:|---:|---:|---:|---:|\n'
for runs in 1 10 100; do
  f=$(m "floor-$runs"); a=$(m "w1-$runs"); b=$(m "w2-$runs")
  printf '| %s | %.3f s | %.3f s | %.2f | %.3f s | %.2f |\n' "$runs" "$f" "$a" "$(echo "$a / $f" | bc -l)" "$b" "$(echo "$b / $f" | bc -l)"
done
f1=$(m floor-1); f100=$(m floor-100); a1=$(m w1-1); a100=$(m w1-100); c=$(m cold)
printf '\n| measurement | seconds |\n|---|---:|\n'
printf '| fixed start: `run --runs 1` minus one direct run (cached test list and toolchain) | %.3f |\n' "$(echo "$a1 - $f1" | bc -l)"
printf '| fixed start with the cache off (`FLAKECHECK_NO_CACHE=1`: lists the tests, asks `swift --version`) | %.3f |\n' "$(echo "$c - $f1" | bc -l)"
printf '| per-run overhead, 1 worker: (100 runs − 1 run) / 99 minus the floor'"'"'s per run | %.4f |\n' \
  "$(echo "($a100 - $a1) / 99 - ($f100 - $f1) / 99" | bc -l)"
