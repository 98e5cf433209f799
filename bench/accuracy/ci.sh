#!/usr/bin/env bash
# The accuracy regression check for CI: small committed question sets (bench/accuracy/ci/,
# derived from scip-python, scip-typescript, rust-analyzer and libclang indexes by
# `run.sh --ci-set`), scored against a debug build of plumb. Needs no indexer, only the
# corpora (fetched from PyPI, npm and crates.io). Exits 1 when a score falls below
# bench/accuracy/ci/thresholds.json.
# Usage: bench/accuracy/ci.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
sets=("$here"/ci/*.questions.json)
names=()
for s in "${sets[@]}"; do names+=("$(basename "$s" .questions.json)"); done
"$repo/bench/fetch-corpora.sh" "${names[@]}" > /dev/null
mkdir -p "$repo/bench/out"
(cd "$here" && cargo build --quiet --no-default-features)
(cd "$repo" && cargo build --quiet --bin plumb)
plumb="$repo/target/debug/plumb"
while read -r registry name version _role lang_dir; do
  case "$registry" in ''|'#'*) continue ;; esac
  [[ " ${names[*]} " == *" $name "* ]] || continue
  dir="$repo/bench/corpora/$registry/$name-$version"
  "$here/prepare.sh" "$registry" "$dir"
  # `c:SUBDIR` (bench/corpora.txt): plumb indexes the vendored C sources only.
  [ -n "${lang_dir:-}" ] && dir="$dir/${lang_dir#*:}"
  "$plumb" index "$dir" > /dev/null
done < "$repo/bench/corpora.txt"
"$here/target/debug/plumb-accuracy" score --repo-root "$repo" --plumb "$plumb" --jobs 2 \
  --thresholds "$here/ci/thresholds.json" --out-md "$repo/bench/out/accuracy-ci.md" "${sets[@]}" \
  | tail -n 1
