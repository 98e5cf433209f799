#!/usr/bin/env bash
# One real project per language, from a registry or Debian, at a pinned version: index it and
# report, from `plumb status --json`, the language's files, symbols, call sites and the share
# of call sites resolved beyond a name-only guess. Writes bench/out/languages.md.
# Calls into libraries outside the project (the standard library, the platform SDK) stay
# unresolved by design, so no share reaches 100 %.
# Usage: bench/languages.sh [--debug]   (default: release build)
set -euo pipefail
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

# language | source | package | version | subdirectory indexed
projects=(
  "python|pypi|click|8.1.7|."
  "typescript|npm|rxjs|7.8.1|src"
  "javascript|npm|express|5.1.0|."
  "rust|crates|regex-automata|0.4.9|."
  "c|crates|zstd-sys|2.1.3+zstd.1.5.7|zstd/lib"
  "cpp|debian|googletest|1.12.1-0.2|usr/src/googletest"
  "go|debian|golang-github-spf13-cobra-dev|1.6.1-1|usr/share/gocode/src/github.com/spf13/cobra"
  "java|npm|@capacitor/android|6.1.2|capacitor/src"
  "kotlin|npm|react-native-screens|4.30.1|android"
  "csharp|pypi|pythonnet|3.2.1|src"
  "php|debian|php-league-commonmark|2.3.9-1+deb12u1|usr/share/php/League/CommonMark"
  "ruby|debian|ruby-rack|2.2.22-0+deb12u2|usr/share/rubygems-integration/all/gems/rack-2.2.22"
  "swift|npm|expo-modules-core|58.1.0|ios"
)

fetch() {
  local source=$1 name=$2 version=$3 dest=$4 tmp
  tmp=$(mktemp -d)
  case "$source" in
    pypi)
      python3 -m pip download --quiet --no-deps --no-binary :all: --no-build-isolation -d "$tmp" "$name==$version" > /dev/null 2>&1 \
        || python3 -m pip download --quiet --no-deps --no-binary :all: -d "$tmp" "$name==$version" > /dev/null
      mkdir -p "$dest" && tar -xzf "$tmp"/*.tar.gz -C "$dest" --strip-components=1 ;;
    npm)
      (cd "$tmp" && npm pack --silent "$name@$version" > /dev/null)
      mkdir -p "$dest" && tar -xzf "$tmp"/*.tgz -C "$dest" --strip-components=1 ;;
    crates)
      mkdir -p "$tmp/src" && : > "$tmp/src/lib.rs"
      printf '[package]\nname = "probe"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n%s = "=%s"\n' "$name" "$version" > "$tmp/Cargo.toml"
      (cd "$tmp" && cargo vendor --quiet --versioned-dirs vendor > /dev/null)
      mv "$tmp/vendor/$name-$version" "$dest" ;;
    debian)
      (cd "$tmp" && apt-get download "$name=$version" > /dev/null 2>&1)
      mkdir -p "$dest" && dpkg -x "$tmp"/*.deb "$dest" ;;
  esac
  rm -rf "$tmp"
}

{
  echo "# One real project per language — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD) ($profile)"
  echo
  echo "| language | project (source, version) | files | symbols | call sites | resolved beyond name-only | index time s |"
  echo "|---|---|---|---|---|---|---|"
} > "$out/languages.md"

for row in "${projects[@]}"; do
  IFS='|' read -r language source name version subdir <<< "$row"
  dest="$work/$(echo "$name" | tr '/@' '__')-$version"
  [ -d "$dest" ] || fetch "$source" "$name" "$version" "$dest"
  dir="$dest/$subdir"
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
