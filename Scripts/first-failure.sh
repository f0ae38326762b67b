#!/usr/bin/env bash
# Runs to first failure of one selection of tests, plain and under --perturb: does perturbation make a
# rare flake show up sooner in your package?
#
#   Scripts/first-failure.sh PACKAGE FILTER [TRIALS] [MAX_RUNS] [LEVELS] [NAME]
#       defaults: 10 trials, at most 1000 runs, levels "plain perturb", name = FILTER
#
# Each trial of each level is one `flakecheck run --until-proven` of the selection, which stops each test
# at its first failure (at most MAX_RUNS runs); `perturb` uses --perturb-seed TRIAL and `noise` adds
# --perturb-noise. Prints one Markdown table row: per level the median position of the first run in which
# a selected test failed (MAX_RUNS+1 when none did) and how many trials had a failure, then each level's
# median over plain's. Build the package first (flakecheck runs it with --no-build).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
package=$1
filter=$2
trials=${3:-10}
max_runs=${4:-1000}
levels=${5:-plain perturb}
name=${6:-$filter}
flakecheck=$(swift build --package-path "$here" --show-bin-path)/flakecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for trial in $(seq "$trials"); do
  for level in $levels; do
    case $level in
      plain) noise=() ;;
      perturb) noise=(--perturb-seed "$trial") ;;
      noise) noise=(--perturb-seed "$trial" --perturb-noise) ;;
      *) echo "unknown level $level: plain, perturb or noise" >&2; exit 2 ;;
    esac
    "$flakecheck" run --package-path "$package" --filter "$filter" --until-proven --max-runs "$max_runs" \
      --target-failure-rate 0.000001 --no-build "${noise[@]}" --output "$work/$level-$trial" --quiet >/dev/null 2>&1 || true
  done
done
python3 - "$work" "$trials" "$max_runs" "$name" $levels <<'PY'
import json, statistics, sys
work, trials, limit, name, levels = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5:]
first = {}
for level in levels:
    for trial in range(1, trials + 1):
        histories = [t["history"] for t in json.load(open(f"{work}/{level}-{trial}/report.json"))["tests"]]
        failing = [i for i in range(limit) if any(i < len(h) and h[i] in "FCT" for h in histories)]
        first.setdefault(level, []).append(failing[0] + 1 if failing else limit + 1)
medians = {l: statistics.median(first[l]) for l in levels}
cells = [f"{medians[l]:g}{'+' if medians[l] > limit else ''} ({sum(v <= limit for v in first[l])}/{trials})" for l in levels]
for level in (l for l in levels if l != "plain" and "plain" in levels):
    # A median trial without a failure gives only a bound.
    plain_cut, level_cut = medians["plain"] > limit, medians[level] > limit
    cells.append("–" if plain_cut and level_cut else
                 f"{'≤ ' if plain_cut else '≥ ' if level_cut else ''}{medians[level] / medians['plain']:.2f}")
print(f"| {name} (at most {limit:,} runs) | " + " | ".join(cells) + " |", flush=True)
print(f"{name}: " + "; ".join(f"{l} {sorted(first[l])}" for l in levels), file=sys.stderr)
PY
