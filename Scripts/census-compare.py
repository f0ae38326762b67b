#!/usr/bin/env python3
"""Compares, test by test, what flakecheck listed, ran and parsed for each census package with the
test binary's own lists and `swift test`'s own xunit files (see Scripts/census.sh for the files).

Usage: Scripts/census-compare.py OUT_DIR...      (WORK/NAME/out folders written by Scripts/census.sh)

Prints a Markdown table, one row per package, then each package's exceptions (first 10 per kind, then
a count). Exits 1 when a package did not build, or has invented, dropped or mismatched tests.

Ground truth, per package:
- the test list: the lines of `BIN --list-tests` (XCTest, `Module.Class/method`, read raw: a method
  part may hold spaces) and of `BIN --testing-library swift-testing --list-tests` (Swift Testing, one ID
  a line), skipping only empty lines and the `Listing N tests in X.xctest:` header;
- outcomes: `swift test --skip-build --xunit-output truth-R.xml`, run R of N. It writes
  truth-R-swift-testing.xml for Swift Testing; for XCTest SwiftPM writes truth-R.xml only under
  `--parallel` (not used: it would run each test in a process of its own), so XCTest outcomes come from
  XCTest's own result lines in truth-R.log (`Test Case 'Class.method' passed|failed|skipped (...)`), read by
  read_xctest_console below, a parser independent of flakecheck's; truth-R.xml is used when present.

Mapping an xunit <testcase classname=C name=N> or an XCTest console name to a list ID:
- XCTest xunit: C is `Module.Class`, N is `method`; the ID is `C/N` (the ID splits at its first `/`).
- XCTest console: see console_key (the list turns every `.` of a method name into `/`).
- Swift Testing: C is the module and the suites joined by `.` (`Module.Outer.Inner`; just `Module` for
  a free function), N is the function's name with its labels (`f(x:)`); the ID is
  `Module.Outer/Inner/f(x:)`, so the key of an ID is (its part before the last `/` with `/` read as
  `.`, its last part), after removing a `/File.swift:L:C` suffix (which Swift Testing adds only to IDs
  that would otherwise be the same; xunit cannot tell those apart: they share one key).
An xunit entry that maps to no listed ID is reported ("xunit entry not in the list").

Outcomes: xunit <failure>/<error> is failed, <skipped> is skipped, else passed; a flakecheck history
character P F S C T - is passed, failed, skipped, crashed, timed out, not run.
- run: a test "stable in truth" had the same outcome in every truth run; each flakecheck run whose
  outcome differs from it counts as one mismatch.
- parse: flakecheck parse of truth-R.log must give each test the outcome truth-R's xunit gives it (for
  every test, stable or not); each (test, log) that differs counts as one mismatch.
- invented: in a flakecheck list or report but not in the binary's list; dropped: in the binary's list,
  run by `swift test` at least once, but missing from flakecheck's list or report.
"""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

OUTCOME_OF_CHAR = {"P": "passed", "F": "failed", "S": "skipped", "C": "crashed", "T": "timed out",
                   "-": "not run"}
XCTEST_HEADER = re.compile(r"^Listing \d+ tests? in .*:$")
SOURCE_SUFFIX = re.compile(r"/[^/]+\.swift:\d+:\d+$")
SHOWN = 10


def read_lines(path):
    """The raw lines of a file (newline removed, nothing else), or [] when it is missing."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.rstrip("\n").rstrip("\r") for line in f]


def binary_list(out):
    """IDs the test binary lists itself: ({id: framework}, {id: how many lines list it}, notes)."""
    tests, count, notes = {}, {}, []
    for line in read_lines(os.path.join(out, "list-xctest.txt")):
        if line.strip() == "" or XCTEST_HEADER.match(line):
            continue
        count[line] = count.get(line, 0) + 1
        # A name listed twice is two tests; flakecheck calls the second `ID #2` (as SwiftPM runs both).
        tests[line if count[line] == 1 else f"{line} #{count[line]}"] = "xctest"
    lines = [line for line in read_lines(os.path.join(out, "list-swift-testing.txt")) if line.strip() != ""]
    if lines and XCTEST_HEADER.match(lines[0]):
        # A binary that does not link Swift Testing ignores `--testing-library swift-testing` and lists its
        # XCTest tests again: it has no Swift Testing test.
        notes.append("the binary answered `--testing-library swift-testing --list-tests` with its XCTest list "
                     "(no Swift Testing in it)")
        lines = []
    for line in lines:
        count[line] = count.get(line, 0) + 1
        tests[line if count[line] == 1 else f"{line} #{count[line]}"] = "swift-testing"
    repeated = sorted(t for t, n in count.items() if n > 1)
    if repeated:
        notes.append(f"{len(repeated)} IDs are listed more than once ({sum(count[t] for t in repeated)} lines): "
                     "their outcome is known only when all their runs agree")
    return tests, count, notes


def xunit_key(test_id, framework):
    """The (classname, name) an xunit <testcase> of this test has."""
    if framework == "xctest":
        cls, _, method = test_id.partition("/")
        return (cls, method)
    bare = SOURCE_SUFFIX.sub("", test_id)
    head, _, func = bare.rpartition("/")
    return (head.replace("/", "."), func)


def read_xunit(path):
    """[(classname, name, outcome)] of one xunit file."""
    root = ET.parse(path).getroot()
    cases = []
    for case in root.iter("testcase"):
        children = {child.tag for child in case}
        if "failure" in children or "error" in children:
            outcome = "failed"
        elif "skipped" in children:
            outcome = "skipped"
        else:
            outcome = "passed"
        cases.append((case.get("classname", ""), case.get("name", ""), outcome))
    return cases


REPEAT = re.compile(r" #(\d+)$")
XCTEST_CASE = re.compile(r"Test Case '(.+)' (started at|passed|failed|skipped) ")


def read_xctest_console(path):
    """[(printed name, outcome)] from XCTest's own result lines in a `swift test` log: `Test Case 'C.m'
    passed|failed|skipped (T seconds)` (Linux; macOS prints `-[Module.C m]`).

    A test that starts a child process of the same binary for itself (OpenCombine's crash tests) has the
    child's lines nested inside its own: `started`, the child's `started` (and its result, unless it
    crashed), then its own result. So the lines of one name are read as one block, which ends when every
    `started` in it has had its result or another test starts; the block's outcome is its last result, or
    `crashed` when it has none (the process died in it)."""
    cases = []
    block, depth, last = None, 0, None
    for line in read_lines(path):
        match = XCTEST_CASE.search(line)
        if not match:
            continue
        printed, word = match.group(1), match.group(2)
        if block is not None and printed != block:
            cases.append((block, last or "crashed"))
            block, depth, last = None, 0, None
        if word == "started at":
            block, depth = printed, depth + 1
            continue
        block, depth, last = printed, max(depth - 1, 0), word
        if depth == 0:
            cases.append((block, last))
            block, last = None, None
    if block is not None:
        cases.append((block, last or "crashed"))
    return cases


def console_key(test_id):
    """The key of a listed XCTest ID `Module.Class/method` among XCTest's console names.

    The console prints `Class.method` (Linux) where the list prints `Module.Class/method` with every `.` of
    the method turned into `/` and empty parts left out (corelibs XCTest splits the test's name at `.`, drops
    the class and joins the rest with `/`): `QuickSpec.returns nil for AsyncSpec.current` is listed as
    `Quick.QuickSpec/returns nil for AsyncSpec/current`, `QuickSpec.` as `Quick.QuickSpec`. Both sides are
    brought to (Class, method parts joined with `/`)."""
    cls, _, method = test_id.partition("/")
    return (cls.partition(".")[2], method)


def printed_key(printed):
    if printed.startswith("-[") and printed.endswith("]") and " " in printed:  # macOS: -[Module.Class method]
        cls, _, method = printed[2:-1].partition(" ")
        return (cls.partition(".")[2], method)
    cls, _, rest = printed.partition(".")
    return (cls, "/".join(part for part in rest.split(".") if part))


def truth(out, runs, listed):
    """Per truth run R (1-based): {id: outcome}; plus entries that map to no listed ID, and notes.

    Swift Testing: truth-R-swift-testing.xml. XCTest: truth-R.xml when SwiftPM wrote it; serial `swift test`
    on Linux writes none for XCTest (only `--parallel` does), so XCTest's own console result lines in
    truth-R.log are read instead (read_xctest_console), by a parser of their own, not flakecheck's."""
    ids_of_key = {}
    for test_id, framework in listed.items():
        # `ID #2` (a name listed twice) prints as `ID` does: both share its keys.
        repeated = REPEAT.search(test_id)
        base = test_id[:repeated.start()] if repeated and test_id[:repeated.start()] in listed else test_id
        ids_of_key.setdefault((framework, xunit_key(base, framework)), []).append(test_id)
        if framework == "xctest":
            ids_of_key.setdefault(("xctest-console", console_key(base)), []).append(test_id)
    per_run, unmapped, notes = [], [], []
    frameworks = set(listed.values())
    for r in range(1, runs + 1):
        outcomes = {}
        for framework, name in (("xctest", f"truth-{r}.xml"), ("swift-testing", f"truth-{r}-swift-testing.xml")):
            path = os.path.join(out, name)
            entries = []  # ((namespace, key), outcome)
            if os.path.exists(path):
                try:
                    entries = [((framework, (cls, case_name)), outcome) for cls, case_name, outcome in read_xunit(path)]
                except ET.ParseError as error:
                    notes.append(f"truth run {r}: {name} unreadable ({error})")
                    continue
            elif framework == "xctest" and framework in frameworks:
                entries = [(("xctest-console", printed_key(printed)), outcome)
                           for printed, outcome in read_xctest_console(os.path.join(out, f"truth-{r}.log"))]
            elif framework in frameworks:
                exit_code = "".join(read_lines(os.path.join(out, f"truth-{r}.exit"))) or "?"
                notes.append(f"truth run {r}: no {name} (swift test exit {exit_code}): its outcomes are unknown")
                continue
            grouped = {}
            for key, outcome in entries:
                grouped.setdefault(key, []).append(outcome)
            for key, found in grouped.items():
                ids = ids_of_key.get(key)
                if not ids:
                    unmapped.append(f"run {r} {key[0]}: {key[1]!r}")
                    continue
                if len(set(found)) == 1:
                    for test_id in ids:
                        outcomes[test_id] = found[0]
                else:
                    # Several tests share one key and their outcomes differ: which is which is unknown.
                    for test_id in ids:
                        outcomes[test_id] = "ambiguous"
        per_run.append(outcomes)
    return per_run, sorted(set(unmapped)), notes


def flakecheck_list(out):
    """IDs `flakecheck list` printed (its stdout: `framework<TAB>ID` lines)."""
    tests = {}
    for line in read_lines(os.path.join(out, "flakecheck-list.txt")):
        framework, tab, test_id = line.partition("\t")
        if tab and framework in ("xctest", "swift-testing"):
            tests[test_id] = framework
    return tests


def report(out, name):
    path = os.path.join(out, name, "report.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def parse_history_by_log(rep, runs):
    """For parse: {id: [outcome of truth-R.log for R in 1..runs]}, from runs[].logPath."""
    index_of_log = {}
    for run in rep.get("runs", []):
        match = re.search(r"truth-(\d+)\.log$", run.get("logPath") or "")
        if match:
            index_of_log.setdefault(int(match.group(1)), []).append(run["index"])
    result = {}
    for test in rep["tests"]:
        history = test.get("history") or ""
        per_log = []
        for r in range(1, runs + 1):
            seen = {OUTCOME_OF_CHAR.get(history[i], history[i]) for i in index_of_log.get(r, []) if i < len(history)}
            seen.discard("not run")
            per_log.append(seen.pop() if len(seen) == 1 else ("not run" if not seen else "/".join(sorted(seen))))
        result[test["id"]] = per_log
    return result


def limited(lines):
    shown = lines[:SHOWN]
    if len(lines) > SHOWN:
        shown.append(f"... and {len(lines) - SHOWN} more")
    return shown


def compare(out):
    with open(os.path.join(out, "package.tsv")) as f:
        name, _url, tag, patch = f.read().rstrip("\n").split("\t")[:4]
    row = {"package": name, "version": tag + (" (patched)" if patch != "-" else "")}
    exceptions = []
    failed_step = "".join(read_lines(os.path.join(out, "failed")))
    if failed_step:
        row["failed"] = failed_step
        return row, [f"{failed_step} failed: see {out}/{failed_step}.log"], True
    runs = len([n for n in os.listdir(out) if re.fullmatch(r"truth-\d+\.log", n)])
    listed, count, notes = binary_list(out)
    exceptions += notes
    xctest_count = sum(n for t, n in count.items() if listed[t] == "xctest")
    swift_testing_count = sum(count.values()) - xctest_count
    row["mix"] = ("XCTest" if xctest_count else "") + (" + " if xctest_count and swift_testing_count else "") + \
        ("Swift Testing" if swift_testing_count else "") or "none"
    row["listed"] = f"{xctest_count} + {swift_testing_count}" + (
        f" ({len(listed)} IDs)" if len(listed) != xctest_count + swift_testing_count else "")
    per_run, unmapped, notes = truth(out, runs, listed)
    exceptions += notes
    if unmapped:
        exceptions += ["xunit entry not in the list: " + line for line in limited(unmapped)]
    ran_by_swift_test = {t for outcomes in per_run for t in outcomes}
    never_ran = sorted(set(listed) - ran_by_swift_test)
    if never_ran:
        exceptions += ["listed but never run by swift test (not counted as dropped): " + t for t in limited(never_ran)]
    stable = {}
    for test_id in listed:
        seen = [outcomes.get(test_id) for outcomes in per_run]
        if seen and None not in seen and len(set(seen)) == 1 and seen[0] != "ambiguous":
            stable[test_id] = seen[0]
    unstable = sorted(t for t in ran_by_swift_test if t not in stable)
    if unstable:
        exceptions += limited([f"not stable in truth (not compared with run): {t} (swift test runs: "
                               + ", ".join(o.get(t, "absent") for o in per_run) + ")" for t in unstable])
    row["stable"] = len(stable)
    bad = bool(unmapped)

    fc_list = flakecheck_list(out)
    row["fc list"] = len(fc_list)
    inv, drop = {}, {}
    inv["list"] = sorted(set(fc_list) - set(listed))
    drop["list"] = sorted((set(listed) & ran_by_swift_test) - set(fc_list))

    mismatches = {}
    for kind in ("run", "parse"):
        rep = report(out, kind)
        if rep is None:
            row[kind] = "no report"
            exceptions.append(f"{kind}: no report.json (see {out}/{kind}.log)")
            inv[kind], drop[kind], mismatches[kind] = [], [], []
            bad = True
            continue
        ids = {t["id"] for t in rep["tests"]}
        row[kind] = len(ids)
        inv[kind] = sorted(ids - set(listed))
        drop[kind] = sorted((set(listed) & ran_by_swift_test) - ids)
        found = []
        if kind == "run":
            for test in rep["tests"]:
                expected = stable.get(test["id"])
                if expected is None:
                    continue
                got = [OUTCOME_OF_CHAR.get(c, c) for c in test.get("history") or ""]
                differing = [i + 1 for i, outcome in enumerate(got) if outcome != expected]
                if differing:
                    found.append((len(differing), f"{test['id']}: swift test {expected} in every run; flakecheck run "
                                  + ", ".join(f"{i}: {got[i - 1]}" for i in differing)))
        else:
            by_log = parse_history_by_log(rep, runs)
            pieces = [sum(1 for run in rep.get("runs", []) if re.search(rf"truth-{r}\.log$", run.get("logPath") or ""))
                      for r in range(1, runs + 1)]
            if any(n != 1 for n in pieces):
                exceptions.append("parse: read the truth logs (one `swift test` run each) as "
                                  + ", ".join(f"{n} runs" for n in pieces)
                                  + "; a test's different outcomes within one log are shown joined with `/`")
            for test_id, per_log in sorted(by_log.items()):
                if test_id not in listed:
                    continue
                differing = []
                for r, got in enumerate(per_log, start=1):
                    expected = per_run[r - 1].get(test_id) if r - 1 < len(per_run) else None
                    if expected is None or expected == "ambiguous":
                        continue  # unknown in truth (no xunit entry in that run)
                    if got != expected:
                        differing.append(f"truth-{r}: swift test {expected}, parse {got}")
                if differing:
                    found.append((len(differing), f"{test_id}: " + "; ".join(differing)))
        mismatches[kind] = found
    for kind in ("list", "run", "parse"):
        exceptions += [f"{kind}: invented {t}" for t in limited(inv[kind])]
        exceptions += [f"{kind}: dropped {t}" for t in limited(drop[kind])]
    for kind in ("run", "parse"):
        exceptions += [f"{kind}: mismatch {line}" for line in limited([m[1] for m in mismatches[kind]])]
    row["invented"] = "/".join(str(len(inv[k])) for k in ("list", "run", "parse"))
    row["dropped"] = "/".join(str(len(drop[k])) for k in ("list", "run", "parse"))
    for kind in ("run", "parse"):
        count = sum(m[0] for m in mismatches[kind])
        row[f"{kind} mismatches"] = f"{count} ({len(mismatches[kind])} tests)" if count else "0"
    bad = bad or any(inv[k] or drop[k] for k in inv) or any(mismatches[k] for k in mismatches)
    seconds_path = os.path.join(out, "seconds.json")
    if os.path.exists(seconds_path):
        with open(seconds_path) as f:
            seconds = json.load(f)
        row["seconds"] = f"{seconds.get('firstBuild', seconds['build'])} / {seconds['total'] - seconds['build']}"
        row["swift test"] = f"{seconds['truth'] / max(runs, 1):.1f}"
    wall_path = os.path.join(out, "run-wall-seconds.txt")
    rep = report(out, "run")
    if os.path.exists(wall_path) and rep:
        whole = float(open(wall_path).read().strip())
        own = rep.get("wallSeconds", 0.0)
        recheck = (rep.get("recheck") or {}).get("seconds")
        # The bar of issue #52: the command's whole time at most 1.5 times the runs' own, plus 10 s.
        within = whole <= 1.5 * own + 10
        row["wall"] = (f"{whole:.1f} / {own:.1f} / " + (f"{recheck:.1f}" if recheck is not None else "-")
                       + ("" if within else " (over 1.5x+10)"))
        timed_out = [t["id"] for t in rep.get("tests", []) if t.get("timedOut", 0) > 0]
        row["timed out"] = str(len(timed_out))
        exceptions += [f"run: timed out {t}" for t in limited(timed_out)]
    return row, exceptions, bad


COLUMNS = [("package", "package"), ("version", "version"), ("mix", "frameworks"),
           ("listed", "binary's lists (XCTest + Swift Testing)"), ("stable", "stable in truth"),
           ("fc list", "`list`"), ("run", "`run` report"), ("parse", "`parse` report"),
           ("invented", "invented (list/run/parse)"), ("dropped", "dropped (list/run/parse)"),
           ("run mismatches", "`run` mismatches"), ("parse mismatches", "`parse` mismatches"),
           ("seconds", "s: first build / tests"), ("swift test", "`swift test` s a run"),
           ("wall", "`run` s: whole / runs / re-check"), ("timed out", "timed out")]


def main():
    outs = sys.argv[1:]
    if not outs:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    results = [compare(out.rstrip("/")) for out in outs]
    print("| " + " | ".join(title for _, title in COLUMNS) + " |")
    print("|" + "---|" * len(COLUMNS))
    for row, _, _ in results:
        if "failed" in row:
            print(f"| {row['package']} | {row['version']} | {row['failed']} failed |" + " |" * (len(COLUMNS) - 3))
            continue
        print("| " + " | ".join(str(row.get(key, "")) for key, _ in COLUMNS) + " |")
    for row, exceptions, _ in results:
        if exceptions:
            print(f"\n{row['package']}:")
            for line in exceptions:
                print("- " + line)
    return 1 if any(bad for _, _, bad in results) else 0


if __name__ == "__main__":
    sys.exit(main())
