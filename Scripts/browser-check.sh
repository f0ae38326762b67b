#!/usr/bin/env bash
# Renders an HTML report in headless Chromium, saves a screenshot, and fails when the page's script
# threw or never finished. The report's script sets data-js="ok" on <html> as its last step.
#
#   Scripts/browser-check.sh REPORT.html OUT.png [WIDTHxHEIGHT] [#ANCHOR]
#     (default 1280x2000; try 500x2400 for a phone; #tests starts the screenshot at the test table)
#
# Needs Chromium (Debian: apt-get update && apt-get install -y chromium). Set CHROMIUM to use another binary.
# Exit status: 0 fine, 1 JavaScript error or script did not run, 2 usage or missing browser/file.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 4 ]]; then
    echo "usage: $0 REPORT.html OUT.png [WIDTHxHEIGHT] [#ANCHOR]" >&2
    exit 2
fi
report=$1
screenshot=$2
size=${3:-1280x2000}
anchor=${4:-}
if [[ ! $size =~ ^([0-9]+)x([0-9]+)$ ]]; then
    echo "error: size must look like 1280x2000, not '$size'" >&2
    exit 2
fi
width=${BASH_REMATCH[1]}
height=${BASH_REMATCH[2]}
if [[ ! -f $report ]]; then
    echo "error: no such file: $report" >&2
    exit 2
fi

browser=${CHROMIUM:-}
if [[ -z $browser ]]; then
    for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
    done
fi
if [[ -z $browser ]]; then
    echo "error: Chromium not found; install it (Debian: apt-get update && apt-get install -y chromium) or set CHROMIUM" >&2
    exit 2
fi

url="file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
case $screenshot in /*) ;; *) screenshot="$PWD/$screenshot" ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh profile each time; --no-sandbox because CI containers often run as root.
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --no-default-browser-check
       --disable-extensions --hide-scrollbars --user-data-dir="$work/profile"
       --enable-logging=stderr --v=0 --virtual-time-budget=3000 --window-size="$width,$height")

status=0
if ! "$browser" "${flags[@]}" --dump-dom "$url" >"$work/dom.html" 2>"$work/dom.log"; then
    echo "error: $browser failed to load $url:" >&2
    tail -n 20 "$work/dom.log" >&2
    exit 1
fi
"$browser" "${flags[@]}" --screenshot="$screenshot" "$url$anchor" >"$work/shot.out" 2>"$work/shot.log" || true

# Console messages arrive as: [...:CONSOLE(12)] "Uncaught TypeError: ...", source: file:///... (12)
errors=$(grep -hE 'CONSOLE|Uncaught|SyntaxError|ReferenceError|TypeError|Content Security Policy' \
    "$work/dom.log" "$work/shot.log" | grep -E 'Uncaught|Error|Content Security Policy' || true)
if [[ -n $errors ]]; then
    echo "JavaScript errors in $report:" >&2
    echo "$errors" >&2
    status=1
fi
if ! grep -q 'data-js="ok"' "$work/dom.html"; then
    echo "error: the report's script did not finish (no data-js=\"ok\" on <html>)" >&2
    status=1
fi
if [[ ! -s $screenshot ]]; then
    echo "error: no screenshot was written to $screenshot" >&2
    tail -n 20 "$work/shot.log" >&2
    status=1
fi
if [[ $status -eq 0 ]]; then
    echo "ok: $report ran without JavaScript errors; screenshot ${width}x${height} in $screenshot"
fi
exit $status
