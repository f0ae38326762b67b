#!/usr/bin/env bash
# Runs each strategy's tests N times, each run in a fresh process, and prints pass counts.
# Usage: ./measure.sh [runs] [strategy-name ...]    (build first: swift build --build-tests)
# Needs python3 to read strategies.json.
set -u
cd "$(dirname "$0")"
runs=${1:-100}; shift || true
BIN="$(swift build --show-bin-path)/ConcurrencyStrategiesPackageTests.xctest"
python3 -c 'import json,sys; [print(s["name"], s["filter"]) for s in json.load(open("strategies.json"))]' |
while read -r name filter; do
    if [ $# -gt 0 ] && [[ ! " $* " =~ " $name " ]]; then continue; fi
    # XCTest on Linux takes Suite/test specifiers, not regexes: resolve the filter via --list-tests.
    xct=$("$BIN" --list-tests 2>/dev/null | grep -E "^[A-Za-z]" | grep -E "$filter" | paste -sd, -)
    xpass=0; spass=0
    for _ in $(seq "$runs"); do
        "$BIN" "$xct" >/dev/null 2>&1 && xpass=$((xpass + 1))
        "$BIN" --testing-library swift-testing --filter "$filter" >/dev/null 2>&1 && spass=$((spass + 1))
    done
    printf '%-28s XCTest %3d/%d   Swift Testing %3d/%d\n' "$name" "$xpass" "$runs" "$spass" "$runs"
done
