#!/usr/bin/env bash
# Parser throughput, scaling and memory (issue #6). Builds the parser-benchmark target in release mode,
# then measures, each as the median of RUNS runs (default 5; this machine is shared, so medians):
#   1. a ~100 MB mixed XCTest + Swift Testing log made from the committed fixtures (Linux and macOS
#      formats, ANSI-coloured xcbeautify output included): parser MB/s, `wc -l` MB/s on the same file as
#      a floor, and their ratio; then the same with the events folded into a RunTranscript, as flakecheck
#      does for every test process;
#   2. the same log at 10 MB, so MB/s at 10 and 100 MB shows time is linear in the input;
#   3. worst-case line shapes, each a file of 1 MB lines (the splitter's cap): quadratic work on any of
#      them would show as well under 1 MB/s;
#   4. a million `Test Case … started` lines with no end, where the transcript grows to its cap;
#   5. `flakecheck parse` end to end (read, parse, one run per iteration, summaries, report.json) on the
#      same log, which is a repetition log (its blocks repeat the same tests thousands of times), at 100
#      and 10 MB; on a log of about the same size made of 20 runs with test prints between them,
#      which shows memory follows the results (tests x runs, what the report holds), not the log's bytes;
#      and on a whole suite's CI history: 2,000 tests over 25 runs, 3,000 over 30 and 4,000 over 50 (half
#      XCTest, half Swift Testing; 5, 10 and 22 MB);
#   6. with valgrind installed (and COUNT_INSTRUCTIONS not 0), instructions per byte at 10 and 100 MB:
#      a count that, unlike MB/s on a shared machine, does not move between runs, and shows linearity.
# Usage: Scripts/parser-throughput.sh [SIZE_MB] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-100}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bin=$(Scripts/release-build.sh flakecheck parser-benchmark 2>/dev/null)
bench="$bin/parser-benchmark"
flakecheck="$bin/flakecheck"

fixtures=Tests/FlakeCheckCoreTests/Fixtures
cat "$fixtures/linux-6.3.1-xctest.txt" "$fixtures/linux-6.3.1-swift-testing.txt" \
    "$fixtures/macos-6.0-mixed-xcbeautify.txt" "$fixtures/linux-6.3.1-swift-test-mixed.txt" > "$work/block"
grow() {  # grow FILE SOURCE MEGABYTES: repeats SOURCE until FILE holds at least that many MB
    : > "$1"
    while [ "$(stat -c %s "$1")" -lt $(($3 * 1000000)) ]; do cat "$2" "$2" "$2" "$2" >> "$1"; done
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() {  # measure FILE [--transcript]: "MB/s peak-MB" medians over $runs runs
    local out; out=$(for _ in $(seq "$runs"); do "$bench" "$@"; done)
    echo "$(echo "$out" | sed -E 's|.*, ([0-9.]+) MB/s,.*|\1|' | median) $(echo "$out" | sed -E 's|.*peak RSS ([0-9.]+) MB|\1|' | median)"
}

grow "$work/mixed.log" "$work/block" "$size_mb"
bytes=$(stat -c %s "$work/mixed.log")
wc_mbps=$(for _ in $(seq "$runs"); do
    start=$(date +%s.%N); wc -l "$work/mixed.log" >/dev/null; end=$(date +%s.%N)
    echo "$bytes / 1000000 / ($end - $start)" | bc -l
done | median)
read -r parser_mbps parser_peak <<< "$(measure "$work/mixed.log")"
read -r transcript_mbps transcript_peak <<< "$(measure "$work/mixed.log" --transcript)"
echo "mixed log: $bytes bytes, $(wc -l < "$work/mixed.log") lines; medians of $runs runs"
printf '  wc -l:                 %7.0f MB/s\n' "$wc_mbps"
printf '  parser:                %7.1f MB/s  (%.3f of wc -l)  peak RSS %s MB\n' \
    "$parser_mbps" "$(echo "$parser_mbps / $wc_mbps" | bc -l)" "$parser_peak"
printf '  parser + transcript:   %7.1f MB/s  peak RSS %s MB\n' "$transcript_mbps" "$transcript_peak"

grow "$work/small.log" "$work/block" $((size_mb / 10))
read -r small_mbps small_peak <<< "$(measure "$work/small.log")"
printf '  parser at %3d MB:      %7.1f MB/s  peak RSS %s MB (linear: same MB/s at a tenth of the size)\n' \
    $((size_mb / 10)) "$small_mbps" "$small_peak"

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
megabyte = 1_000_000
def line(prefix, unit, suffix):
    return prefix + unit * ((megabyte - len(prefix) - len(suffix)) // len(unit)) + suffix + "\n"
shapes = {
    "at-fragments": line("✘ Test x() recorded an issue", " at a", ": m"),
    "digit-runs": line("✘ Test x() recorded an issue at ", "1:", ": m"),
    "quotes": line("✔ Test \"", "\"x", "\" passed after 1 seconds."),
    "case-markers": line("Test Case '", "' started' passed (", ""),
    "error-markers": line("", "F.swift:1: error: ", "A.b : m"),
    "plain-text": line("", "x", ""),
}
for name, text in shapes.items():
    with open(f"{work}/shape-{name}.log", "w") as out:
        out.write(text * 20)
with open(f"{work}/starts.log", "w") as out:
    out.write("Test Case 'A.testX' started at 2026-01-01 00:00:00.000\n" * 1_000_000)
PY
echo "worst-case shapes: 20 lines of 1 MB each"
for shape in "$work"/shape-*.log; do
    read -r mbps peak <<< "$(measure "$shape")"
    name=$(basename "$shape" .log)
    printf '  %-22s %7.1f MB/s  peak RSS %s MB\n' "${name#shape-}:" "$mbps" "$peak"
done
read -r starts_mbps starts_peak <<< "$(measure "$work/starts.log" --transcript)"
printf 'a million starts with no end (%d MB), parser + transcript: %.1f MB/s, peak RSS %s MB\n' \
    $(($(stat -c %s "$work/starts.log") / 1000000)) "$starts_mbps" "$starts_peak"

parse_measure() {  # parse_measure FILE: "MB/s peak-MB runs tests report-MB", medians over $runs runs
    local size out seconds peak
    size=$(stat -c %s "$1")
    # Wall time from the clock in nanoseconds (`time`'s own is in hundredths, a tenth of a 0.1 s parse).
    out=$(for _ in $(seq "$runs"); do
        start=$(date +%s.%N)
        peak=$(/usr/bin/time -f '%M' "$flakecheck" parse "$1" --output "$work/parse-report" --quiet --no-step-summary \
            2>&1 >/dev/null | tail -1)
        end=$(date +%s.%N)
        echo "$(echo "$end - $start" | bc -l) $peak"
    done)
    seconds=$(echo "$out" | awk '{ print $1 }' | median)
    peak=$(echo "$out" | awk '{ print $2 }' | median)
    python3 -c '
import json, os, sys
path, size, seconds, peak = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
report = json.load(open(path))
runs, tests = report["configuration"]["runs"], len(report["tests"])
print(f"{size / 1e6 / max(seconds, 1e-3):.1f} {peak / 1000:.1f} {runs} {tests} {os.path.getsize(path) / 1e6:.1f}")
' "$work/parse-report/report.json" "$size" "$seconds" "$peak"
}
python3 -c '
import sys
work, fixtures, size_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
run = open(f"{fixtures}/linux-6.3.1-swift-test-mixed.txt").read()
noise = "".join(f"[app] request {i} handled by worker {i % 7} in 0.{i % 1000:03d} s\n" for i in range(5000))
per_run = size_mb * 1_000_000 // 20 // len(noise)
with open(f"{work}/noisy.log", "w") as out:
    for _ in range(20):
        out.write(noise * per_run + run)
' "$work" "$fixtures" "$size_mb"
many_log() {  # many_log TESTS RUNS FILE: a whole suite's CI history (#21 item 4)
    python3 Scripts/suite-history-log.py "$1" "$2" "$3"
}
# The range issue #21 item 4 names: 2,000 to 4,000 tests repeated 25 to 50 times.
many_log 2000 25 "$work/many-2000x25.log"
many_log 3000 30 "$work/many.log"
many_log 4000 50 "$work/many-4000x50.log"
echo "flakecheck parse, end to end (median of $runs; memory is peak RSS):"
for log in mixed small noisy many-2000x25 many many-4000x50; do
    read -r mbps peak parsed_runs tests report_mb <<< "$(parse_measure "$work/$log.log")"
    printf '  %-14s %4d MB: %7.1f MB/s  peak RSS %6s MB  %6d runs x %3d tests  report.json %s MB\n' "$log" \
        $(($(stat -c %s "$work/$log.log") / 1000000)) "$mbps" "$peak" "$parsed_runs" "$tests" "$report_mb"
done

if [ "${COUNT_INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; then
    echo "instructions (valgrind --tool=callgrind, parser only):"
    for log in small mixed; do
        size=$(stat -c %s "$work/$log.log")
        count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$work/$log.log" 2>&1 \
            | sed -nE 's/.*Collected : ([0-9]+).*/\1/p')
        printf '  %4d MB: %d instructions, %.1f per byte\n' $((size / 1000000)) "$count" "$(echo "$count / $size" | bc -l)"
    done
fi
