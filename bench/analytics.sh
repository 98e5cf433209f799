#!/usr/bin/env bash
# Architecture analytics on real projects (issue 25): one project per language, from a registry
# or Debian at a pinned version (bench/languages-corpora.sh), then the Linux subset
# (`drivers/net` + `include` + `net` of Debian's linux-source-6.1, as bench/speed.sh makes it).
# For each: communities (count, the three largest, symbols placed), entry points found by kind,
# processes traced, and the wall time of `communities` / `entrypoints` / `processes` (one run
# each, on an index already built). Writes bench/out/analytics.md.
# Usage: bench/analytics.sh [--release] [--no-linux]   (default: debug build, with Linux)
#        PLUMB=/path/to/plumb bench/analytics.sh ...      (that binary, nothing built)
set -euo pipefail
shopt -s inherit_errexit
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$repo/bench/out"
work="$here/corpora/languages"
profile=debug
linux=1
for arg in "$@"; do
  case "$arg" in
    --release) profile=release ;;
    --no-linux) linux=0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" "$work"
if [ -n "${PLUMB:-}" ]; then plumb=$PLUMB; profile="given binary"
elif [ "$profile" = release ]; then (cd "$repo" && cargo build --release --quiet --bin plumb)
else (cd "$repo" && cargo build --quiet --bin plumb); fi
plumb=${plumb:-"$repo/target/$profile/plumb"}

source "$here/languages-corpora.sh"

table="$out/analytics.md"
{
  echo "# Analytics on real projects — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD) ($profile), load $(cut -d' ' -f1 /proc/loadavg)"
  echo
  echo "| project | communities | largest | symbols placed | entry points (by kind) | processes | communities / entrypoints / processes s |"
  echo "|---|---|---|---|---|---|---|"
} > "$table"

for row in "${projects[@]}"; do
  IFS='|' read -r language source name version subdir <<< "$row"
  dir=$(corpus_dir "$row")
  echo "== $language: $name $version ($dir)" >&2
  [ -f "$dir/.plumb/index.db" ] || "$plumb" index --quiet "$dir"
  python3 "$here/analytics.py" "$plumb" "$dir" "$language: $name $version" | tee -a "$table"
done

if [ "$linux" = 1 ]; then
  debian="$here/corpora/debian"
  subset="$debian/linux-net"
  if [ ! -d "$subset" ]; then
    kernel="$debian/linux-source-6.1"
    mkdir -p "$debian"
    [ -d "$kernel" ] || (cd "$debian" && apt-get download linux-source-6.1 > /dev/null \
      && dpkg -x linux-source-6.1_*_all.deb pkg \
      && tar -xf pkg/usr/src/linux-source-6.1.tar.xz && rm -rf pkg)
    mkdir -p "$subset/drivers"
    cp -r "$kernel/drivers/net" "$subset/drivers/net"
    cp -r "$kernel/include" "$kernel/net" "$subset/"
  fi
  echo "== Linux subset ($subset)" >&2
  [ -f "$subset/.plumb/index.db" ] || "$plumb" index --quiet "$subset"
  python3 "$here/analytics.py" "$plumb" "$subset" "c: Linux 6.1 drivers/net+include+net" | tee -a "$table"
fi
echo "wrote $table" >&2
