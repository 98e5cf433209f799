#!/usr/bin/env bash
# Speed and memory benchmarks (issue 5), whole-process and in-process, one run each; writes
# bench/out/speed.md. Per corpus:
#   parse-only  the same walk and parse on the same rayon threads, no extraction, resolution
#               or store (crates/plumb-index/examples/parse_only.rs): the parser's own limit
#   full        `plumb index --full` wall time and peak RSS (/usr/bin/time), and their ratio
#   no-op       `plumb index` again, nothing changed: elapsed_ms measured inside the process
#   one edit    one file changed (a comment line inserted at its top, so every row of the file
#               moves a line), then `plumb index`: elapsed_ms, files parsed, files resolved
#               (the edit keeps every interface: the edited file only), files whose rows
#               were rewritten
#   watch       one-file edits under `plumb watch` (bench/watch_edits.py): 20 sampled files and
#               the largest, each edited and restored, elapsed_ms of each run: p50, p90, max
#   phases      where the full run and the one-edit run spend their time (phases_ms)
#   queries     warm p50/p99 of symbol, refs, callers, impact depth 3 (examples/query_latency.rs)
#   floors      what no full index can go below, each measured on its own: the parse with every
#               node of every tree visited by a cursor (parse_only --walk), and the store's rows
#               written by SQLite alone (bench/store_floor.py: the full run's rows copied by one
#               INSERT ... SELECT a table, its full-text tokens, its indexes); the two together,
#               spread perfectly over the cores, bound a full index from below
# Corpora: regex-automata, rxjs and rich from bench/corpora.txt (bench/fetch-corpora.sh), and
# with --linux the Linux kernel from Debian's linux-source-6.1 package: its `drivers/net` +
# `include` + `net` subtree as the >=5,000-file repository, and the whole tree.
# Usage: bench/speed.sh [--linux | --linux-subset]   (--linux-subset: the >=5,000-file subtree only)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$repo/bench/out"
linux=0
while [ $# -gt 0 ]; do
  case "$1" in
    --linux) linux=2; shift ;;
    --linux-subset) linux=1; shift ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out/speed"

echo "build (release)"
(cd "$repo" && cargo build --release --quiet --bin plumb \
  && cargo build --release --quiet -p plumb-index --example parse_only \
  && cargo build --release --quiet -p plumb-query --example query_latency)
bin="$repo/target/release"
plumb="$bin/plumb"

"$here/fetch-corpora.sh" regex-automata rxjs rich
# An npm tarball ships its build (dist/), which a checkout's .gitignore leaves out; ignore it
# as bench/accuracy/prepare.sh does, so the corpus is the package's source.
printf 'dist/\n' > "$here/corpora/npm/rxjs-7.8.1/.plumbignore"
corpora=(
  "regex-automata:$here/corpora/crates/regex-automata-0.4.9"
  "rxjs:$here/corpora/npm/rxjs-7.8.1"
  "rich:$here/corpora/pypi/rich-13.9.4"
)

if [ "$linux" -ge 1 ]; then
  debian="$here/corpora/debian"
  kernel="$debian/linux-source-6.1"
  if [ ! -d "$kernel" ]; then
    mkdir -p "$debian"
    (cd "$debian" && apt-get download linux-source-6.1 > /dev/null \
      && dpkg -x linux-source-6.1_*_all.deb pkg \
      && tar -xf pkg/usr/src/linux-source-6.1.tar.xz && rm -rf pkg)
  fi
  # Debian's linux-source adds "ignore everything at the top level" (`/*`, `!/debian/`) to the
  # kernel's .gitignore, which plumb honours; .plumbignore (read first) takes the tree back.
  printf '# Undo Debian packaging'"'"'s top-level /* in .gitignore\n!/*\n' > "$kernel/.plumbignore"
  subset="$debian/linux-net"
  if [ ! -d "$subset" ]; then
    mkdir -p "$subset/drivers"
    cp -r "$kernel/drivers/net" "$subset/drivers/net"
    cp -r "$kernel/include" "$kernel/net" "$subset/"
  fi
  corpora+=("linux-net:$subset")
  [ "$linux" = 2 ] && corpora+=("linux:$kernel")
fi

seconds() { awk '{print $1}' "$1"; }
# User plus system CPU seconds of a /usr/bin/time -f "%e %M %U %S" record.
cpu_seconds() { awk '{printf "%.2f", $3 + $4}' "$1"; }
rss_mb() { awk '{printf "%.0f", $2 / 1024}' "$1"; }
json_field() { python3 -c "import json,sys; print(json.dumps(json.loads(sys.stdin.readline())['$1']))"; }
# The phases of one run (a phases_ms object on stdin) as table cells, in seconds.
phase_names=(walk parse collect open link resolve+write commit)
phase_cells() {
  python3 -c "
import json, sys
phases = json.loads(sys.stdin.readline())
print(' | '.join(f'{phases[p] / 1000:.2f}' if p in phases else '-' for p in sys.argv[1:]))" "${phase_names[@]}"
}

{
  echo "# plumb speed and memory — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD), release build, $(nproc) cores"
  echo
  echo "| corpus | files indexed | parse-only s | full index s | full / parse-only | peak RSS MB | no-op reindex ms | one-file edit ms (files parsed, resolved, rewritten) |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$out/speed.md"
queries=""
phases=""
watched=""
floors=""

for entry in "${corpora[@]}"; do
  name=${entry%%:*}
  dir=${entry#*:}
  echo "== $name"
  rm -rf "$dir/.plumb"
  /usr/bin/time -f "%e %M %U %S" -o "$out/speed/$name.parse.time" "$bin/examples/parse_only" "$dir" \
    > "$out/speed/$name.parse.log"
  /usr/bin/time -f "%e %M %U %S" -o "$out/speed/$name.walk.time" "$bin/examples/parse_only" --walk "$dir" \
    > "$out/speed/$name.walk.log"
  /usr/bin/time -f "%e %M" -o "$out/speed/$name.full.time" "$plumb" index --full --json "$dir" \
    > "$out/speed/$name.full.json" 2> /dev/null
  files=$(python3 -c "import json; print(json.load(open('$out/speed/$name.full.json'))['files'].get('indexed', 0))")
  store_floor=$(python3 "$here/store_floor.py" "$dir/.plumb/index.db")
  # Modification times within 100 ms of a run's start are not trusted (racy files): let the
  # clock move past that before the no-op run.
  sleep 1
  noop=$("$plumb" index --json "$dir" 2> /dev/null | json_field elapsed_ms)
  # The first indexed file, by path, and the comment syntax of its language: an edit the
  # index must see.
  read -r edited_rel comment < <(python3 -c "
import sqlite3
db = sqlite3.connect('$dir/.plumb/index.db')
path, language = db.execute(\"SELECT path, language FROM files WHERE status = 'indexed' ORDER BY path LIMIT 1\").fetchone()
print(path, '#' if language in ('python', 'ruby') else '//')")
  edited="$dir/$edited_rel"
  cp "$edited" "$out/speed/$name.edited.bak"
  { echo "$comment plumb benchmark edit"; cat "$out/speed/$name.edited.bak"; } > "$edited"
  edit_json=$("$plumb" index --json "$dir" 2> /dev/null)
  cp "$out/speed/$name.edited.bak" "$edited"
  edit_ms=$(echo "$edit_json" | json_field elapsed_ms)
  reused=$(echo "$edit_json" | json_field reused_files)
  resolved=$(echo "$edit_json" | json_field resolved_files)
  rewritten=$(echo "$edit_json" | json_field rewritten_files)
  phases+=$'\n'"| $name | full | $(json_field phases_ms < "$out/speed/$name.full.json" | phase_cells) |"
  phases+=$'\n'"| $name | one edit | $(echo "$edit_json" | json_field phases_ms | phase_cells) |"
  parse_s=$(seconds "$out/speed/$name.parse.time")
  full_s=$(seconds "$out/speed/$name.full.time")
  ratio=$(python3 -c "print(f'{$full_s / max($parse_s, 0.001):.1f}x')")
  floors+=$'\n'"$(python3 -c "
import json, os, sys
parse, walk, walk_cpu, parse_cpu, full = map(float, sys.argv[1:6])
store = json.loads(sys.argv[6])
floor = max(walk, (walk_cpu + store['cpu_seconds']) / os.cpu_count())
print(f'| $name | {parse:.2f} ({parse_cpu:.1f}) | {walk:.2f} ({walk_cpu:.1f}) | {walk / parse:.2f}x '
      f'| {store[\"seconds\"]:.2f} ({store[\"cpu_seconds\"]:.1f}) | {floor:.2f} | {floor / parse:.2f}x | {full / parse:.2f}x |')
" "$parse_s" "$(seconds "$out/speed/$name.walk.time")" "$(cpu_seconds "$out/speed/$name.walk.time")" \
    "$(cpu_seconds "$out/speed/$name.parse.time")" "$full_s" "$store_floor")"
  echo "| $name | $files | $parse_s | $full_s | $ratio | $(rss_mb "$out/speed/$name.full.time") | $noop | $edit_ms ($((files - reused)), $resolved, $rewritten) |" >> "$out/speed.md"
  watched+=$'\n'"$(python3 "$here/watch_edits.py" "$plumb" "$dir" "$name" 2> "$out/speed/$name.watch.log")"
  queries+=$'\n'"### $name"$'\n\n'"$("$bin/examples/query_latency" "$dir")"$'\n'
done

{
  echo
  echo "## Where the time goes (phases_ms of \`plumb index --json\`, seconds)"
  echo
  printf '| corpus | run |'; printf ' %s |' "${phase_names[@]}"; echo
  printf '|---|---|'; printf -- '---|%.0s' "${phase_names[@]}"; echo
  echo "$phases" | sed '/^$/d'
  echo
  echo "## One-file edits under \`plumb watch\` (in process: from the debounced event to the commit)"
  echo
  echo "| corpus | edits | p50 ms | p90 ms | max ms (file, size) | parse / resolve / write p50 ms | watcher RSS MB |"
  echo "|---|---|---|---|---|---|---|"
  echo "$watched" | sed '/^$/d'
  echo
  echo "## Floors (wall s, CPU s in brackets)"
  echo
  echo "A full index reads every node of every tree and writes its rows; the floor is the larger"
  echo "of the walk's wall time and the walk's and the store's CPU spread over $(nproc) cores."
  echo
  echo "| corpus | parse-only | parse + walk every node | walk / parse-only | store's rows by SQLite alone | floor of a full index | floor / parse-only | full / parse-only |"
  echo "|---|---|---|---|---|---|---|---|"
  echo "$floors" | sed '/^$/d'
  echo
  echo "## Warm query latency (in process, one engine, after a warm-up pass)"
  echo "$queries"
} >> "$out/speed.md"
echo "wrote $out/speed.md"
