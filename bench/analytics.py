"""Analytics on one indexed project: times `plumb communities`, `entrypoints`
and `processes` (each run once, wall clock of the whole command), and prints
one Markdown table row: community count, the largest sizes, symbols in
communities, entry points found by kind, processes traced.

Usage: python3 bench/analytics.py PLUMB ROOT LABEL
"""

import collections
import json
import subprocess
import sys
import time


def timed(plumb, root, *args):
    """(seconds, the JSON answer) of `plumb --root ROOT ARGS --json`."""
    started = time.monotonic()
    out = subprocess.run([plumb, "--root", root, *args, "--json"], capture_output=True, check=False)
    took = time.monotonic() - started
    if out.returncode not in (0, 1):
        sys.exit(f"plumb {' '.join(args)} on {root} exited {out.returncode}: {out.stderr.decode()[:500]}")
    return took, json.loads(out.stdout)


def main():
    plumb, root, label = sys.argv[1:4]
    t_comm, communities = timed(plumb, root, "communities")
    t_entry, entries = timed(plumb, root, "entrypoints")
    t_proc, processes = timed(plumb, root, "processes")
    sizes = sorted((c["size"] for c in communities["results"]), reverse=True)
    kinds = collections.Counter(e["kind"] for e in entries["results"])
    by_kind = ", ".join(f"{kind} {n}" for kind, n in kinds.most_common())
    print(
        f"| {label} | {len(sizes)} | {', '.join(map(str, sizes[:3]))} | {sum(sizes)} "
        f"| {len(entries['results'])} ({by_kind}) | {len(processes['results'])} "
        f"| {t_comm:.2f} / {t_entry:.2f} / {t_proc:.2f} |"
    )


main()
