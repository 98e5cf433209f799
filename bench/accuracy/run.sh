#!/usr/bin/env bash
# The accuracy harness, end to end: fetch the pinned corpora, index each with its
# compiler-grade SCIP indexer (C, C++: libclang's c-index-test, converted to SCIP by the harness),
# derive questions and answers, run plumb on every question, score. Writes bench/out/accuracy.json (every question, with what was missing and extra)
# and bench/out/accuracy.md (the tables); then scores the same questions answered from plumb's
# SCIP export (`plumb export --format scip`) into bench/out/accuracy-scip.{json,md}.
#
# Usage: bench/accuracy/run.sh [--cap N] [--only NAME[,NAME...]] [--reindex] [--release]
#   --cap N     questions per kind per project (default 60)
#   --only      corpora to run (names from bench/corpora.txt; default: all)
#   --reindex   re-run the SCIP indexers even if their output exists
#   --release   score a release build of plumb (default: debug; answers are the same)
#   --head      score plumb as committed (HEAD), built from `git archive HEAD` in
#               bench/out/head/ with its own target dir, whatever the work tree holds
#   --plumb BIN score this plumb binary as it is (built earlier, e.g. before a change)
#   --ci-set    also write the CI subset (bench/accuracy/ci/: CI_CAP questions per kind for
#               the CI_CORPORA) and its thresholds (measured minus CI_MARGIN)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="$repo/bench/out"
cap=60
only=""
reindex=0
profile=debug
ci_set=0
head=0
given=""
CI_CORPORA="click serde_json mobx bzip2-sys"  # one small dev project per language
CI_CAP=12
CI_MARGIN=0.05
while [ $# -gt 0 ]; do
  case "$1" in
    --cap) cap=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --reindex) reindex=1; shift ;;
    --release) profile=release; shift ;;
    --ci-set) ci_set=1; shift ;;
    --head) head=1; shift ;;
    --plumb) given=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
selected() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }

"$here/setup.sh"
tools="$here/tools/node_modules/.bin"
C_INDEX_TEST=/usr/lib/llvm-16/bin/c-index-test  # setup.sh: Debian clang-tools-16

names=()
while read -r registry name version _role _lang; do
  case "$registry" in ''|'#'*) continue ;; esac
  selected "$name" && names+=("$name")
done < "$repo/bench/corpora.txt"
[ ${#names[@]} -gt 0 ] || { echo "no corpus selected" >&2; exit 2; }
"$repo/bench/fetch-corpora.sh" "${names[@]}"

echo "build harness"
(cd "$here" && cargo build --release --quiet)
harness="$here/target/release/plumb-accuracy"

mkdir -p "$out/bin" "$out/scip" "$out/questions" "$out/logs"
if [ -n "$given" ]; then
  [ -x "$given" ] || { echo "--plumb $given: not an executable" >&2; exit 2; }
  echo "score the given plumb $given"
  cp "$given" "$out/bin/plumb"
  rev="$(git -C "$repo" rev-parse --short HEAD) (given binary)"
elif [ "$head" = 1 ]; then
  rev=$(git -C "$repo" rev-parse --short HEAD)
  echo "build plumb $rev (HEAD, $profile) in $out/head"
  rm -rf "$out/head/src" && mkdir -p "$out/head/src"
  git -C "$repo" archive HEAD | tar -x -C "$out/head/src"
  flags=(--quiet --bin plumb); [ "$profile" = release ] && flags+=(--release)
  (cd "$out/head/src" && CARGO_TARGET_DIR="$out/head/target" cargo build "${flags[@]}")
  cp "$out/head/target/$profile/plumb" "$out/bin/plumb"
else
  echo "build plumb ($profile)"
  if [ "$profile" = release ]; then (cd "$repo" && cargo build --release --quiet --bin plumb)
  else (cd "$repo" && cargo build --quiet --bin plumb); fi
  # A snapshot of the binary: others may rebuild target/ while this runs, and the index and
  # the queries must come from the same plumb.
  cp "$repo/target/$profile/plumb" "$out/bin/plumb"
  rev=$(git -C "$repo" rev-parse --short HEAD)
  git -C "$repo" diff --quiet HEAD -- crates src Cargo.toml 2>/dev/null || rev="$rev+uncommitted"
fi
plumb="$out/bin/plumb"

index_python() { "$tools/scip-python" index --cwd "$1" --project-name "$2" --project-version "$3" --output "$4" --quiet; }
index_typescript() { (cd "$1" && "$tools/scip-typescript" index --no-progress-bar --output "$4"); }
index_rust() { (cd "$1" && CARGO_TARGET_DIR="$out/ra-target" rust-analyzer scip . --output "$4"); }
# clang arguments a corpus's own build passes (bench/accuracy/clang-args.txt), by package name.
clang_args() { awk -v n="$1" '$1 == n { $1 = ""; print }' "$here/clang-args.txt"; }
index_c() {
  # shellcheck disable=SC2046 # the arguments are words of their own
  "$harness" clang-scip --root "$1" --out "$4" --c-index-test "$C_INDEX_TEST" -- $(clang_args "$2")
}
index_cpp() {
  # shellcheck disable=SC2046
  "$harness" clang-scip --lang cpp --root "$1" --out "$4" --c-index-test "$C_INDEX_TEST" -- $(clang_args "$2")
}

questions=()
while read -r registry name version role lang_dir; do
  case "$registry" in ''|'#'*) continue ;; esac
  selected "$name" || continue
  case "$registry" in crates) lang=rust ;; pypi) lang=python ;; npm) lang=typescript ;; esac
  corpus="bench/corpora/$registry/$name-$version"
  "$here/prepare.sh" "$registry" "$repo/$corpus"
  # `c:SUBDIR`, `cpp:SUBDIR` (bench/corpora.txt): the C or C++ sources the package vendors are
  # the corpus.
  if [ -n "${lang_dir:-}" ]; then lang=${lang_dir%%:*}; corpus="$corpus/${lang_dir#*:}"; fi
  dir="$repo/$corpus"
  slug=${name//\//_}  # a scoped npm name (`@scope/pkg`) as one file name
  scip="$out/scip/$slug-$version.scip"
  if [ "$reindex" = 1 ] || [ ! -s "$scip" ]; then
    echo "index $name $version with the $lang SCIP indexer"
    "index_$lang" "$dir" "$name" "$version" "$scip" > "$out/logs/$slug.scip.log" 2>&1 \
      || { echo "indexer failed, see $out/logs/$slug.scip.log" >&2; exit 3; }
  fi
  echo "plumb index $name"
  "$plumb" index "$dir" > "$out/logs/$slug.plumb.log" 2>&1
  "$harness" derive --lang "$lang" --scip "$scip" --root "$dir" --project "$name" --version "$version" \
    --role "${role:-dev}" --corpus "$corpus" --cap "$cap" --out "$out/questions/$slug.json"
  questions+=("$out/questions/$slug.json")
  if [ "$ci_set" = 1 ] && [[ " $CI_CORPORA " == *" $name "* ]]; then
    mkdir -p "$here/ci"
    "$harness" derive --lang "$lang" --scip "$scip" --root "$dir" --project "$name" --version "$version" \
      --role "${role:-dev}" --corpus "$corpus" --cap "$CI_CAP" --out "$here/ci/$name.questions.json"
  fi
done < "$repo/bench/corpora.txt"

echo "score"
"$harness" score --repo-root "$repo" --plumb "$plumb" --jobs 2 \
  --out-json "$out/accuracy.json" --out-md "$out/accuracy.md" \
  --label "plumb $rev ($profile), $(date -u +%F), $cap questions per kind per project." "${questions[@]}"
echo "wrote $out/accuracy.json and $out/accuracy.md"
echo "score the SCIP export"
"$harness" score-scip --repo-root "$repo" --plumb "$plumb" --scip-dir "$out/scip-export" \
  --out-json "$out/accuracy-scip.json" --out-md "$out/accuracy-scip.md" \
  --label "plumb $rev ($profile), $(date -u +%F), $cap questions per kind per project." "${questions[@]}" > /dev/null
echo "wrote $out/accuracy-scip.json and $out/accuracy-scip.md"
if [ "$ci_set" = 1 ]; then
  "$harness" score --repo-root "$repo" --plumb "$plumb" --jobs 2 --write-thresholds "$here/ci/thresholds.json" \
    --margin "$CI_MARGIN" "$here"/ci/*.questions.json > /dev/null
  echo "wrote $here/ci/ (CI subset and thresholds)"
fi
