#!/usr/bin/env bash
# Structural search against the ast-grep CLI (issue 21): the same patterns over the same files
# with `plumb grep --lang L --json` and `ast-grep run -l L --json=stream`, wall and CPU time (median
# of RUNS runs after one warm-up, files in the page cache) and match counts, and a check that the
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
# `plumb grep` calls without the CLI around it, in place of the plumb binary; ONLY=1,3 runs only
# those cases, numbered from 1 in the list below)
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
# "wall cpu" seconds of one run of "$@" (cpu: user + system, children included), output discarded.
# The machine is shared: CPU seconds move less with the load than wall seconds.
timed() {
  local t
  t=$(mktemp)
  export -f plumb_grep
  export ENGINE plumb
  /usr/bin/time -f "%e %U %S" -o "$t" bash -c '"$@" > /dev/null 2>&1 || true' _ "$@"
  awk '{printf "%s %.2f\n", $1, $2 + $3}' "$t"
  rm -f "$t"
}
{
  what="plumb grep"; [ -n "${ENGINE:-}" ] && what="plumb's search engine (examples/struct_grep)"
  echo "# Structural search: $what vs ast-grep — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD) (release), $("$sg" --version), $(nproc) cores, median of $RUNS warm runs, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
  echo
  echo "| corpus | pattern | plumb s wall / CPU | ast-grep s wall / CPU | ast-grep / plumb wall / CPU | floor s wall / CPU | ast-grep / floor CPU | plumb matches | ast-grep matches | same matches | plumb files parsed |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$out/structural.md"

n=0
for case in "${cases[@]}"; do
  IFS='|' read -r corpus dir lang sglang pattern <<< "$case"
  if [ -n "${ONLY:-}" ] && [[ ",$ONLY," != *",$((n + 1)),"* ]]; then n=$((n + 1)); continue; fi
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
    ft+=("$(timed "$floor" "$lang" "$dir" "$pattern")")
  done
  # Medians of wall and of CPU seconds, each over the runs.
  p_w=$(printf '%s\n' "${pt[@]}" | cut -d' ' -f1 | median); p_c=$(printf '%s\n' "${pt[@]}" | cut -d' ' -f2 | median)
  s_w=$(printf '%s\n' "${st[@]}" | cut -d' ' -f1 | median); s_c=$(printf '%s\n' "${st[@]}" | cut -d' ' -f2 | median)
  f_w=$(printf '%s\n' "${ft[@]}" | cut -d' ' -f1 | median); f_c=$(printf '%s\n' "${ft[@]}" | cut -d' ' -f2 | median)
  compared=$(python3 "$here/structural_compare.py" "$dir" "$pj" "$sj")
  IFS='|' read -r p_n s_n same parsed <<< "$compared"
  ratio_w=$(echo "$s_w / $p_w" | bc -l); ratio_c=$(echo "$s_c / $p_c" | bc -l)
  f_ratio=$(echo "$s_c / $f_c" | bc -l)
  printf '| %s | `%s` | %.2f / %.2f | %.2f / %.2f | %.1f× / %.1f× | %.2f / %.2f | %.1f× | %s | %s | %s | %s |\n' \
    "$corpus" "$pattern" "$p_w" "$p_c" "$s_w" "$s_c" "$ratio_w" "$ratio_c" "$f_w" "$f_c" "$f_ratio" \
    "$p_n" "$s_n" "$same" "$parsed" >> "$out/structural.md"
done
cat "$out/structural.md"
