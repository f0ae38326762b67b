#!/usr/bin/env bash
# Parser throughput: builds a ~100 MB mixed XCTest + Swift Testing log from the committed fixtures,
# feeds it through the console parser (release build of the parser-benchmark target) and compares
# with `wc -l` on the same file as a floor. Prints one line per measurement.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-100}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fixtures=Tests/FlakeCheckCoreTests/Fixtures
block=$(mktemp)
cat "$fixtures/linux-6.3.1-xctest.txt" "$fixtures/linux-6.3.1-swift-testing.txt" \
    "$fixtures/macos-6.0-mixed-xcbeautify.txt" "$fixtures/linux-6.3.1-swift-test-mixed.txt" > "$block"
while [ "$(stat -c %s "$log")" -lt $((size_mb * 1000000)) ]; do cat "$block" "$block" "$block" "$block" >> "$log"; done
rm -f "$block"
swift build -c release --product parser-benchmark >/dev/null
start=$(date +%s.%N); wc -l "$log" >/dev/null; end=$(date +%s.%N)
wc_seconds=$(echo "$end - $start" | bc -l)
echo "log: $(stat -c %s "$log") bytes"
printf 'wc -l: %.3f s (%.0f MB/s)\n' "$wc_seconds" "$(echo "$(stat -c %s "$log") / 1000000 / $wc_seconds" | bc -l)"
echo "parser: $("$(swift build -c release --show-bin-path)/parser-benchmark" "$log")"
