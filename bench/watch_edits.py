#!/usr/bin/env python3
"""One-file edits under `plumb watch` (issue 5): the time from the debounced
event to the committed index, measured inside the process (each run's
`elapsed_ms`), for a sample of files of one indexed corpus.

Each sampled file gets a comment line inserted at its top (every row of the
file moves a line; its interface stays), the watcher's run is read, and the
file is restored (a second edit, also timed). The largest indexed file is
always in the sample. Each run is printed to stderr as it comes (elapsed
ms, file size, path, phases); then one Markdown table row to stdout:

  corpus | edits | p50 ms | p90 ms | max ms (file, KB) | parse / resolve / write p50 ms
  | RSS MB (watcher, after the edits)

Usage: bench/watch_edits.py PLUMB CORPUS_DIR NAME [--files N] [--seed S]
The corpus must be indexed already (the watcher's first run then reuses it).
"""

import argparse
import json
import queue
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

# Chosen: far above any one run on the corpora benchmarked; a run that never
# comes fails the benchmark instead of hanging it.
PATIENCE_S = 600
# Chosen: a quiet spell longer than the watcher's debounce (200 ms), so that
# one edit is one run.
SETTLE_S = 0.5


def comment_for(language):
    return "#" if language in ("python", "ruby") else "//"


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("plumb")
    parser.add_argument("corpus")
    parser.add_argument("name")
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    root = Path(args.corpus).resolve()
    db = sqlite3.connect(root / ".plumb" / "index.db")
    files = db.execute(
        "SELECT path, language, size FROM files WHERE status = 'indexed' ORDER BY path"
    ).fetchall()
    db.close()
    rng = random.Random(args.seed)
    largest = max(files, key=lambda f: f[2])
    sample = rng.sample(files, min(args.files, len(files)))
    if largest not in sample:
        sample[-1] = largest

    watcher = subprocess.Popen(
        [args.plumb, "watch", "--json", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    runs = queue.Queue()
    threading.Thread(
        target=lambda: [runs.put(json.loads(line)) for line in watcher.stdout], daemon=True
    ).start()
    try:
        runs.get(timeout=PATIENCE_S)
        timed = []
        for path, language, size in sample:
            target = root / path
            original = target.read_bytes()
            for content in (
                f"{comment_for(language)} plumb benchmark edit\n".encode() + original,
                original,
            ):
                target.write_bytes(content)
                run = runs.get(timeout=PATIENCE_S)
                if "walk" in run["phases_ms"]:
                    raise SystemExit(f"editing {path} needed a whole run: {run}")
                timed.append((run["elapsed_ms"], path, size, run["phases_ms"]))
                print(run["elapsed_ms"], size, path, run["phases_ms"], file=sys.stderr)
                time.sleep(SETTLE_S)
        rss_mb = 0
        for line in Path(f"/proc/{watcher.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss_mb = int(line.split()[1]) // 1024
    finally:
        watcher.kill()
        watcher.wait()

    elapsed = [t[0] for t in timed]
    slowest = max(timed, key=lambda t: t[0])

    def phase_p50(name):
        return percentile([t[3].get(name, 0) for t in timed], 50)

    print(
        f"| {args.name} | {len(timed)} | {percentile(elapsed, 50)} | {percentile(elapsed, 90)} "
        f"| {slowest[0]} ({slowest[1]}, {slowest[2] // 1024} KB) "
        f"| {phase_p50('parse')} / {phase_p50('resolve')} / {phase_p50('write')} | {rss_mb} |"
    )


if __name__ == "__main__":
    main()
