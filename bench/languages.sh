#!/usr/bin/env bash
# One real project per language, from a registry or Debian, at a pinned version: index it and
# report, from `plumb status --json`, the language's files, symbols, call sites and the share
# of call sites resolved beyond a name-only guess. Writes bench/out/languages.md.
# Calls into libraries outside the project (the standard library, the platform SDK) stay
# unresolved by design, so no share reaches 100 %.
# Usage: bench/languages.sh [--debug]   (default: release build)
set -euo pipefail
shopt -s inherit_errexit
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$repo/bench/out"
work="$here/corpora/languages"
profile=release
[ "${1:-}" = "--debug" ] && profile=debug
mkdir -p "$out" "$work"
if [ "$profile" = release ]; then (cd "$repo" && cargo build --release --quiet --bin plumb)
else (cd "$repo" && cargo build --quiet --bin plumb); fi
plumb="$repo/target/$profile/plumb"

source "$here/languages-corpora.sh"

{
  echo "# One real project per language — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD) ($profile)"
  echo
  echo "| language | project (source, version) | files | symbols | call sites | resolved beyond name-only | index time s |"
  echo "|---|---|---|---|---|---|---|"
} > "$out/languages.md"

for row in "${projects[@]}"; do
  IFS='|' read -r language source name version subdir <<< "$row"
  dir=$(corpus_dir "$row")
  echo "== $language: $name $version ($dir)"
  rm -rf "$dir/.plumb"
  elapsed=$("$plumb" index --full --json "$dir" 2> /dev/null \
    | python3 -c "import json,sys; print(json.load(sys.stdin)['elapsed_ms'] / 1000)")
  "$plumb" --root "$dir" status --json | python3 -c "
import json, sys
stats = {s['language']: s for s in json.load(sys.stdin)['results']['by_language']}
s = stats.get('$language')
if s is None:
    sys.exit('no $language files indexed in $dir')
print(f\"| $language | $name ($source, $version) | {s['files']} | {s['symbols']} | {s['calls']} | {s['calls_resolved_share'] * 100:.1f} % | $elapsed |\")
" >> "$out/languages.md"
done
echo "wrote $out/languages.md"
