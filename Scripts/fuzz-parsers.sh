#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers with libFuzzer (issue #6). Compiles the sources of the layers
# the parsers stand on (Model, Support, Parsing, Analysis; their imports of each other taken out, as one
# module) and Scripts/fuzz/ParserFuzzer.swift into one binary with -sanitize=fuzzer,address, seeds a corpus
# from the committed fixtures, and fuzzes for SECONDS (default 600). A crash, a precondition failure,
# an input that takes more than 10 s (a hang) or a run over 2 GB of memory stops it and leaves the
# input in .build/fuzz/ as crash-*, timeout-* or oom-*; re-run one with `.build/fuzz/parser-fuzzer FILE`.
# Usage: Scripts/fuzz-parsers.sh [SECONDS] [extra libFuzzer options]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
work=.build/fuzz
mkdir -p "$work/corpus"
layers="Sources/FlakeCheckModel Sources/FlakeCheckSupport Sources/FlakeCheckParsing Sources/FlakeCheckAnalysis"
sources=$(find $layers Scripts/fuzz -name '*.swift')
# About 90 s on 2 cores; skipped when no source changed since the last build.
if [ ! -x "$work/parser-fuzzer" ] || [ -n "$(find $sources -newer "$work/parser-fuzzer")" ]; then
    rm -rf "$work/sources" && mkdir -p "$work/sources"
    for file in $sources; do
        grep -v '^import FlakeCheck' "$file" > "$work/sources/$(echo "$file" | tr / _)"
    done
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name FlakeCheckFuzz -package-name flakecheck \
        "$work"/sources/*.swift \
        -o "$work/parser-fuzzer"
fi
for fixture in Tests/FlakeCheckCoreTests/Fixtures/*.txt Tests/FlakeCheckCoreTests/Fixtures/*.jsonl; do
    # Two leading bytes pick the chunk size (here 4 KiB), then the fixture; libFuzzer works best on
    # small inputs, so long fixtures are cut at 60 KB.
    { printf '\x0f\xff'; head -c 60000 "$fixture"; } > "$work/corpus/$(basename "$fixture")"
done
cd "$work"
# libFuzzer reports a crash itself; Swift's backtracer would wait on it, holding the script's file
# descriptors (a build lock among them) after the fuzzer is gone.
export SWIFT_BACKTRACE=enable=no
exec ./parser-fuzzer -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$@" corpus
