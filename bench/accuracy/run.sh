#!/usr/bin/env bash
# The accuracy harness, end to end: fetch the pinned corpora, index each with its
# compiler-grade SCIP indexer, derive questions and answers, run plumb on every question,
# score. Writes bench/out/accuracy.json (every question, with what was missing and extra)
# and bench/out/accuracy.md (the tables).
#
# Usage: bench/accuracy/run.sh [--cap N] [--only NAME[,NAME...]] [--reindex] [--release]
#   --cap N     questions per kind per project (default 30)
#   --only      corpora to run (names from bench/corpora.txt; default: all)
#   --reindex   re-run the SCIP indexers even if their output exists
#   --release   score a release build of plumb (default: debug; answers are the same)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="$repo/bench/out"
cap=30
only=""
reindex=0
profile=debug
while [ $# -gt 0 ]; do
  case "$1" in
    --cap) cap=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --reindex) reindex=1; shift ;;
    --release) profile=release; shift ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
selected() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }

"$here/setup.sh"
tools="$here/tools/node_modules/.bin"

names=()
while read -r registry name version role; do
  case "$registry" in ''|'#'*) continue ;; esac
  selected "$name" && names+=("$name")
done < "$repo/bench/corpora.txt"
[ ${#names[@]} -gt 0 ] || { echo "no corpus selected" >&2; exit 2; }
"$repo/bench/fetch-corpora.sh" "${names[@]}"

echo "build harness"
(cd "$here" && cargo build --release --quiet)
harness="$here/target/release/plumb-accuracy"

echo "build plumb ($profile)"
if [ "$profile" = release ]; then (cd "$repo" && cargo build --release --quiet --bin plumb)
else (cd "$repo" && cargo build --quiet --bin plumb); fi
# A snapshot of the binary: others may rebuild target/ while this runs, and the index and
# the queries must come from the same plumb.
mkdir -p "$out/bin" "$out/scip" "$out/questions" "$out/logs"
cp "$repo/target/$profile/plumb" "$out/bin/plumb"
plumb="$out/bin/plumb"
rev=$(git -C "$repo" rev-parse --short HEAD)
git -C "$repo" diff --quiet HEAD -- crates src Cargo.toml 2>/dev/null || rev="$rev+uncommitted"

prepare_python() {  # scip-python resolves `import pkg` from tests/examples only if src/ is a search path
  local dir=$1
  if [ -d "$dir/src" ] && [ ! -f "$dir/pyrightconfig.json" ]; then
    echo '{"extraPaths": ["src"]}' > "$dir/pyrightconfig.json"
  fi
}
prepare_typescript() {  # index the shipped sources only, not the built dist/
  local dir=$1
  [ -f "$dir/.accuracy-tsconfig" ] && return 0
  local extends=""
  if [ -f "$dir/tsconfig.json" ]; then
    mv "$dir/tsconfig.json" "$dir/tsconfig.orig.json"
    extends='"extends": "./tsconfig.orig.json",'
  fi
  cat > "$dir/tsconfig.json" <<JSON
{ $extends
  "compilerOptions": {"noEmit": true, "skipLibCheck": true, "experimentalDecorators": true,
                      "target": "esnext", "moduleResolution": "node", "lib": ["esnext", "dom"]},
  "include": ["src/**/*.ts", "src/**/*.tsx"], "exclude": ["dist", "node_modules"] }
JSON
  touch "$dir/.accuracy-tsconfig"
  # what a checkout's .gitignore would leave out: the built package
  printf 'dist/\n' > "$dir/.plumbignore"
}
prepare_rust() {
  printf 'target/\n' > "$1/.plumbignore"
}

index_python() { "$tools/scip-python" index --cwd "$1" --project-name "$2" --project-version "$3" --output "$4" --quiet; }
index_typescript() { (cd "$1" && "$tools/scip-typescript" index --no-progress-bar --output "$4"); }
index_rust() { (cd "$1" && CARGO_TARGET_DIR="$out/ra-target" rust-analyzer scip . --output "$4"); }

questions=()
while read -r registry name version role; do
  case "$registry" in ''|'#'*) continue ;; esac
  selected "$name" || continue
  case "$registry" in crates) lang=rust ;; pypi) lang=python ;; npm) lang=typescript ;; esac
  corpus="bench/corpora/$registry/$name-$version"
  dir="$repo/$corpus"
  "prepare_$lang" "$dir"
  scip="$out/scip/$name-$version.scip"
  if [ "$reindex" = 1 ] || [ ! -s "$scip" ]; then
    echo "index $name $version with the $lang SCIP indexer"
    "index_$lang" "$dir" "$name" "$version" "$scip" > "$out/logs/$name.scip.log" 2>&1 \
      || { echo "indexer failed, see $out/logs/$name.scip.log" >&2; exit 3; }
  fi
  echo "plumb index $name"
  "$plumb" index "$dir" > "$out/logs/$name.plumb.log" 2>&1
  "$harness" derive --lang "$lang" --scip "$scip" --root "$dir" --project "$name" --version "$version" \
    --role "${role:-dev}" --corpus "$corpus" --cap "$cap" --out "$out/questions/$name.json"
  questions+=("$out/questions/$name.json")
done < "$repo/bench/corpora.txt"

echo "score"
"$harness" score --repo-root "$repo" --plumb "$plumb" --jobs 2 \
  --out-json "$out/accuracy.json" --out-md "$out/accuracy.md" \
  --label "plumb $rev ($profile), $(date -u +%F), $cap questions per kind per project." "${questions[@]}"
echo "wrote $out/accuracy.json and $out/accuracy.md"
