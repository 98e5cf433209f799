#!/usr/bin/env python3
"""Prints one line per table of a plumb index: the table's name, its row count and a
SHA-256 of its rows in primary-key order. Two indexes of the same tree whose lines are
equal hold the same graph. `meta` keeps only the keys that describe the graph, not the
run: `root`, `build`, `walked_at_ns`, `write_id`, `indexed_at`, `duration_ms` change with
the copy indexed or with every run.

Usage: bench/table_digests.py PATH/.plumb/index.db
"""
import hashlib
import sqlite3
import sys

# Keys of `meta` that differ between two runs over the same tree (chosen: every key
# written from the clock, the executable or the root's absolute path rather than the tree).
RUN_KEYS = ("root", "build", "walked_at_ns", "write_id", "indexed_at", "duration_ms")


def main(path: str) -> None:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tables = [name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    for table in tables:
        if table.startswith("sqlite_") or table == "symbol_text":
            continue  # SQLite's own tables; the contentless FTS5 table reads as NULLs (its shadow tables are hashed)
        where = ""
        if table == "meta":
            where = " WHERE key NOT IN (%s)" % ", ".join("?" * len(RUN_KEYS))
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        order = ", ".join(f'"{c}"' for c in columns)
        digest = hashlib.sha256()
        count = 0
        params = RUN_KEYS if table == "meta" else ()
        for row in db.execute(f'SELECT * FROM "{table}"{where} ORDER BY {order}', params):
            digest.update(repr(row).encode())
            count += 1
        print(f"{table} {count} {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1])
