#!/usr/bin/env bash
# Structural search against the ast-grep CLI (issue 21): the same patterns over the same files
# with `plumb grep --lang L --json` and `ast-grep run -l L --json=stream`, wall time (median of
# RUNS runs after one warm-up, files in the page cache) and match counts, and a check that the
# two match sets agree (file and start byte of every match; bench/structural_compare.py).
# Writes bench/out/structural.md.
# Corpora: the Linux subset of bench/speed.sh (drivers/net + include + net of Debian's
# linux-source-6.1, 12,747 C files) and rxjs 7.8.1's TypeScript sources (src/).
# ast-grep comes from npm (@ast-grep/cli, pinned below), installed under bench/out/ast-grep/.
# The floor column is the median time of crates/plumb-struct/examples/parse_floor.rs: walk, read
# every file of the language, keep those passing plumb's prefilter and parse them with tree-sitter
# on all cores, with no matching and no output (what any search parsing those files must spend).
# Usage: bench/structural.sh   (PLUMB=path/to/plumb and FLOOR=path/to/parse_floor use prebuilt
# release binaries instead of building them; RUNS=n sets the timed runs per tool and pattern;
# ENGINE=path/to/struct_grep times crates/plumb-struct/examples/struct_grep.rs, the search
# `plumb grep` calls without the CLI around it, in place of the plumb binary)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$repo/bench/out"
# Chosen: five timed runs per tool and pattern (RUNS overrides); the median is what the table reports.
RUNS=${RUNS:-5}
AST_GREP_VERSION=0.51.1
mkdir -p "$out/structural"

if { [ -z "${PLUMB:-}" ] && [ -z "${ENGINE:-}" ]; } || [ -z "${FLOOR:-}" ]; then
  echo "build (release)"
  (cd "$repo" && cargo build --release --quiet --bin plumb \
    && cargo build --release --quiet -p plumb-struct --example parse_floor)
fi
plumb=${PLUMB:-$repo/target/release/plumb}
floor=${FLOOR:-$repo/target/release/examples/parse_floor}
# One run of plumb's search: the binary, or with ENGINE the example calling the same function.
plumb_grep() { # dir lang pattern
  if [ -n "${ENGINE:-}" ]; then
    "$ENGINE" "$2" "$1" "$3"
  else
    (cd "$1" && "$plumb" --root "$1" grep --json --lang "$2" "$3" "$1")
  fi
}

sg="$out/ast-grep/node_modules/.bin/ast-grep"
if [ ! -x "$sg" ]; then
  npm install --silent --prefix "$out/ast-grep" "@ast-grep/cli@$AST_GREP_VERSION" > /dev/null
fi

"$here/fetch-corpora.sh" rxjs
debian="$here/corpora/debian"
subset="$debian/linux-net"
if [ ! -d "$subset" ]; then
  mkdir -p "$debian"
  (cd "$debian" && apt-get download linux-source-6.1 > /dev/null \
    && dpkg -x linux-source-6.1_*_all.deb pkg \
    && tar -xf pkg/usr/src/linux-source-6.1.tar.xz \
      linux-source-6.1/drivers/net linux-source-6.1/include linux-source-6.1/net \
    && mkdir -p linux-net/drivers \
    && mv linux-source-6.1/drivers/net linux-net/drivers/net \
    && mv linux-source-6.1/include linux-source-6.1/net linux-net/ \
    && rm -rf linux-source-6.1 pkg linux-source-6.1_*_all.deb)
fi
rxjs="$here/corpora/npm/rxjs-7.8.1"

# corpus name | directory searched | plumb language | ast-grep language | pattern
cases=(
  "linux-net|$subset|c|c|kfree(\$X);"
  "linux-net|$subset|c|c|spin_lock_irqsave(\$LOCK, \$FLAGS);"
  "linux-net|$subset|c|c|if (\$X == NULL) return -ENOMEM;"
  "linux-net|$subset|c|c|\$DEV->netdev_ops = \$OPS;"
  "rxjs|$rxjs/src|typescript|ts|\$X.pipe(\$\$\$OPS)"
  "rxjs|$rxjs/src|typescript|ts|new Observable(\$\$\$ARGS)"
  "rxjs|$rxjs/src|typescript|ts|subscriber.next(\$V)"
)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Wall seconds of one run of "$@", output discarded.
timed() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

{
  what="plumb grep"; [ -n "${ENGINE:-}" ] && what="plumb's search engine (examples/struct_grep)"
  echo "# Structural search: $what vs ast-grep — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD) (release), $("$sg" --version), $(nproc) cores, median of $RUNS warm runs, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
  echo
  echo "| corpus | pattern | plumb s | ast-grep s | ast-grep / plumb | floor s | ast-grep / floor | plumb matches | ast-grep matches | same matches | plumb files parsed |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$out/structural.md"

n=0
for case in "${cases[@]}"; do
  IFS='|' read -r corpus dir lang sglang pattern <<< "$case"
  n=$((n + 1))
  echo "$corpus: $pattern"
  pj="$out/structural/$n.plumb.json"
  sj="$out/structural/$n.ast-grep.jsonl"
  plumb_grep "$dir" "$lang" "$pattern" > "$pj" || true
  "$sg" run --json=stream -l "$sglang" -p "$pattern" "$dir" > "$sj" || true
  "$floor" "$lang" "$dir" "$pattern" > /dev/null
  pt=(); st=(); ft=()
  for _ in $(seq "$RUNS"); do
    pt+=("$(timed plumb_grep "$dir" "$lang" "$pattern")")
    st+=("$(timed "$sg" run --json=stream -l "$sglang" -p "$pattern" "$dir")")
    ft+=("$("$floor" "$lang" "$dir" "$pattern" | awk '{print $3}')")
  done
  p_s=$(printf '%s\n' "${pt[@]}" | median)
  s_s=$(printf '%s\n' "${st[@]}" | median)
  f_s=$(printf '%s\n' "${ft[@]}" | median)
  compared=$(python3 "$here/structural_compare.py" "$dir" "$pj" "$sj")
  IFS='|' read -r p_n s_n same parsed <<< "$compared"
  ratio=$(echo "$s_s / $p_s" | bc -l)
  f_ratio=$(echo "$s_s / $f_s" | bc -l)
  printf '| %s | `%s` | %.3f | %.3f | %.1f× | %.3f | %.1f× | %s | %s | %s | %s |\n' \
    "$corpus" "$pattern" "$p_s" "$s_s" "$ratio" "$f_s" "$f_ratio" "$p_n" "$s_n" "$same" "$parsed" >> "$out/structural.md"
done
cat "$out/structural.md"
