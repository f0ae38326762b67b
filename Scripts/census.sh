#!/usr/bin/env bash
# Census: runs flakecheck on real public Swift packages (Scripts/census/packages.tsv) and compares, test
# by test, what it lists, runs and parses with what the test binary lists and what `swift test` itself
# reports (Scripts/census-compare.py). Not run in CI: it builds every package (about
# 1-2 minutes each on 2 cores) and runs each suite 3 times plus flakecheck's runs.
#
# Usage: Scripts/census.sh [--runs N] [--work DIR] [--only NAME[,NAME]] [--flakecheck PATH]
#   --runs N           `swift test` runs (the ground truth) and flakecheck runs per package (default 3)
#   --work DIR         where packages are cloned and results kept (default $CENSUS_WORK or
#                      /tmp/flakecheck-census); a checkout at the same tag and patch is reused
#   --only A,B         only these packages (the tsv's first column)
#   --flakecheck PATH  the flakecheck binary (default: `swift build -c release --product flakecheck` here)
#
# Per package, in WORK/NAME/out: build.log; truth-R.log, truth-R.xml (XCTest) and
# truth-R-swift-testing.xml (Swift Testing) of `swift test --skip-build --xunit-output` run R;
# list-xctest.txt and list-swift-testing.txt (the test binary's own --list-tests); flakecheck-list.txt;
# run/report.json (flakecheck run) and parse/report.json (flakecheck parse of the truth logs).
# A `swift test` run is stopped after 20 minutes (exit 124 in truth-R.exit). The table of all packages is
# written to WORK/census.md and printed; exit 1 when any package has invented, dropped or mismatched tests,
# or did not build.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
repo=$PWD
runs=3
work=${CENSUS_WORK:-/tmp/flakecheck-census}
only=""
flakecheck=""
usage() { sed -n '7,12p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=${2:?--runs needs a value}; shift 2 ;;
    --work) work=${2:?--work needs a value}; shift 2 ;;
    --only) only=${2:?--only needs a value}; shift 2 ;;
    --flakecheck) flakecheck=${2:?--flakecheck needs a value}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "census: unknown argument $1" >&2; usage >&2; exit 64 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "census: --runs needs a positive number" >&2; exit 64 ;; esac
# Paths given on the command line are relative to where the script was started.
case "$work" in /*) ;; *) work=$caller/$work ;; esac
case "$flakecheck" in ''|/*) ;; *) flakecheck=$caller/$flakecheck ;; esac
mkdir -p "$work"
work=$(cd "$work" && pwd)
if [ -z "$flakecheck" ]; then
  echo "census: building flakecheck (release)"
  swift build -c release --product flakecheck >"$work/flakecheck-build.log" 2>&1 \
    || { echo "census: flakecheck build failed, see $work/flakecheck-build.log" >&2; exit 2; }
  flakecheck=$repo/.build/release/flakecheck
fi
flakecheck=$(cd "$(dirname "$flakecheck")" && pwd)/$(basename "$flakecheck")
[ -x "$flakecheck" ] || { echo "census: no flakecheck at $flakecheck" >&2; exit 2; }

tsv=$repo/Scripts/census/packages.tsv
selected=()
while IFS=$'\t' read -r name url tag patch why; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  selected+=("$name")
done <"$tsv"
if [ -n "$only" ]; then
  for want in ${only//,/ }; do
    [[ " ${selected[*]} " == *" $want "* ]] || { echo "census: $want is not in $tsv" >&2; exit 64; }
  done
fi
[ ${#selected[@]} -gt 0 ] || { echo "census: no package selected" >&2; exit 64; }

# Puts URL's TAG, with its patch applied, in DIR/src. An existing checkout of the same URL is reset and
# reused, .build included, so that a changed patch or tag rebuilds only what changed.
checkout() {
  local dir=$1 url=$2 tag=$3 patch=$4 stamp
  stamp="census-checkout-2 $url $tag $patch"
  [ "$patch" = "-" ] || stamp="$stamp $(git hash-object "$repo/Scripts/census/patches/$patch")"
  if [ -d "$dir/src" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then return 0; fi
  rm -f "$dir/stamp"
  if [ "$(git -C "$dir/src" config remote.origin.url 2>/dev/null)" != "$url" ]; then
    rm -rf "$dir/src" "$dir/first-build-seconds"
    git clone -q "$url" "$dir/src" || return 1
  fi
  git -C "$dir/src" reset -q --hard && git -C "$dir/src" clean -q -fdx -e .build || return 1
  git -C "$dir/src" -c advice.detachedHead=false checkout -q "refs/tags/$tag" || return 1
  if [ "$patch" != "-" ]; then git -C "$dir/src" apply "$repo/Scripts/census/patches/$patch" || return 1; fi
  # A committed Package.resolved pins GitHub's commit ids (and, patched away, dependencies such as Quick's
  # swift-fakes); SwiftPM resolves afresh without it.
  rm -f "$dir/src/Package.resolved"
  echo "$stamp" >"$dir/stamp"
}

status=0
outs=()
for want in "${selected[@]}"; do
  while IFS=$'\t' read -r name url tag patch why; do
    [ "$name" = "$want" ] && break
  done <"$tsv"
  dir=$work/$name
  out=$dir/out
  src=$dir/src
  mkdir -p "$dir"
  rm -rf "$out"
  mkdir -p "$out"
  printf '%s\t%s\t%s\t%s\n' "$name" "$url" "$tag" "$patch" >"$out/package.tsv"
  outs+=("$out")
  start=$SECONDS
  printf '%-38s' "$name $tag"
  if ! checkout "$dir" "$url" "$tag" "$patch" >"$out/checkout.log" 2>&1; then
    echo " checkout failed (see $out/checkout.log)"; echo "checkout" >"$out/failed"; status=1; continue
  fi
  t=$SECONDS
  if ! (cd "$src" && swift build --build-tests) >"$out/build.log" 2>&1; then
    echo " build failed (see $out/build.log)"; echo "build" >"$out/failed"; status=1; continue
  fi
  build_s=$((SECONDS - t))
  # The build of a fresh clone is kept: a reused checkout builds in seconds.
  [ -f "$dir/first-build-seconds" ] || echo "$build_s" >"$dir/first-build-seconds"
  t=$SECONDS
  for r in $(seq "$runs"); do
    (cd "$src" && timeout -k 10 1200 swift test --skip-build --xunit-output "$out/truth-$r.xml") >"$out/truth-$r.log" 2>&1 \
      && echo 0 >"$out/truth-$r.exit" || echo $? >"$out/truth-$r.exit"
  done
  truth_s=$((SECONDS - t))
  # The test binary's own lists (on Linux the .xctest bundle is an executable).
  bin=$(find "$src/.build/debug/" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
  if [ -n "$bin" ]; then
    (cd "$src" && "$bin" --list-tests) >"$out/list-xctest.txt" 2>"$out/list-xctest.err" || true
    (cd "$src" && "$bin" --testing-library swift-testing --list-tests) >"$out/list-swift-testing.txt" \
      2>"$out/list-swift-testing.err" || true
  fi
  t=$SECONDS
  # `flakecheck list` has no JSON format: its text (one ID per line with its framework) is parsed.
  "$flakecheck" list --package-path "$src" >"$out/flakecheck-list.txt" 2>"$out/flakecheck-list.err" || true
  run_start=$(date +%s.%N)
  "$flakecheck" run --package-path "$src" --runs "$runs" --workers 2 --output "$out/run" --quiet \
    >"$out/run.log" 2>&1 || true
  # The `run` command's whole wall time, to set beside the runs' own (report.json's wallSeconds) and
  # its re-check's (report.json's recheck.seconds).
  python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$run_start" "$(date +%s.%N)" \
    >"$out/run-wall-seconds.txt"
  run_s=$((SECONDS - t))
  logs=()
  for r in $(seq "$runs"); do logs+=("$out/truth-$r.log"); done
  "$flakecheck" parse "${logs[@]}" --package-path "$src" --output "$out/parse" --quiet >"$out/parse.log" 2>&1 || true
  total_s=$((SECONDS - start))
  printf '{"build": %d, "firstBuild": %d, "truth": %d, "flakecheck": %d, "total": %d}\n' "$build_s" \
    "$(cat "$dir/first-build-seconds")" "$truth_s" "$run_s" "$total_s" \
    >"$out/seconds.json"
  echo " build ${build_s}s, swift test ${truth_s}s, flakecheck ${run_s}s, total ${total_s}s"
done

if [ ${#outs[@]} -gt 0 ]; then
  python3 "$repo/Scripts/census-compare.py" "${outs[@]}" | tee "$work/census.md" || status=1
fi
exit $status
