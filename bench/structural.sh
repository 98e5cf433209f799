#!/usr/bin/env bash
# Structural search against the ast-grep CLI (issue 21): the same patterns over the same files
# with `plumb grep --lang L --json` and `ast-grep run -l L --json=stream`, wall time (median of
# RUNS runs after one warm-up, files in the page cache) and match counts, and a check that the
# two match sets agree (file and start byte of every match; bench/structural_compare.py).
# Writes bench/out/structural.md.
# Corpora: the Linux subset of bench/speed.sh (drivers/net + include + net of Debian's
# linux-source-6.1, 12,747 C files) and rxjs 7.8.1's TypeScript sources (src/).
# ast-grep comes from npm (@ast-grep/cli, pinned below), installed under bench/out/ast-grep/.
# Usage: bench/structural.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
out="$repo/bench/out"
# Chosen: five timed runs per tool and pattern (RUNS overrides); the median is what the table reports.
RUNS=${RUNS:-5}
AST_GREP_VERSION=0.51.1
mkdir -p "$out/structural"

echo "build (release)"
(cd "$repo" && cargo build --release --quiet --bin plumb)
plumb="$repo/target/release/plumb"

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
  echo "# Structural search: plumb grep vs ast-grep — $(date -u +%F), plumb $(git -C "$repo" rev-parse --short HEAD) (release), $("$sg" --version), $(nproc) cores, median of $RUNS warm runs"
  echo
  echo "| corpus | pattern | plumb s | ast-grep s | ast-grep / plumb | plumb matches | ast-grep matches | same matches | plumb files parsed |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$out/structural.md"

n=0
for case in "${cases[@]}"; do
  IFS='|' read -r corpus dir lang sglang pattern <<< "$case"
  n=$((n + 1))
  echo "$corpus: $pattern"
  pj="$out/structural/$n.plumb.json"
  sj="$out/structural/$n.ast-grep.jsonl"
  (cd "$dir" && "$plumb" --root "$dir" grep --json --lang "$lang" "$pattern" "$dir" > "$pj" || true)
  "$sg" run --json=stream -l "$sglang" -p "$pattern" "$dir" > "$sj" || true
  pt=(); st=()
  for _ in $(seq "$RUNS"); do
    pt+=("$(timed "$plumb" --root "$dir" grep --json --lang "$lang" "$pattern" "$dir")")
    st+=("$(timed "$sg" run --json=stream -l "$sglang" -p "$pattern" "$dir")")
  done
  p_s=$(printf '%s\n' "${pt[@]}" | median)
  s_s=$(printf '%s\n' "${st[@]}" | median)
  compared=$(python3 "$here/structural_compare.py" "$dir" "$pj" "$sj")
  IFS='|' read -r p_n s_n same parsed <<< "$compared"
  ratio=$(echo "$s_s / $p_s" | bc -l)
  printf '| %s | `%s` | %.3f | %.3f | %.1f× | %s | %s | %s | %s |\n' \
    "$corpus" "$pattern" "$p_s" "$s_s" "$ratio" "$p_n" "$s_n" "$same" "$parsed" >> "$out/structural.md"
done
cat "$out/structural.md"
