#!/usr/bin/env bash
# Failure rate of a selection plain and under --hunt, interleaved block by block, with each arm's share
# of the hunt's runs, its failures and its cost per run (issue #36's measure: the hunt must keep at least
# 0.9 of the plain rate of a race that delays hide).
#
#   Scripts/hunt-rates.sh PACKAGE FILTER [BLOCKS] [RUNS]
#       defaults: 20 blocks of 1,000 runs per level (20,000 runs each)
#
# Each block is one `flakecheck run --runs RUNS --no-build` per level, plain then --hunt, so a slow or busy
# stretch of this shared machine falls on both alike. Hunt block B runs with --perturb-seed B and
# --learn-from the previous hunt block's report, as a user who runs the hunt again would. Build the
# package's tests first. FLAKECHECK overrides the binary (a copy, so a rebuild meanwhile does not
# change it mid-run; the hook library must sit beside it).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
package=$1
filter=$2
blocks=${3:-20}
runs=${4:-1000}
flakecheck=${FLAKECHECK:-$(swift build --package-path "$here" --show-bin-path)/flakecheck}
work=${HUNT_WORK:-$(mktemp -d)}
mkdir -p "$work"
echo "reports in $work" >&2
previous=()
for block in $(seq "$blocks"); do
  "$flakecheck" run --package-path "$package" --filter "$filter" --runs "$runs" --no-build \
    --output "$work/plain-$block" --quiet >/dev/null 2>&1 || true
  "$flakecheck" run --package-path "$package" --filter "$filter" --runs "$runs" --no-build --hunt \
    --perturb-seed "$block" "${previous[@]}" --output "$work/hunt-$block" --quiet >/dev/null 2>&1 || true
  previous=(--learn-from "$work/hunt-$block/report.json")
  echo "block $block of $blocks done" >&2
done
python3 - "$work" "$blocks" <<'PY'
import json, math, sys, statistics
work, blocks = sys.argv[1], int(sys.argv[2])
def wilson(k, n, z=1.959964):
    if n == 0: return (0.0, 1.0)
    p = k / n; d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d; h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))
def cell(k, n):
    lo, hi = wilson(k, n)
    return f"{k} / {n:,} | {100*k/max(n,1):.2f}% ({100*lo:.2f}–{100*hi:.2f}%)"
totals, seconds = {}, {}
arms = {}  # test -> arm -> [failures, runs, late failures, late runs]
durations = {}  # arm -> [seconds per run]
for level in ("plain", "hunt"):
    for block in range(1, blocks + 1):
        report = json.load(open(f"{work}/{level}-{block}/report.json"))
        seconds[level] = seconds.get(level, 0) + max((r.get("endSeconds") or 0) for r in report["runs"])
        runs_by_index = {r["index"]: r for r in report["runs"]}
        for test in report["tests"]:
            failed = test["failed"] + test["crashed"] + test["timedOut"]
            entry = totals.setdefault(test["id"], {}).setdefault(level, [0, 0])
            entry[0] += failed
            entry[1] += failed + test["passed"]
            if level != "hunt": continue
            for index, symbol in enumerate(test["history"]):
                if symbol not in "PFCT": continue
                arm = (runs_by_index.get(index, {}).get("perturbation") or {}).get("arm", "?")
                a = arms.setdefault(test["id"], {}).setdefault(arm, [0, 0, 0, 0])
                bad = symbol != "P"
                a[0] += bad; a[1] += 1
                if block > blocks // 2: a[2] += bad; a[3] += 1
        if level == "hunt":
            for r in report["runs"]:
                arm = (r.get("perturbation") or {}).get("arm", "?")
                if r.get("startSeconds") is not None and r.get("endSeconds") is not None:
                    durations.setdefault(arm, []).append(r["endSeconds"] - r["startSeconds"])
print("| test | level | failures / runs | rate (Wilson 95%) | / plain |")
print("|---|---|---:|---:|---:|")
for test, levels in sorted(totals.items()):
    pk, pn = levels.get("plain", [0, 0])
    for level in ("plain", "hunt"):
        k, n = levels.get(level, [0, 0])
        ratio = "–" if level == "plain" or pk == 0 else f"{(k / n) / (pk / pn):.2f}"
        print(f"| {test} | {level} | {cell(k, n)} | {ratio} |")
print()
print("Seconds of runs per level: " + ", ".join(f"{level} {seconds[level]:.0f} s" for level in seconds))
print()
print("Hunt runs per arm (all blocks; second half of the blocks after the slash):")
print()
print("| test | arm | failures / runs | rate (Wilson 95%) | share of runs | share, second half | median seconds per run |")
print("|---|---|---:|---:|---:|---:|---:|")
for test, by_arm in sorted(arms.items()):
    all_runs = sum(v[1] for v in by_arm.values()); late_runs = sum(v[3] for v in by_arm.values())
    for arm, (k, n, lk, ln) in sorted(by_arm.items(), key=lambda kv: -kv[1][1]):
        med = statistics.median(durations.get(arm, [0]))
        print(f"| {test} | {arm} | {cell(k, n)} | {100*n/max(all_runs,1):.1f}% | {100*ln/max(late_runs,1):.1f}% | {med:.3f} |")
PY
