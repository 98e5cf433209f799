#!/usr/bin/env bash
# Installs the ground-truth indexers for the accuracy harness. Idempotent.
#   scip-python and scip-typescript: npm packages, pinned, into bench/accuracy/tools/ (git-ignored)
#   rust-analyzer (its `scip` subcommand) and rust-src: rustup components
#   c-index-test (libclang's indexer, for C): Debian's clang-tools-16
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SCIP_PYTHON_VERSION=0.6.6
SCIP_TYPESCRIPT_VERSION=0.4.0

tools="$here/tools"
mkdir -p "$tools"
if [ ! -x "$tools/node_modules/.bin/scip-python" ] || [ ! -x "$tools/node_modules/.bin/scip-typescript" ] \
   || ! grep -q "\"version\": \"$SCIP_PYTHON_VERSION\"" "$tools/node_modules/@sourcegraph/scip-python/package.json" 2>/dev/null; then
  [ -f "$tools/package.json" ] || echo '{"name":"plumb-accuracy-tools","private":true}' > "$tools/package.json"
  npm install --silent --no-audit --no-fund --prefix "$tools" \
    "@sourcegraph/scip-python@$SCIP_PYTHON_VERSION" "@sourcegraph/scip-typescript@$SCIP_TYPESCRIPT_VERSION"
fi

if ! rustup component list --installed | grep -q '^rust-analyzer'; then rustup component add rust-analyzer; fi
if ! rustup component list --installed | grep -q '^rust-src'; then rustup component add rust-src; fi

# Debian's package, pinned by its major version; the path is what run.sh uses (C_INDEX_TEST).
if [ ! -x /usr/lib/llvm-16/bin/c-index-test ]; then
  apt-get install -y --no-install-recommends clang-tools-16 > /dev/null \
    || { apt-get update > /dev/null && apt-get install -y --no-install-recommends clang-tools-16 > /dev/null; }
fi

echo "scip-python $("$tools/node_modules/.bin/scip-python" --version 2>/dev/null | tail -n 1)"
echo "scip-typescript $("$tools/node_modules/.bin/scip-typescript" --version 2>/dev/null | tail -n 1)"
echo "$(rust-analyzer --version)"
echo "c-index-test $(/usr/lib/llvm-16/bin/clang --version | head -n 1)"
