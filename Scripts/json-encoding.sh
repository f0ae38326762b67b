#!/usr/bin/env bash
# report.json's writer against Foundation's JSONEncoder (issue #39 item 4). Builds flakecheck and
# parser-benchmark in release mode, makes three reports with `flakecheck parse` (a ~100 MB repetition log
# of the committed fixtures, and whole suites' CI histories of 2,000 tests over 25 runs and 4,000 over 50,
# as Scripts/parser-throughput.sh makes them), then times both encoders on each report, median of REPEATS.
#   Scripts/json-encoding.sh [REPEATS]        (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=$(Scripts/release-build.sh flakecheck parser-benchmark 2>/dev/null)
fixtures=Tests/FlakeCheckCoreTests/Fixtures
cat "$fixtures/linux-6.3.1-xctest.txt" "$fixtures/linux-6.3.1-swift-testing.txt" \
    "$fixtures/macos-6.0-mixed-xcbeautify.txt" "$fixtures/linux-6.3.1-swift-test-mixed.txt" > "$work/block"
: > "$work/mixed.log"
while [ "$(stat -c %s "$work/mixed.log")" -lt 100000000 ]; do
    cat "$work/block" "$work/block" "$work/block" "$work/block" >> "$work/mixed.log"
done
for size in "2000 25" "4000 50"; do
    read -r tests runs <<< "$size"
    python3 Scripts/suite-history-log.py "$tests" "$runs" "$work/many-${tests}x${runs}.log"
done
for log in mixed many-2000x25 many-4000x50; do
    "$bin/flakecheck" parse "$work/$log.log" --output "$work/$log" --quiet --no-step-summary >/dev/null 2>&1 || true
    echo "$log ($(($(stat -c %s "$work/$log.log") / 1000000)) MB log, report.json $(($(stat -c %s "$work/$log/report.json") / 1000)) kB):"
    "$bin/parser-benchmark" --encode-report "$work/$log/report.json" --repeats "$repeats" | sed 's/^/  /'
done
