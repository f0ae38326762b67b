#!/usr/bin/env bash
# Runs flakecheck on Tests/FixturePackages/FeatureMatrix (72 tests whose outcomes were written down before
# any run, by someone other than the attribution code's author) in process mode, in-process mode and parse
# of saved `swift test` logs, and compares every test's history with expectations.json.
# Usage: Scripts/feature-matrix.sh [RUNS] [WORKERS]      (default 8 runs, 2 workers; about 3 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-8}
workers=${2:-2}
package=$PWD/Tests/FixturePackages/FeatureMatrix
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
swift build --product flakecheck >/dev/null
flakecheck=$PWD/.build/debug/flakecheck
status=0
for mode in process in-process; do
  FEATURE_MATRIX_STATE_DIR="$scratch/state-$mode" "$flakecheck" run --package-path "$package" --runs "$runs" \
    --workers "$workers" --mode "$mode" --output "$scratch/$mode" --quiet >"$scratch/$mode.log" 2>&1 || true
  python3 Scripts/feature-matrix-compare.py "$package/expectations.json" "$scratch/$mode/report.json" \
    "$scratch/state-$mode" "$mode" || status=1
done
mkdir -p "$scratch/logs"
for run in $(seq "$runs"); do
  (cd "$package" && FEATURE_MATRIX_STATE_DIR="$scratch/state-parse" FLAKECHECK_RUN=$run swift test --skip-build \
    --skip ClosedOutputXCTests --skip ExitZeroXCTests --skip AbortSuite --skip InvalidUTF8XCTests \
    --skip ForgedLineSuite >"$scratch/logs/run-$run.log" 2>&1 || true)
done
"$flakecheck" parse "$scratch"/logs/run-*.log --package-path "$package" --output "$scratch/parse" --quiet \
  >/dev/null 2>&1 || true
python3 Scripts/feature-matrix-compare.py "$package/expectations.json" "$scratch/parse/report.json" \
  "$scratch/state-parse" parse || status=1
exit $status
