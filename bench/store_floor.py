#!/usr/bin/env python3
"""The store's floor: the least SQLite work any indexer that keeps plumb's graph does.

Usage: bench/store_floor.py INDEX_DB

Copies every row of a built index (`.plumb/index.db`) into a new database with the same
schema, the settings of plumb's first build (16 KiB pages, no journal, no syncing, a sorter
thread per core) and one statement per table: each row goes in by SQLite's own C code, with
no binding, hashing or resolving around it. Then it fills the full-text table with the same
tokens (read back through `fts5vocab` before the clock starts) and builds the secondary
indexes, in one transaction, as plumb's full run does. Prints one JSON object: seconds per
step, and the process's CPU seconds for the timed part (the sorter threads included).
"""

import json
import os
import resource
import sqlite3
import sys
import tempfile
import time

# The full-text table, whose rows are tokens only (contentless) and are copied by term.
FULL_TEXT_TABLE = "symbol_text"


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: store_floor.py INDEX_DB")
    source = sys.argv[1]
    read = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    schema = read.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
        "AND name NOT LIKE ? ORDER BY rowid",
        (f"{FULL_TEXT_TABLE}_%",),
    ).fetchall()
    tables = [(name, sql) for kind, name, sql in schema if kind == "table"]
    indexes = [sql for kind, _, sql in schema if kind == "index"]
    read.close()

    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(source))) as scratch:
        db = sqlite3.connect(os.path.join(scratch, "floor.db"), isolation_level=None)
        for pragma in ("page_size = 16384", "journal_mode = OFF", "synchronous = OFF",
                       f"threads = {os.cpu_count()}"):
            db.execute(f"PRAGMA {pragma}")
        for _, sql in tables:
            db.execute(sql)
        db.execute(f"ATTACH 'file:{source}?mode=ro' AS old")
        # The full-text table's tokens, per row, in order: the same text plumb inserts.
        db.execute(f"CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(old, {FULL_TEXT_TABLE}, instance)")
        db.execute(
            "CREATE TEMP TABLE tokens AS SELECT doc AS id, group_concat(term, ' ') AS text "
            "FROM (SELECT doc, term FROM temp.vocab ORDER BY doc, offset) GROUP BY doc"
        )

        steps = {}
        started_cpu, started = cpu_seconds(), time.perf_counter()
        db.execute("BEGIN")
        for name, _ in tables:
            if name == FULL_TEXT_TABLE:
                continue
            clock = time.perf_counter()
            db.execute(f"INSERT INTO main.{name} SELECT * FROM old.{name}")
            steps[name] = time.perf_counter() - clock
        clock = time.perf_counter()
        db.execute(f"INSERT INTO main.{FULL_TEXT_TABLE}(rowid, tokens) SELECT id, text FROM temp.tokens")
        steps["full_text"] = time.perf_counter() - clock
        clock = time.perf_counter()
        for sql in indexes:
            db.execute(sql)
        steps["indexes"] = time.perf_counter() - clock
        db.execute("COMMIT")
        result = {
            "seconds": round(time.perf_counter() - started, 2),
            "cpu_seconds": round(cpu_seconds() - started_cpu, 2),
            "steps": {step: round(seconds, 2) for step, seconds in steps.items()},
        }
        db.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
