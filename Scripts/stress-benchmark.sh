#!/usr/bin/env bash
# Runs to first failure of the bundled example's racy strategies, plain, under --stress or --perturb.
#
#   Scripts/stress-benchmark.sh [TRIALS] [RUNS] [LEVELS]     defaults: 10 trials, 50 runs, "0 perturb"
#
# A level is 0 (plain), 1 to 3 (--stress LEVEL) or `perturb` (--perturb, seed = trial number, so a
# trial can be replayed with --perturb-seed).
# Each trial is one `flakecheck compare` of every racy strategy (interleaved, 2 workers); a strategy's
# "runs to first failure" is the position of the first failing run in its history (RUNS+1 when none
# failed). Prints the median and the share of trials with a failure, per strategy and level.
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-10}
runs=${2:-50}
levels=${3:-0 perturb}
example=Examples/ConcurrencyStrategies
swift build --product flakecheck >/dev/null
swift build --product FlakeCheckSchedulerHook >/dev/null  # --perturb preloads it into test processes
flakecheck=$(swift build --show-bin-path)/flakecheck
strategies=$(python3 -c "
import json
for s in json.load(open('$example/strategies.json')):
    if s['expectation'] in ('flaky', 'stable-serially'): print('--strategy', s['name'] + '=' + s['filter'])")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$flakecheck" compare --package-path "$example" $strategies --runs 1 --output "$work/warmup" --quiet >/dev/null 2>&1 || true
for level in $levels; do
  for trial in $(seq "$trials"); do
    if [ "$level" = perturb ]; then noise="--perturb-seed $trial"; else noise="--stress $level"; fi
    "$flakecheck" compare --package-path "$example" $strategies --runs "$runs" $noise --no-build \
      --output "$work/level-$level-trial-$trial" --quiet >/dev/null 2>&1 || true
  done
done
python3 - "$work" "$trials" "$runs" $levels <<'PY'
import json, statistics, sys
work, trials, runs, levels = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
first = {}
for level in levels:
    for trial in range(1, trials + 1):
        report = json.load(open(f"{work}/level-{level}-trial-{trial}/report.json"))
        for strategy in report["strategies"]:
            histories = [t["history"] for t in report["tests"] if t.get("strategy") == strategy["name"]]
            failing = [i for i in range(runs) if any(i < len(h) and h[i] in "FCT" for h in histories)]
            first.setdefault(strategy["name"], {}).setdefault(level, []).append(failing[0] + 1 if failing else runs + 1)
label = lambda l: "--perturb" if l == "perturb" else ("plain" if l == "0" else f"--stress {l}")
print(f"| strategy | " + " | ".join(f"{label(l)}: median runs to first failure (trials with a failure)" for l in levels) + " |")
print("|---|" + "---:|" * len(levels))
for name, by_level in first.items():
    cells = []
    for level in levels:
        values = by_level[level]
        hits = sum(v <= runs for v in values)
        median = statistics.median(values)
        cells.append(f"{median:g}{'+' if median > runs else ''} ({hits}/{len(values)})")
    print(f"| {name} | " + " | ".join(cells) + " |")
PY
