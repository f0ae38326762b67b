#!/usr/bin/env bash
# Builds flakecheck in release mode from this clone and installs it into PREFIX/bin (default
# /usr/local; use $HOME/.local without sudo), with the scheduler hook `run --perturb` loads and the
# library `run --sanitize thread` loads.
#   Scripts/install.sh [PREFIX]
# Then `flakecheck --help` works from any package, which `swift run flakecheck` does not: it only
# finds executables of the package you are in.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-${PREFIX:-/usr/local}}
bin=$(Scripts/release-build.sh flakecheck FlakeCheckSchedulerHook FlakeCheckSanitizerSupport)
mkdir -p "$prefix/bin"
install -m 0755 "$bin/flakecheck" "$prefix/bin/flakecheck"
for hook in "$bin"/libFlakeCheckSchedulerHook.so "$bin"/libFlakeCheckSchedulerHook.dylib \
           "$bin"/libFlakeCheckSanitizerSupport.so "$bin"/libFlakeCheckSanitizerSupport.dylib; do
    [ -e "$hook" ] && install -m 0755 "$hook" "$prefix/bin/"
done
echo "installed $prefix/bin/flakecheck ($("$prefix/bin/flakecheck" --version))"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it (on GitHub Actions: echo \"$prefix/bin\" >> \"\$GITHUB_PATH\")" ;;
esac
