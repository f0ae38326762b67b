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
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
# As Scripts/parser-throughput.sh's many_log: half XCTest, half Swift Testing, 100 classes and suites.
for tests, runs in ((2000, 25), (4000, 50)):
    half, per = tests // 2, tests // 200
    with open(f"{work}/many-{tests}x{runs}.log", "w") as out:
        for run in range(runs):
            out.write("Test Suite 'All tests' started at 2026-11-24 10:00:00.000\n")
            for c in range(100):
                for t in range(per):
                    name = f"Class{c}Tests.testCase{t}"
                    out.write(f"Test Case '{name}' started at 2026-11-24 10:00:00.000\n")
                    if (c * per + t) % 17 == 0 and run % 4 == 0:
                        out.write(f"/src/Tests/Class{c}Tests.swift:{t + 10}: error: {name} : XCTAssertEqual failed: "
                                  "(\"1\") is not equal to (\"2\") - values differ\n")
                        out.write(f"Test Case '{name}' failed (0.012 seconds)\n")
                    else:
                        out.write(f"Test Case '{name}' passed (0.00{t % 10} seconds)\n")
            out.write(f"Test Suite 'All tests' passed at 2026-11-24 10:00:01.000.\n\t Executed {half} tests, "
                      "with 0 failures (0 unexpected) in 1.0 (1.0) seconds\n")
            out.write("◇ Test run started.\n")
            for s in range(100):
                for t in range(per):
                    out.write(f"◇ Test feature{s}x{t}() started.\n")
                for t in range(per):
                    if (s * per + t) % 19 == 0 and run % 5 == 0:
                        out.write(f"✘ Test feature{s}x{t}() recorded an issue at Suite{s}.swift:{t + 5}:9: "
                                  "Expectation failed: value == 2\n")
                        out.write(f"✘ Test feature{s}x{t}() failed after 0.00{t % 10} seconds with 1 issue.\n")
                    else:
                        out.write(f"✔ Test feature{s}x{t}() passed after 0.00{t % 10} seconds.\n")
            out.write(f"✔ Test run with {half} tests in 100 suites passed after 1.0 seconds.\n")
PY
for log in mixed many-2000x25 many-4000x50; do
    "$bin/flakecheck" parse "$work/$log.log" --output "$work/$log" --quiet --no-step-summary >/dev/null 2>&1 || true
    echo "$log ($(($(stat -c %s "$work/$log.log") / 1000000)) MB log, report.json $(($(stat -c %s "$work/$log/report.json") / 1000)) kB):"
    "$bin/parser-benchmark" --encode-report "$work/$log/report.json" --repeats "$repeats" | sed 's/^/  /'
done
