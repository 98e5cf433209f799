"""Compares one pattern's matches from `plumb grep --json` and `ast-grep run --json=stream`.

Usage: structural_compare.py DIR PLUMB_JSON AST_GREP_JSONL
Prints `plumb count|ast-grep count|yes or no (with the first differences)|files plumb parsed`.
A match is its file (relative to DIR) and start line and column (1-based; ast-grep's are 0-based
and its columns count characters, plumb's bytes: the corpora here are ASCII at every match)."""

import json
import os
import re
import sys

root, plumb_path, sg_path = sys.argv[1], sys.argv[2], sys.argv[3]
with open(plumb_path) as f:
    plumb = json.load(f)
ours = {(r["file"], r["line"], r["column"]) for r in plumb["results"]}

theirs = set()
with open(sg_path) as f:
    for line in f:
        line = line.strip()
        if not line:
            continue
        m = json.loads(line)
        file = os.path.relpath(os.path.join(root, m["file"]) if not os.path.isabs(m["file"]) else m["file"], root)
        start = m["range"]["start"]
        theirs.add((file, start["line"] + 1, start["column"] + 1))

parsed = "?"
for note in plumb["notes"]:
    found = re.search(r"parsed (\d+) of (\d+) candidate", note)
    if found:
        parsed = f"{found.group(1)} of {found.group(2)}"

if ours == theirs:
    same = "yes"
else:
    only_ours = sorted(ours - theirs)[:3]
    only_theirs = sorted(theirs - ours)[:3]
    same = f"no: only plumb {len(ours - theirs)} {only_ours}, only ast-grep {len(theirs - ours)} {only_theirs}"
print(f"{len(plumb['results'])}|{len(theirs)}|{same}|{parsed}")
