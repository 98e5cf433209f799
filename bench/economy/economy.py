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
file and line (any object with `file` and `line`) or when grep printed that
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


def places(value, out):
    """Every `file:line` and every `name` an answer shows."""
    if isinstance(value, dict):
        if isinstance(value.get("file"), str) and isinstance(value.get("line"), int):
            out.add(f"{value['file']}:{value['line']}")
        if isinstance(value.get("name"), str):
            out.add(value["name"])
        for item in value.values():
            places(item, out)
    elif isinstance(value, list):
        for item in value:
            places(item, out)
    return out


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


def score(plumb, path):
    qset = json.load(open(path))
    root = os.path.join(REPO, qset["corpus"])
    if not os.path.isdir(os.path.join(root, ".plumb")):
        print(f"skipping {qset['project']}: {root} is not indexed", file=sys.stderr)
        return None
    server = Server(plumb, root)
    row = {"project": qset["project"], "lang": qset["lang"], "questions": 0,
           "plumb_bytes": 0, "grep_bytes": 0, "truth": 0, "plumb_seen": 0, "grep_seen": 0}
    for question in qset["questions"]:
        if question["kind"] not in TOOLS or not question.get("truth"):
            continue
        tool, arguments = TOOLS[question["kind"]]
        size, response = server.request("tools/call", {
            "name": tool, "arguments": arguments(question["query"])})
        structured = response.get("result", {}).get("structuredContent", {})
        grep_bytes, grep_shown = grep(root, qset["lang"], question)
        row["questions"] += 1
        row["plumb_bytes"] += size
        row["grep_bytes"] += grep_bytes
        row["truth"] += len(question["truth"])
        row["plumb_seen"] += seen_share(question["truth"], places(structured, set()))
        row["grep_seen"] += seen_share(question["truth"], grep_shown)
    server.close()
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plumb", default=os.path.join(REPO, "target/debug/plumb"))
    parser.add_argument("sets", nargs="*")
    args = parser.parse_args()
    sets = args.sets or sorted(glob.glob(os.path.join(REPO, "bench/accuracy/ci/*.questions.json")))
    rows = [row for row in (score(args.plumb, s) for s in sets) if row]
    print("| project | lang | questions | plumb bytes (mean) | grep bytes (mean) | plumb recall | grep recall | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    total = {k: 0 for k in ("questions", "plumb_bytes", "grep_bytes", "truth", "plumb_seen", "grep_seen")}
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


if __name__ == "__main__":
    main()
