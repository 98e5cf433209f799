#!/usr/bin/env bash
# Downloads the pinned corpora of bench/corpora.txt into bench/corpora/<registry>/<name>-<version>/
# through each registry's ordinary client. Idempotent: an existing directory is kept.
# Usage: bench/fetch-corpora.sh [NAME...]   (default: every corpus)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/corpora"
mkdir -p "$out"
wanted=("$@")

want() {
  [ ${#wanted[@]} -eq 0 ] && return 0
  local name
  for name in "${wanted[@]}"; do [ "$name" = "$1" ] && return 0; done
  return 1
}

fetch_crate() {
  local name=$1 version=$2 dest=$3 work
  work=$(mktemp -d)
  mkdir -p "$work/src"
  printf '[package]\nname = "corpus-probe"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n%s = "=%s"\n' "$name" "$version" > "$work/Cargo.toml"
  : > "$work/src/lib.rs"
  (cd "$work" && cargo vendor --quiet --versioned-dirs vendor > /dev/null)
  mv "$work/vendor/$name-$version" "$dest"
  rm -rf "$work"
  standalone_crate "$dest"
}

# bench/corpora/ lies inside plumb's own Cargo workspace; an empty [workspace] table makes a
# vendored crate its own workspace root so that cargo (and rust-analyzer) accept it there.
# Only Cargo.toml changes; no source file does.
standalone_crate() {
  grep -q '^\[workspace\]' "$1/Cargo.toml" || printf '\n[workspace]\n' >> "$1/Cargo.toml"
}

fetch_pypi() {
  local name=$1 version=$2 dest=$3 work archive
  work=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --no-binary :all: --no-build-isolation -d "$work" "$name==$version" > /dev/null 2>&1 \
    || python3 -m pip download --quiet --no-deps --no-binary :all: -d "$work" "$name==$version"
  archive=$(ls "$work"/*.tar.gz | head -n 1)
  mkdir -p "$dest"
  tar -xzf "$archive" -C "$dest" --strip-components=1
  rm -rf "$work"
}

fetch_npm() {
  local name=$1 version=$2 dest=$3 work archive
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "$name@$version" > /dev/null)
  archive=$(ls "$work"/*.tgz | head -n 1)
  mkdir -p "$dest"
  tar -xzf "$archive" -C "$dest" --strip-components=1
  rm -rf "$work"
}

while read -r registry name version _role; do
  case "$registry" in ''|'#'*) continue ;; esac
  want "$name" || continue
  dest="$out/$registry/$name-$version"
  if [ -d "$dest" ]; then
    [ "$registry" = crates ] && standalone_crate "$dest"
    echo "have  $registry $name $version"
    continue
  fi
  mkdir -p "$out/$registry"
  echo "fetch $registry $name $version"
  case "$registry" in
    crates) fetch_crate "$name" "$version" "$dest" ;;
    pypi) fetch_pypi "$name" "$version" "$dest" ;;
    npm) fetch_npm "$name" "$version" "$dest" ;;
    *) echo "unknown registry $registry" >&2; exit 2 ;;
  esac
done < "$here/corpora.txt"
