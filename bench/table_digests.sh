#!/usr/bin/env bash
# Indexes the projects of bench/languages.sh (one per language, pinned) with a given plumb
# binary and prints every table's digest (bench/table_digests.py) per project: two builds
# whose outputs are equal write the same graph. A refactoring is checked by diffing the
# outputs of the binaries before and after it.
# Each project is indexed in a copy (`cp -a`, times kept), so runs of several builds at once
# do not meet on one index.
# Usage: bench/table_digests.sh PLUMB_BINARY > digests.txt
set -euo pipefail
shopt -s inherit_errexit
here=$(cd "$(dirname "$0")" && pwd)
plumb=$(realpath "$1")
work="$here/corpora/languages"
mkdir -p "$work"
source "$here/languages-corpora.sh"
for row in "${projects[@]}"; do
  dir=$(corpus_dir "$row")
  echo "== ${row%%|*}"
  copy=$(mktemp -d)
  cp -a "$dir/." "$copy/"
  rm -rf "$copy/.plumb"
  "$plumb" index --full "$copy" > /dev/null 2>&1
  python3 "$here/table_digests.py" "$copy/.plumb/index.db"
  rm -rf "$copy"
done
