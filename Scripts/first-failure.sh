#!/usr/bin/env bash
# Runs to first failure of one selection of tests, plain, under --perturb and under --sanitize thread:
# does perturbation make a rare flake show up sooner in your package, and does ThreadSanitizer name its
# data race before any run fails?
#
#   Scripts/first-failure.sh PACKAGE FILTER [TRIALS] [MAX_RUNS] [LEVELS] [NAME]
#       defaults: 10 trials, at most 1000 runs, levels "plain perturb", name = FILTER
#
# Each trial of each level is one `flakecheck run --until-proven` of the selection, which stops each test
# at its first failure (at most MAX_RUNS runs); `hunt` uses --hunt --perturb-seed TRIAL (the same as
# `perturb`, whose draws were fixed before 2026-11-26), `hunt-sleeps` adds --shorten-sleeps to it, `noise` adds
# --perturb-noise, `sleeps` is the single mode of shortened sleeps (--hunt --shorten-sleeps --arms shortSleeps:
# every run's sleeps a hundredth; before 2026-11-28 evening it was `hunt-sleeps` itself), `schedules` uses --explore-schedules --perturb-seed TRIAL, and `solo` runs one process at a time (--workers 1). `inprocess` runs MAX_RUNS
# repetitions with --mode in-process (which has no --until-proven): Swift Testing's parallel tests meet
# again in each repetition of one process. `sanitize` runs the selection SANITIZE_RUNS times (default 10; a ThreadSanitizer
# finding does not stop a run) with --sanitize thread (`sanitize-hunt` adds --hunt --perturb-seed TRIAL: the
# arms that need no hook library), and its first run is the first with a failure or a
# sanitizer finding. Prints one Markdown table row: per level the median position of the first run in which
# a selected test failed (the level's run limit + 1 when none did) and how many trials had one, then each
# level's median over plain's. Build the package first (flakecheck runs it with --no-build; the sanitized
# build is made by the first sanitize trial).
# Time as well as runs (issue #55: a user waits in seconds): a second row gives per level the median
# seconds from the session's start to the end of the first failing run: the report's
# tests[].firstFailure.seconds (from the first run's start) plus the first run's start in the session
# (runs[0].startSeconds: what a mode does before its first run, such as the hunt's reading of hints).
# Left out: the start-up every mode shares (launching, discovering the tests) and what runs after the
# first failure. A trial without a failure counts as never. A third row sets the hunt (`hunt` or
# `hunt-sleeps`) against the other level with the lowest median seconds: the ratio of their medians and its
# 95% bootstrap interval (2,000 resamplings of each level's trials).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
package=$1
filter=$2
trials=${3:-10}
max_runs=${4:-1000}
levels=${5:-plain perturb}
name=${6:-$filter}
sanitize_runs=${SANITIZE_RUNS:-10}
flakecheck=${FLAKECHECK:-$(swift build --package-path "$here" --show-bin-path)/flakecheck}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for trial in $(seq "$trials"); do
  # The levels take turns within each trial, in the order given on odd trials and reversed on even ones,
  # so that whatever running first or last does to a session falls on every level alike.
  order=$levels
  if [ $((trial % 2)) -eq 0 ]; then order=$(printf '%s\n' $levels | tac | tr '\n' ' '); fi
  for level in $order; do
    case $level in
      plain) noise=() ;;
      perturb) noise=(--perturb-seed "$trial") ;;
      hunt) noise=(--hunt --perturb-seed "$trial") ;;
      hunt-sleeps) noise=(--hunt --shorten-sleeps --perturb-seed "$trial") ;;
      noise) noise=(--perturb-seed "$trial" --perturb-noise) ;;
      sleeps) noise=(--hunt --shorten-sleeps --arms shortSleeps --perturb-seed "$trial") ;;
      schedules) noise=(--explore-schedules --perturb-seed "$trial") ;;
      sanitize) noise=(--sanitize thread) ;;
      sanitize-hunt) noise=(--sanitize thread --hunt --perturb-seed "$trial") ;;
      solo) noise=(--workers 1) ;;
      inprocess) noise=() ;;
      *) echo "unknown level $level: plain, perturb, hunt, hunt-sleeps, noise, sleeps, schedules, solo, inprocess, sanitize or sanitize-hunt" >&2
         exit 2 ;;
    esac
    if [ "$level" = inprocess ]; then
      "$flakecheck" run --package-path "$package" --filter "$filter" --mode in-process --runs "$max_runs" --no-build \
        --output "$work/$level-$trial" --quiet >/dev/null 2>&1 || true
    elif [ "$level" = sanitize ] || [ "$level" = sanitize-hunt ]; then
      "$flakecheck" run --package-path "$package" --filter "$filter" --runs "$sanitize_runs" "${noise[@]}" \
        --output "$work/$level-$trial" --quiet >/dev/null 2>&1 || true
    else
      "$flakecheck" run --package-path "$package" --filter "$filter" --until-proven --max-runs "$max_runs" \
        --target-failure-rate 0.000001 --no-build "${noise[@]}" --output "$work/$level-$trial" --quiet >/dev/null 2>&1 || true
    fi
  done
done
python3 - "$work" "$trials" "$max_runs" "$name" "$sanitize_runs" $levels <<'PY'
import json, statistics, sys
work, trials, max_runs, name, sanitize_runs, levels = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4],
                                                       int(sys.argv[5]), sys.argv[6:])
limits = {l: sanitize_runs if l.startswith("sanitize") else max_runs for l in levels}
first = {}
first_report = []  # sanitize: the first run with a finding alone, failures aside
for level in levels:
    limit = limits[level]
    for trial in range(1, trials + 1):
        report = json.load(open(f"{work}/{level}-{trial}/report.json"))
        histories = [t["history"] for t in report["tests"]]
        failing = [i + 1 for i in range(limit) if any(i < len(h) and h[i] in "FCT" for h in histories)]
        reported = [f["runs"][0] for f in report.get("sanitizerFindings") or []]
        first.setdefault(level, []).append(min(failing[:1] + reported, default=limit + 1))
        if level == "sanitize":
            first_report.append(min(reported, default=limit + 1))
medians = {l: statistics.median(first[l]) for l in levels}
cells = [f"{medians[l]:g}{'+' if medians[l] > limits[l] else ''} ({sum(v <= limits[l] for v in first[l])}/{trials})"
         for l in levels]
for level in (l for l in levels if l != "plain" and "plain" in levels):
    # A median trial without a failure gives only a bound.
    plain_cut, level_cut = medians["plain"] > limits["plain"], medians[level] > limits[level]
    cells.append("–" if plain_cut and level_cut else
                 f"{'≤ ' if plain_cut else '≥ ' if level_cut else ''}{medians[level] / medians['plain']:.2f}")
print(f"| {name} (at most {max_runs:,} runs) | " + " | ".join(cells) + " |", flush=True)
# Seconds: of runs to the first failure (a trial without one counts as its whole session's run time, and
# is marked), and of the whole command.
seconds = {}
for level in levels:
    for trial in range(1, trials + 1):
        report = json.load(open(f"{work}/{level}-{trial}/report.json"))
        found = [t["firstFailure"]["seconds"] for t in report["tests"] if t.get("firstFailure")]
        first_run = min((r.get("startSeconds") or 0.0 for r in report["runs"]), default=0.0)
        seconds.setdefault(level, []).append(first_run + min(found) if found else float("inf"))
def median_seconds(values):
    m = statistics.median(values)
    return "never" if m == float("inf") else f"{m:.3f}"
print(f"| {name}, seconds from the session's start to the first failure | "
      + " | ".join(f"{median_seconds(seconds[l])}" for l in levels) + " |", flush=True)
# The hunt against the level with the lowest median seconds (the best single mode), with a 95% bootstrap
# interval of the ratio of medians: two levels whose interval holds 1 are not told apart by these trials.
hunts = [l for l in levels if l in ("hunt", "hunt-sleeps")]
singles = [l for l in levels if l not in hunts]
if hunts and singles:
    import random
    draw = random.Random(1)
    best = min(singles, key=lambda l: statistics.median(seconds[l]))
    hunt, single = seconds[hunts[0]], seconds[best]
    if statistics.median(single) not in (0, float("inf")):
        ratios = sorted(
            statistics.median(draw.choices(hunt, k=len(hunt))) / statistics.median(draw.choices(single, k=len(single)))
            for _ in range(2000))
        low, high = ratios[49], ratios[1949]
        print(f"| {name}, {hunts[0]} / best single mode ({best}), seconds | "
              f"{statistics.median(hunt) / statistics.median(single):.2f} ({low:.2f} to {high:.2f}) |", flush=True)
print(f"{name} seconds: " + "; ".join(f"{l} {[round(v, 4) for v in sorted(seconds[l])]}" for l in levels), file=sys.stderr)
print(f"{name}: " + "; ".join(f"{l} {sorted(first[l])}" for l in levels)
      + (f"; sanitize's first report alone {sorted(first_report)}" if first_report else ""), file=sys.stderr)
PY
