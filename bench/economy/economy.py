#!/usr/bin/env python3
"""The economy benchmark: bytes an agent reads per answer, plumb's MCP tools
against a scripted grep-and-read, on the accuracy harness's committed
questions (bench/accuracy/ci/*.questions.json) over their real corpora.

plumb side: one `tools/call` per question to `plumb serve --profile full`
(raw JSON-RPC on stdio); its bytes are the whole response line on the wire
(text and structured content, as the client receives it). grep side: what
an agent scripting `grep -rn -w NAME` plus 5 lines of context around each
hit reads (`grep -rn -w -C5` over the language's files); for an outline
question, the whole file (`cat -n`). NAME is the question's expected name,
else the last segment of its query.

Recall, each side: the share of the question's truth an agent can see in
what it read. A truth `file:line` counts as seen when the answer names that
file and line (any object with `file` and `line`, once `expand` has read the
row listings back into objects) or when grep printed that
line (hit or context); an outline's truth names count when the answer lists
them or the file text holds them.

Usage: bench/economy/economy.py [--plumb BIN] [SET...]   (default: every
set whose corpus is fetched; fetch with bench/fetch-corpora.sh, index with
`plumb index DIR` first, as bench/accuracy/ci.sh does).
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# The tool answering each question kind, and its arguments.
TOOLS = {
    "definition": ("symbol", lambda q: {"symbol": q}),
    "callers": ("callers", lambda q: {"symbol": q}),
    "callees": ("callees", lambda q: {"symbol": q}),
    "references": ("refs", lambda q: {"symbol": q}),
    "implementations": ("impls", lambda q: {"symbol": q}),
    "impact": ("impact", lambda q: {"symbol": q, "depth": 2}),
    "outline": ("outline", lambda q: {"file": q}),
}

# Source files grep looks in, per language of a question set.
EXTENSIONS = {
    "python": ["py"],
    "rust": ["rs"],
    "typescript": ["ts", "tsx", "js", "jsx", "mjs", "cjs"],
    "c": ["c", "h"],
}

# What a checkout leaves out and plumb's corpora ignore (bench/accuracy/prepare.sh):
# built output and dependencies, which a scripted grep is told to skip too.
EXCLUDED = [f"--exclude-dir={d}" for d in ("dist", "node_modules", "target", ".plumb", ".git")]


class Server:
    """`plumb serve` driven line by line."""

    def __init__(self, plumb, root):
        self.proc = subprocess.Popen(
            [plumb, "--root", root, "serve", "--profile", "full"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self.next_id = 0
        self.request("initialize", {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "economy", "version": "1"},
        })
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        line = self.proc.stdout.readline()
        return len(line), json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


SEPARATORS = ("::", ".", "/", "#")


def places(value, out, file=None):
    """Every `file:line` and every name an answer shows. The structured
    content says each fact once (crates/plumb-mcp/src/lean.rs): in a list,
    an item without `file` is in the previous item's file (the first in its
    parent's; in an outline, the queried file's), a nested object without
    `file` in its item's; a symbol without `name` has its qualname's last
    segment as name."""
    if isinstance(value, dict):
        if "results" in value:
            places(value.get("targets", []), out)
            places(value["results"], out, file)
            return out
        own = value.get("file") if isinstance(value.get("file"), str) else None
        nested = [v.get("file") for v in value.values() if isinstance(v, dict) and isinstance(v.get("file"), str)]
        here = own or (nested[0] if nested else None) or file
        if isinstance(value.get("line"), int) and here and ("kind" in value or "col" in value or own):
            out.add(f"{here}:{value['line']}")
        if value.get("kind") == "module" and here:
            # A file's top level, which the truth names `file:<module>`
            # (bench/accuracy: a site outside every definition).
            out.add(f"{here}:<module>")
        name = value.get("name")
        if not isinstance(name, str) and isinstance(value.get("qualname"), str) and "kind" in value:
            name = re.split("|".join(map(re.escape, SEPARATORS)), value["qualname"])[-1]
        if isinstance(name, str):
            out.add(name)
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                places(item, out, here)
    elif isinstance(value, list):
        for item in value:
            places(item, out, file)
            if isinstance(item, dict):
                nested = [v.get("file") for v in item.values() if isinstance(v, dict) and isinstance(v.get("file"), str)]
                file = item.get("file") if isinstance(item.get("file"), str) else (nested[0] if nested else file)
    return out


# The listings whose results are rows (crates/plumb-mcp/src/rows.rs): the
# cells after a symbol's four (line, end_line, kind, qualname), or, for refs,
# all of them; a call site is a line, or "file:line" in another file. Results
# are groups `[file, row, ...]`; an outline's rows are
# `[line, end_line, kind, name, children, qualname]`, ungrouped, with
# `kind` an index into the answer's `kinds`.
ROW_CELLS = {
    "refs": ("line", "kind", "enclosing_line", "enclosing_qualname", "confidence", "resolution", "target"),
    "callers": ("sites", "confidence", "resolution", "target"),
    "callees": ("sites", "confidence", "resolution", "target"),
    "impls": ("direct",),
    "impact": ("depth", "relation", "target"),
}


def symbol_of(cells, file):
    line, end_line, kind, qualname = (list(cells) + [None] * 4)[:4]
    name = None
    if isinstance(qualname, list):
        qualname, name = qualname
    return {"file": file, "line": line, "end_line": end_line, "kind": kind, "qualname": qualname,
            "name": name or re.split("|".join(map(re.escape, SEPARATORS)), qualname or "")[-1]}


def outline_node(row, file, parent, kinds):
    line, end_line, kind, name, children, qualname = (list(row) + [None] * 6)[:6]
    qualname = qualname or (f"{parent}.{name}" if parent else name)
    return {"file": file, "line": line, "end_line": end_line, "kind": kinds[kind], "name": name,
            "qualname": qualname, "children": [outline_node(c, file, qualname, kinds) for c in children or []]}


def expand(tool, answer, file):
    """The rows of a row-shaped answer as objects, each with its file (the
    shape `places` reads); `file` is an outline's queried file."""
    if not isinstance(answer, dict) or not isinstance(answer.get("results"), list):
        return answer
    answer = dict(answer)
    if tool == "outline":
        answer["results"] = [outline_node(r, file, answer.get("scope"), answer.get("kinds", []))
                             for r in answer["results"]]
        return answer
    if tool not in ROW_CELLS:
        return answer
    answer["targets"] = [symbol_of(t[1:], t[0]) for t in answer.get("targets", [])]
    items = []
    for group in answer["results"]:
        file, rows = group[0], group[1:]
        for row in rows:
            if tool == "refs":
                item = dict(zip(ROW_CELLS[tool], row), file=file)
            else:
                item = dict(zip(ROW_CELLS[tool], row[4:]), symbol=symbol_of(row[:4], file))
                home = file
                if tool == "callees" and answer["targets"]:
                    home = answer["targets"][item.get("target") or 0]["file"]
                item["sites"] = [{"line": int(s.rpartition(":")[2]), "file": s.rpartition(":")[0]}
                                 if isinstance(s, str) else {"line": s, "file": home}
                                 for s in item.get("sites") or []]
            items.append(item)
    answer["results"] = items
    return answer


def name_of(question):
    expect = question.get("expect") or {}
    if expect.get("name"):
        return expect["name"]
    return re.split(r"::|[./#]", question["query"])[-1]


def grep(root, lang, question):
    """What the scripted grep-and-read prints, and the `file:line`s (or, for
    an outline, the text) it shows."""
    if question["kind"] == "outline":
        path = os.path.join(root, question["query"])
        out = subprocess.run(["cat", "-n", path], capture_output=True).stdout
        return len(out), out.decode(errors="replace")
    includes = [f"--include=*.{ext}" for ext in EXTENSIONS[lang]]
    out = subprocess.run(
        ["grep", "-rn", "-w", "-C5", "-Z", *includes, *EXCLUDED, "--", name_of(question), "."],
        cwd=root, capture_output=True,
    ).stdout
    seen = set()
    for line in out.split(b"\n"):
        path, sep, rest = line.partition(b"\0")
        number = re.match(rb"(\d+)[:-]", rest)
        if sep and number:
            seen.add(f"{path.decode(errors='replace').removeprefix('./')}:{int(number.group(1))}")
    return len(out), seen


def seen_share(truth, shown):
    if isinstance(shown, str):  # an outline read as text
        return sum(1 for t in truth if re.search(rf"\b{re.escape(t)}\b", shown))
    return sum(1 for t in truth if t in shown)


def field_bytes(value, out, prefix=""):
    """Adds to `out` the bytes each field name takes in `value` (its key and
    its value as compact JSON), nested fields under `parent.child` (list
    items under `parent[]`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            name = f"{prefix}{key}"
            out[name] = out.get(name, 0) + len(json.dumps({key: item}, separators=(",", ":"))) - 2
            field_bytes(item, out, name + ".")
    elif isinstance(value, list):
        for item in value:
            field_bytes(item, out, prefix.rstrip(".") + "[].")
    return out


def score(plumb, path, breakdown=None):
    qset = json.load(open(path))
    root = os.path.join(REPO, qset["corpus"])
    if not os.path.isdir(os.path.join(root, ".plumb")):
        print(f"skipping {qset['project']}: {root} is not indexed", file=sys.stderr)
        return None
    server = Server(plumb, root)
    row = {"project": qset["project"], "lang": qset["lang"], "questions": 0,
           "plumb_bytes": 0, "grep_bytes": 0, "truth": 0, "plumb_seen": 0, "grep_seen": 0,
           "text_bytes": 0, "structured_bytes": 0, "floor_bytes": 0}
    for question in qset["questions"]:
        if question["kind"] not in TOOLS or not question.get("truth"):
            continue
        tool, arguments = TOOLS[question["kind"]]
        size, response = server.request("tools/call", {
            "name": tool, "arguments": arguments(question["query"])})
        structured = response.get("result", {}).get("structuredContent", {})
        answer = expand(tool, structured, question["query"] if tool == "outline" else None)
        texts = response.get("result", {}).get("content", [])
        row["text_bytes"] += sum(len(t.get("text", "").encode()) for t in texts)
        row["structured_bytes"] += len(json.dumps(structured, separators=(",", ":")).encode())
        row["floor_bytes"] += len("\n".join(sorted(places(answer, set()))).encode())
        if breakdown is not None:
            parts = breakdown.setdefault(tool, {"calls": 0, "wire": 0, "text": 0, "structured": 0, "fields": {}})
            parts["calls"] += 1
            parts["wire"] += size
            parts["text"] += sum(len(json.dumps(t.get("text", ""))) for t in texts)
            parts["structured"] += len(json.dumps(structured, separators=(",", ":")))
            field_bytes(structured, parts["fields"])
        grep_bytes, grep_shown = grep(root, qset["lang"], question)
        row["questions"] += 1
        row["plumb_bytes"] += size
        row["grep_bytes"] += grep_bytes
        row["truth"] += len(question["truth"])
        row["plumb_seen"] += seen_share(question["truth"], places(answer, set()))
        row["grep_seen"] += seen_share(question["truth"], grep_shown)
    server.close()
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plumb", default=os.path.join(REPO, "target/debug/plumb"))
    parser.add_argument("--breakdown", action="store_true",
                        help="also print where the bytes go: per tool, text against structured content, and per field")
    parser.add_argument("sets", nargs="*")
    args = parser.parse_args()
    sets = args.sets or sorted(glob.glob(os.path.join(REPO, "bench/accuracy/ci/*.questions.json")))
    breakdown = {} if args.breakdown else None
    rows = [row for row in (score(args.plumb, s, breakdown) for s in sets) if row]
    print("| project | lang | questions | plumb bytes (mean) | grep bytes (mean) | plumb recall | grep recall | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    total = {k: 0 for k in ("questions", "plumb_bytes", "grep_bytes", "truth", "plumb_seen", "grep_seen",
                            "text_bytes", "structured_bytes", "floor_bytes")}
    surfaces = []
    for row in rows + [dict(total, project="all", lang="")]:
        if row["project"] != "all":
            for key in total:
                total[key] += row[key]
        else:
            row = dict(total, project="**all**", lang="")
        n = max(row["questions"], 1)
        print(f"| {row['project']} | {row['lang']} | {row['questions']} "
              f"| {row['plumb_bytes']} ({row['plumb_bytes'] // n}) | {row['grep_bytes']} ({row['grep_bytes'] // n}) "
              f"| {row['plumb_seen'] / max(row['truth'], 1):.2f} | {row['grep_seen'] / max(row['truth'], 1):.2f} "
              f"| {row['grep_bytes'] / max(row['plumb_bytes'], 1):.1f}× |")
        surfaces.append(
            f"| {row['project']} | {row['text_bytes']} ({row['grep_bytes'] / max(row['text_bytes'], 1):.1f}×) "
            f"| {row['structured_bytes']} ({row['grep_bytes'] / max(row['structured_bytes'], 1):.1f}×) "
            f"| {row['floor_bytes']} ({row['grep_bytes'] / max(row['floor_bytes'], 1):.1f}×) |")
    # Each surface alone (a client hands its model one of them), and the floor:
    # the answer set itself, one `file:line` or name per line, nothing else.
    print("\n| project | text only (ratio) | structured only (ratio) | floor: file:line and names (ratio) |")
    print("|---|---:|---:|---:|")
    print("\n".join(surfaces))

    if breakdown:
        print_breakdown(breakdown)


def print_breakdown(breakdown):
    """Per tool: calls, wire bytes, text and structured content (each as JSON
    on the wire); then the ten fields of each tool taking the most bytes."""
    print("\n| tool | calls | wire bytes | text | structured |")
    print("|---|---:|---:|---:|---:|")
    for tool, parts in sorted(breakdown.items(), key=lambda kv: -kv[1]["wire"]):
        print(f"| {tool} | {parts['calls']} | {parts['wire']} | {parts['text']} | {parts['structured']} |")
    for tool, parts in sorted(breakdown.items(), key=lambda kv: -kv[1]["wire"]):
        top = sorted(parts["fields"].items(), key=lambda kv: -kv[1])[:10]
        print(f"\n{tool}: " + ", ".join(f"{name} {size}" for name, size in top))


if __name__ == "__main__":
    main()
