#!/usr/bin/env bash
# Builds the hint corpora's packages (debug, with tests), so that ExternalHintCorpusTests reads their tests'
# calls from the compiler's index instead of by name. Each package is extracted from this machine's mirror
# (/opt/swift-packages) at its labelled version into the folder the test uses (${TMPDIR:-/tmp}/fc-corpus-
# OWNER-NAME-VERSION) and built there; its dependencies resolve from the mirrors too.
#
#   Scripts/corpus-builds.sh [SECONDS_PER_PACKAGE] [DEADLINE_EPOCH_SECONDS]
#       defaults: 900 s per package, no deadline
#
# Prints one line per package: built or not, and how long it took. Packages are built smallest first
# (heavier dependency trees last); one that fails or times out gets no `.built` mark (its partial index is
# not used), and the test reads it by name.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
limit=${1:-900}
deadline=${2:-0}
tmp=${TMPDIR:-/tmp}
tmp=${tmp%/}
python3 - "$here" <<'PY' > "$tmp/fc-corpus-order.txt"
import json, sys
here = sys.argv[1]
seen = {}
for corpus in ("ExternalHintCorpus", "SecondHintCorpus"):
    data = json.load(open(f"{here}/Tests/{corpus}/labels.json"))
    for test in (data["tests"] if isinstance(data, dict) else data):
        seen[(test["package"], test["version"])] = True
# Heavier dependency trees last: SwiftNIO, gRPC, swift-syntax (swift-dependencies' macros).
heavy = ["apple/swift-nio", "vapor/async-kit", "swift-otel/swift-otel", "grpc/grpc-swift-2", "hummingbird-project/hummingbird",
         "modelcontextprotocol/swift-sdk", "groue/GRDB.swift", "pointfreeco/swift-dependencies"]
for package, version in sorted(seen, key=lambda key: (heavy.index(key[0]) if key[0] in heavy else -1, key[0])):
    print(package, version)
PY
while read -r package version; do
  if [ "$deadline" -gt 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then echo "$package $version: not built (deadline)"; continue; fi
  folder="$tmp/fc-corpus-${package//\//-}-$version"
  if [ ! -e "$folder/.extracted" ]; then
    rm -rf "$folder" && mkdir -p "$folder"
    git -C "/opt/swift-packages/$package.git" archive -o "$folder.tar" "$version" && tar -xf "$folder.tar" -C "$folder" \
      && rm -f "$folder.tar" && touch "$folder/.extracted"
  fi
  start=$(date +%s)
  rm -f "$folder/.built"
  timeout "$limit" swift build --build-tests --package-path "$folder" >"$folder.build.log" 2>&1
  status=$?
  # A Package.resolved pinning a revision the mirrors lack: resolve again from the versions they hold.
  if [ $status -ne 0 ] && grep -q "reference is not a tree\|Could not resolve\|could not find" "$folder.build.log" \
     && [ -e "$folder/Package.resolved" ]; then
    rm -f "$folder/Package.resolved"
    timeout "$limit" swift build --build-tests --package-path "$folder" >"$folder.build.log" 2>&1
    status=$?
  fi
  if [ $status -eq 0 ]; then
    touch "$folder/.built"
    echo "$package $version: built in $(( $(date +%s) - start )) s"
  else
    echo "$package $version: not built ($(( $(date +%s) - start )) s; $(tail -1 "$folder.build.log" | cut -c1-100))"
  fi
done < "$tmp/fc-corpus-order.txt"
