#!/usr/bin/env bash
# What reading the compiler's index for the hints costs a run of a large package: `flakecheck run --runs 1
# --no-build` of the KnownOutcomes fixture (2,535 tests), with the index and by name
# (FLAKECHECK_INDEXSTORE_LIBRARY=/nonexistent), taking turns, medians of REPEATS. Two selections: one test
# (the index's fixed cost) and its 2,500 `LongNamedXCTests` methods (hints for each; the whole package also
# holds tests that hang until their timeout). Prints a Markdown table.
#
#   Scripts/index-cost.sh [REPEATS]        (default 7)
#
# FLAKECHECK=/path/to/flakecheck measures another build; the default is this checkout's debug build (slower
# than a release build, so the difference it shows is an upper bound).
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-7}
package=Tests/FixturePackages/KnownOutcomes
export KNOWN_OUTCOMES_STATE_DIR=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$out" "$KNOWN_OUTCOMES_STATE_DIR"' EXIT
flakecheck=${FLAKECHECK:-$(swift build --show-bin-path)/flakecheck}
swift build --build-tests --package-path "$package" >/dev/null
[ -d "$package/.build/debug/index/store" ] || { echo "no index store in $package/.build/debug/index" >&2; exit 1; }

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
seconds() { local start end; start=$(now); "$@" >/dev/null 2>&1 || true; end=$(now); echo "$end - $start" | bc -l; }
run() {  # run FILTER...
  "$flakecheck" run --package-path "$package" "$@" --runs 1 --no-build --quiet --output "$out"
}
byname() { FLAKECHECK_INDEXSTORE_LIBRARY=/nonexistent run "$@"; }
one=(--filter 'AlphaTests.StableXCTests/testPasses$')
many=(--filter 'HostileTests.LongNamedXCTests')

run "${one[@]}" >/dev/null 2>&1 || true   # fills the discovery cache and the page cache
declare -A samples
for _ in $(seq "$repeats"); do
  samples[one-index]+="$(seconds run "${one[@]}") "
  samples[one-name]+="$(seconds byname "${one[@]}") "
  samples[all-index]+="$(seconds run "${many[@]}") "
  samples[all-name]+="$(seconds byname "${many[@]}") "
done
m() { echo "${samples[$1]}" | tr ' ' '\n' | grep -v '^$' | median; }
echo "| selection (median of $repeats) | with the index | by name | index minus name |"
echo "|---|---:|---:|---:|"
for selection in one all; do
  index=$(m "$selection-index"); name=$(m "$selection-name")
  label=$([ "$selection" = one ] && echo "one test" || echo "2,500 tests")
  printf '| %s | %.3f s | %.3f s | %+.3f s |\n' "$label" "$index" "$name" "$(echo "$index - $name" | bc -l)"
done
