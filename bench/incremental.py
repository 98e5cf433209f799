#!/usr/bin/env python3
"""Incremental soundness on real corpora (issue 5): random edits, each
followed by `plumb index` (incremental) and `plumb index --full`; the two
indexes must hold the same rows, table by table.

The edits are the ones an agent makes most: a comment inserted, a line
repeated or deleted, a word renamed across one file. Most keep every
interface, so the incremental run resolves the edited file only (the early
cutoff); the rest resolve everything. Both kinds are counted, and the
wall time of each incremental run is reported beside its full run's.

With --watch, the edits are made under `plumb watch` instead: after each
one the watcher's run is awaited, and its index is compared with a full
run over a copy of the tree (modification times kept). Edits that keep
every interface are then applied in memory (no walk, no link); those runs
are counted as cut off.

Usage: bench/incremental.py [--edits N] [--seed S] [--plumb PATH] [--watch] CORPUS...
Each CORPUS is copied to a temporary directory first; the original is not
touched. Exits 1 if any incremental index differs from its full one.
"""

import argparse
import json
import queue
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# Rows that describe the tree (timing meta excluded): what must match.
TABLES = [
    ("files", "id"),
    ("symbols", "id"),
    ("occurrences", "id"),
    ("resolutions", "occurrence_id, symbol_id"),
    ("imports", "id"),
    ("file_rows", "file_id"),
    ("meta", "key"),
]
# Meta entries that record when, how long, which write, or where.
TIMING_META = {"indexed_at", "duration_ms", "walked_at_ns", "write_id", "root"}
# Chosen: far above one run over the corpora checked; a run that never
# comes fails the check instead of hanging it.
PATIENCE_S = 600
HASH_COMMENTS = {".py", ".rb"}


def dump(root):
    conn = sqlite3.connect(root / ".plumb" / "index.db")
    rows = {}
    for table, order in TABLES:
        out = conn.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
        if table == "meta":
            out = [r for r in out if r[0] not in TIMING_META]
        rows[table] = out
    conn.close()
    return rows


def index(plumb, root, full):
    args = [plumb, "index", "--json"] + (["--full"] if full else []) + [str(root)]
    started = time.monotonic()
    run = subprocess.run(args, capture_output=True, text=True)
    wall = time.monotonic() - started
    if run.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{run.stderr}")
    return json.loads(run.stdout), wall


def edit(path, rng):
    """One random edit of `path`; returns what was done."""
    try:
        lines = path.read_text().split("\n")
    except (UnicodeDecodeError, OSError):
        return None
    kind = rng.choice(["comment", "repeat", "delete", "rename"])
    at = rng.randrange(len(lines))
    if kind == "comment":
        lines.insert(at, "# edit" if path.suffix in HASH_COMMENTS else "// edit")
    elif kind == "repeat":
        lines.insert(at, lines[at])
    elif kind == "delete":
        del lines[at]
    else:
        words = sorted(set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]{3,}\b", "\n".join(lines))))
        if not words:
            return None
        word = rng.choice(words)
        renamed = f"{word}_{rng.randrange(1 << 16)}"
        lines = [re.sub(rf"\b{word}\b", renamed, line) for line in lines]
        at = word
    path.write_text("\n".join(lines))
    return f"{kind} {at}"


class Watcher:
    """`plumb watch --json` over a root; each run's summary on `runs`."""

    def __init__(self, plumb, root):
        self.process = subprocess.Popen(
            [plumb, "watch", "--json", str(root)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.runs = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.runs.get(timeout=PATIENCE_S)

    def read(self):
        for line in self.process.stdout:
            self.runs.put(json.loads(line))

    def close(self):
        self.process.kill()
        self.process.wait()


def full_copy_dump(plumb, root, tmp):
    """The rows a full run writes over a copy of the tree at `root`."""
    copy = Path(tmp) / "copy"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(root, copy, symlinks=True, ignore=shutil.ignore_patterns(".plumb"))
    _, wall = index(plumb, copy, full=True)
    return dump(copy), wall


def check(plumb, corpus, edits, rng, watch):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / corpus.name
        shutil.copytree(corpus, root, symlinks=True, ignore=shutil.ignore_patterns(".plumb"))
        index(plumb, root, full=True)
        watcher = Watcher(plumb, root) if watch else None
        conn = sqlite3.connect(root / ".plumb" / "index.db")
        files = [root / path for (path,) in conn.execute(
            "SELECT path FROM files WHERE status = 'indexed' ORDER BY path")]
        conn.close()
        cut_off = mismatches = 0
        times = []
        for n in range(edits):
            path = rng.choice(files)
            done = edit(path, rng)
            if done is None:
                continue
            if watcher:
                summary = watcher.runs.get(timeout=PATIENCE_S)
                wall = summary["elapsed_ms"] / 1000
                cut_off += "walk" not in summary["phases_ms"]
                incremental = dump(root)
                full, full_wall = full_copy_dump(plumb, root, tmp)
            else:
                summary, wall = index(plumb, root, full=False)
                if summary["resolved_files"] < summary["files"].get("indexed", 0):
                    cut_off += 1
                incremental = dump(root)
                _, full_wall = index(plumb, root, full=True)
                full = dump(root)
            times.append((summary["resolved_files"], wall, full_wall))
            differing = [t for t, _ in TABLES if incremental[t] != full[t]]
            if differing:
                mismatches += 1
                print(f"  MISMATCH after edit {n} ({path.relative_to(root)}: {done}): "
                      f"{', '.join(differing)}")
        if watcher:
            watcher.close()
        return cut_off, mismatches, times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--watch", action="store_true")
    parser.add_argument("--plumb", default=str(Path(__file__).resolve().parent.parent
                                               / "target" / "release" / "plumb"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failed = False
    print("| corpus | edits | cut off | mismatches | incremental wall (median) | full wall (median) |")
    print("|---|---|---|---|---|---|")
    for corpus in args.corpora:
        cut_off, mismatches, times = check(
            args.plumb, corpus.resolve(), args.edits, rng, args.watch)
        failed |= mismatches > 0
        incremental = sorted(t[1] for t in times)
        full = sorted(t[2] for t in times)
        median = lambda xs: xs[len(xs) // 2] if xs else float("nan")
        print(f"| {corpus.name} | {len(times)} | {cut_off} | {mismatches} | "
              f"{median(incremental):.2f} s | {median(full):.2f} s |")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
