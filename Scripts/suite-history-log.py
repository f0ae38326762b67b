#!/usr/bin/env python3
"""A whole suite's CI history as one console log (issue #21 item 4), for the parse benchmarks.

    Scripts/suite-history-log.py TESTS RUNS FILE

TESTS tests, half XCTest and half Swift Testing in 100 classes and suites (every name its own), over RUNS
runs; every 17th XCTest test fails in every 4th run, every 19th Swift Testing test in every 5th.
Used by Scripts/parser-throughput.sh and Scripts/json-encoding.sh.
"""
import sys

tests, runs, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
half = tests // 2
per = half // 100
with open(path, "w") as out:
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
