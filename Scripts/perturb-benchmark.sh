#!/usr/bin/env bash
# Runs to first failure of the bundled example's racy strategies, plain and under --perturb.
#
#   Scripts/perturb-benchmark.sh [TRIALS] [RUNS] [RARE_MAX_RUNS] [LEVELS]
#       defaults: 10 trials, 50 runs, 1000, "plain perturb"
#
# A level is `plain`, `perturb` (--perturb-seed TRIAL, so a trial can be repeated) or `noise`
# (--perturb-seed TRIAL --perturb-noise).
# Part 1, the example's racy strategies (expectation "flaky" or "stable-serially" in strategies.json):
#   each trial is one `flakecheck compare` of all of them (interleaved, 2 workers), RUNS runs per level.
# Part 2, its rare races (expectation "flaky-rarely"): Scripts/first-failure.sh, whose trials are each one
#   `flakecheck run --until-proven` of the strategy, stopping each test at its first failure (at most
#   RARE_MAX_RUNS runs).
# A strategy's "runs to first failure" is the position of the first run in which any of its tests
# failed (crashed or timed out), or max+1 when none did. Prints the median over trials and how many
# trials had a failure, per strategy, as a Markdown table, with each level's median over plain's.
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-10}
runs=${2:-50}
rare_max=${3:-1000}
levels=${4:-plain perturb}
example=Examples/ConcurrencyStrategies
swift build --product flakecheck >/dev/null
swift build --product FlakeCheckSchedulerHook >/dev/null  # --perturb preloads it into test processes
flakecheck=$(swift build --show-bin-path)/flakecheck
strategies() {
  python3 -c "
import json, sys
for s in json.load(open('$example/strategies.json')):
    if s['expectation'] in sys.argv[1:]: print(s['name'] + '=' + s['filter'])" "$@"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
racy=()
for s in $(strategies flaky stable-serially); do racy+=(--strategy "$s"); done
"$flakecheck" compare --package-path "$example" "${racy[@]}" --runs 1 --output "$work/warmup" --quiet >/dev/null 2>&1 || true
noise() {
  case $1 in
    plain) ;;
    perturb) echo --perturb-seed "$2" ;;
    noise) echo --perturb-seed "$2" --perturb-noise ;;
    *) echo "unknown level $1: plain, perturb or noise" >&2; exit 2 ;;
  esac
}
for trial in $(seq "$trials"); do
  for level in $levels; do
    # shellcheck disable=SC2046  # the level's options are words
    "$flakecheck" compare --package-path "$example" "${racy[@]}" --runs "$runs" --no-build $(noise "$level" "$trial") \
      --output "$work/$level-$trial" --quiet >/dev/null 2>&1 || true
  done
done
python3 - "$work" "$trials" "$runs" $levels <<'PY'
import json, statistics, sys
work, trials, runs, levels = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
def first_failure(histories, limit):
    failing = [i for i in range(limit) if any(i < len(h) and h[i] in "FCT" for h in histories)]
    return failing[0] + 1 if failing else limit + 1
first = {}  # name -> level -> [runs to first failure]
for level in levels:
    for trial in range(1, trials + 1):
        report = json.load(open(f"{work}/{level}-{trial}/report.json"))
        for strategy in report["strategies"]:
            histories = [t["history"] for t in report["tests"] if t.get("strategy") == strategy["name"]]
            first.setdefault(strategy["name"], {}).setdefault(level, []).append(first_failure(histories, runs))
label = {"plain": "plain", "perturb": "--perturb", "noise": "--perturb --perturb-noise"}
compared = [l for l in levels if l != "plain"] if "plain" in levels else []
print("| strategy | " + " | ".join(f"{label[l]}: median runs to first failure (trials with a failure)" for l in levels)
      + "".join(f" | {label[l]} / plain" for l in compared) + " |")
print("|---|" + "---:|" * (len(levels) + len(compared)))
for name, by_level in first.items():
    limit = runs
    medians = {l: statistics.median(by_level[l]) for l in levels}
    cells = [f"{medians[l]:g}{'+' if medians[l] > limit else ''} ({sum(v <= limit for v in by_level[l])}/{len(by_level[l])})"
             for l in levels]
    for level in compared:
        # A median trial without a failure gives only a bound.
        plain_cut, level_cut = medians["plain"] > limit, medians[level] > limit
        cells.append("–" if plain_cut and level_cut else
                     f"{'≤ ' if plain_cut else '≥ ' if level_cut else ''}{medians[level] / medians['plain']:.2f}")
    print(f"| {name} | " + " | ".join(cells) + " |")
PY
for s in $(strategies flaky-rarely); do
  Scripts/first-failure.sh "$example" "${s#*=}" "$trials" "$rare_max" "$levels" "${s%%=*}"
done
