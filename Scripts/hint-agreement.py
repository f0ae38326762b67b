#!/usr/bin/env python3
"""How a report's hints agree with a labelled package's labels.json, test by test.

Usage: Scripts/hint-agreement.py PACKAGE/labels.json REPORT/report.json

Prints each disagreement (label, reading, how it was read, the hint's gate line) and a summary line:
agreed of total, hazards read as gated, unknown readings. Exit status 0 always: the numbers are for the
record (Documentation/Hints.md), the end-to-end test holds them to a bar.
"""
import json
import sys

HAZARDS = {"yield-gated", "sleep-gated", "unstructured-task"}
GATES = {"continuation-gated", "clock-gated", "task-local-scoped"}


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(64)
    labels = json.load(open(sys.argv[1]))["tests"]
    tests = {t["id"]: t for t in json.load(open(sys.argv[2]))["tests"]}
    agreed = unknown = hazard_as_gate = 0
    for label in labels:
        test = tests.get(label["id"])
        hint = (test or {}).get("hint") or "unknown"
        if hint == "unknown":
            unknown += 1
        if label["label"] in HAZARDS and hint in GATES:
            hazard_as_gate += 1
        if hint == label["label"]:
            agreed += 1
            continue
        read_by = (test or {}).get("hintReadBy", "-")
        print(f"{label['id']}: labelled {label['label']}, read {hint} (by {read_by})")
    print(f"{agreed} of {len(labels)} agree; {hazard_as_gate} hazards read as gated; {unknown} unknown")


if __name__ == "__main__":
    main()
