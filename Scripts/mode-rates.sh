#!/usr/bin/env bash
# Failure rate of each test of a selection under each mode, against plain runs, interleaved: does any
# mode make a racy test fail LESS often than plain runs do (and so hide it)?
#
#   Scripts/mode-rates.sh PACKAGE FILTER [BLOCKS] [RUNS] [LEVELS]
#       defaults: 10 blocks, 50 runs per block and level, levels "plain perturb schedules"
#
# The levels take turns block by block (plain, perturb, schedules, plain, ...), so a slow or busy
# stretch of this shared machine falls on every level alike. A level is `plain`, `perturb`
# (--perturb-seed BLOCK), `schedules` (--explore-schedules --perturb-seed BLOCK) or `solo` (--workers 1);
# each block is one `flakecheck run --runs RUNS --no-build` of the selection. Prints, per test and level,
# failures / runs with a 95% Wilson interval, and the level's rate over plain's. Build the package first.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
package=$1
filter=$2
blocks=${3:-10}
runs=${4:-50}
levels=${5:-plain perturb schedules}
flakecheck=$(swift build --package-path "$here" --show-bin-path)/flakecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for block in $(seq "$blocks"); do
  for level in $levels; do
    case $level in
      plain) flags=() ;;
      perturb) flags=(--perturb-seed "$block") ;;
      schedules) flags=(--explore-schedules --perturb-seed "$block") ;;
      solo) flags=(--workers 1) ;;
      *) echo "unknown level $level: plain, perturb, schedules or solo" >&2; exit 2 ;;
    esac
    "$flakecheck" run --package-path "$package" --filter "$filter" --runs "$runs" --no-build "${flags[@]}" \
      --output "$work/$level-$block" --quiet >/dev/null 2>&1 || true
  done
done
python3 - "$work" "$blocks" $levels <<'PY'
import json, math, sys
work, blocks, levels = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
counts = {}  # test -> level -> [failures, counted runs]
for level in levels:
    for block in range(1, blocks + 1):
        for test in json.load(open(f"{work}/{level}-{block}/report.json"))["tests"]:
            failed = test["failed"] + test["crashed"] + test["timedOut"]
            entry = counts.setdefault(test["id"], {}).setdefault(level, [0, 0])
            entry[0] += failed
            entry[1] += failed + test["passed"]
def wilson(k, n, z=1.959964):
    if n == 0: return (0.0, 1.0)
    p = k / n; d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d; h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))
print("| test | " + " | ".join(levels) + " | " + " | ".join(f"{l} / plain" for l in levels if l != "plain") + " |")
print("|---|" + "---:|" * (2 * len(levels) - 1))
for test, by_level in sorted(counts.items()):
    cells, rates = [], {}
    for level in levels:
        k, n = by_level.get(level, [0, 0])
        low, high = wilson(k, n)
        rates[level] = k / n if n else 0.0
        cells.append(f"{k}/{n} ({100 * k / max(n, 1):.2f}%, {100 * low:.2f}–{100 * high:.2f}%)")
    for level in (l for l in levels if l != "plain"):
        cells.append("–" if rates.get("plain", 0) == 0 else f"{rates[level] / rates['plain']:.2f}")
    print(f"| {test.split('.', 1)[-1]} | " + " | ".join(cells) + " |")
PY
