#!/usr/bin/env bash
# Builds Tests/FixturePackages/AbortingRuns and saves 12 plain `swift test` logs (stdout and stderr in
# one file, as `swift test > run.log 2>&1` does) into Tests/FlakeCheckCoreTests/Fixtures/aborting-runs.
# Runs 4, 8 and 12 abort one XCTest and one Swift Testing test (the package's README says what each
# test's outcome must be). Usage: Scripts/capture-aborting-logs.sh [OUTPUT-FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
package=$PWD/Tests/FixturePackages/AbortingRuns
output=${1:-$PWD/Tests/FlakeCheckCoreTests/Fixtures/aborting-runs}
mkdir -p "$output"
(cd "$package" && swift build --build-tests >/dev/null)
# The binary's own lists, so a test can read the logs with the package's test IDs (as `parse
# --package-path` does).
binary=$(cd "$package" && swift build --show-bin-path)/AbortingRunsPackageTests.xctest
"$binary" --list-tests >"$output/list-xctest.txt"
"$binary" --testing-library swift-testing --list-tests --event-stream-output-path "$output/list-swift-testing.jsonl" \
  --event-stream-version 0 >"$output/list-swift-testing.txt"
for run in $(seq 12); do
  (cd "$package" && ABORTING_RUN=$run swift test --skip-build >"$output/run-$run.log" 2>&1) || true
done
echo "wrote $output/run-{1..12}.log"
