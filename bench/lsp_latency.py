"""Write -> diagnostics latency of plumb's MCP write tools, per language
server, on real projects from bench/corpora/ (fetched by fetch-corpora.sh),
and the tools/list size of each profile.

    python3 bench/lsp_latency.py PLUMB_BINARY [--cold N] [--warm N] [--only SERVER] [--corpora DIR]

For each server the project is copied to a temporary directory and indexed.
Then, N_cold times, a fresh `plumb serve --profile edit` is started and
timed on its first `edit` (the cold start: the server is started, the file
opened as it was, then written); in the same session, N_warm more edits
alternate between introducing a type error and fixing it (warm). Each time
is the whole `tools/call` as the agent waits for it: the write, the
incremental index update, and the diagnostics. Prints a Markdown table
(p50 and p90 in seconds) and whether each introduced error came back.
Needs the MCP SDK (`pip install mcp`) and the servers on PATH.
"""

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

CORPORA_DEFAULT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpora")

# (server, project under bench/corpora/, file in it, line appended with a type error)
CASES = [
    ("pyright", "pypi/click-8.1.7", "src/click/utils.py",
     'def _plumb_bench() -> int:\n    return "x"\n'),
    ("typescript-language-server", "npm/mobx-6.13.5", "src/utils/utils.ts",
     'export const plumbBench: number = "x"\n'),
    ("clangd", "crates/bzip2-sys-0.1.13+1.0.8/bzip2-1.0.8", "bzlib.c",
     "int plumb_bench(void) { return plumb_undefined; }\n"),
    # cobra (bench/corpora) needs modules this machine cannot download, so
    # gopls loads nothing there; Go's own text/template, made a module of its
    # own, needs none.
    ("gopls", "/usr/lib/go/src/text/template", "exec.go", 'var plumbBench int = "x"\n'),
    ("rust-analyzer", "languages/regex-automata-0.4.9", "src/util/mod.rs",
     'pub fn plumb_bench() -> u32 { "x" }\n'),
]


def as_module(root):
    """Makes a copy of Go's text/template a module of its own."""
    with open(os.path.join(root, "go.mod"), "w") as f:
        f.write("module example.com/template\n\ngo 1.19\n")
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".go"):
                file = os.path.join(folder, name)
                with open(file) as f:
                    text = f.read()
                with open(file, "w") as f:
                    f.write(text.replace('"text/template/parse"', '"example.com/template/parse"'))


def percentile(values, p):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


async def timed_write(s, path, content):
    start = time.monotonic()
    result = await s.call_tool("write", {"path": path, "content": content})
    elapsed = time.monotonic() - start
    assert not result.is_error, result.content
    return elapsed, result.structured_content["diagnostics"]


async def one_session(binary, root, path, original, broken):
    params = StdioServerParameters(command=binary, args=["--root", root, "serve", "--profile", "edit"],
                                   env=dict(os.environ))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                return await writes(s, path, original, broken)


WARM = 6


async def writes(s, path, original, broken):
    times, statuses, found = [], [], []
    for i in range(1 + WARM):
        content = broken if i % 2 == 0 else original
        elapsed, diagnostics = await timed_write(s, path, content)
        times.append(elapsed)
        statuses.append(diagnostics["status"])
        if i % 2 == 0:
            found.append(any(d["severity"] == "error" for d in diagnostics["new"]))
    return times, statuses, found


def tools_list_sizes(binary, root):
    sizes = {}
    for profile in ("core", "full", "edit", "full,edit", "all"):
        proc = subprocess.Popen([binary, "--root", root, "serve", "--profile", profile],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        lines = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "b", "version": "0"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        ]
        for message in lines:
            proc.stdin.write((json.dumps(message) + "\n").encode())
        proc.stdin.flush()
        proc.stdout.readline()
        listing = proc.stdout.readline()
        proc.stdin.close()
        proc.wait(timeout=30)
        sizes[profile] = (len(listing), len(json.loads(listing)["result"]["tools"]))
    return sizes


def main():
    global WARM
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--warm", type=int, default=6)
    parser.add_argument("--only", help="one server")
    parser.add_argument("--corpora", default=CORPORA_DEFAULT, help="where fetch-corpora.sh put the projects")
    args = parser.parse_args()
    WARM = args.warm
    binary = os.path.abspath(args.binary)
    rows = []
    for server, project, path, error in CASES:
        if args.only and args.only != server:
            continue
        source = os.path.join(args.corpora, project)
        if not os.path.isdir(source):
            print(f"{server}: {source} missing (run bench/fetch-corpora.sh)", file=sys.stderr)
            continue
        work = tempfile.mkdtemp(prefix="plumb-lsp-bench-")
        root = os.path.join(work, "p")
        shutil.copytree(source, root, symlinks=True)
        if server == "gopls":
            as_module(root)
        subprocess.run([binary, "index", root], check=True, capture_output=True)
        with open(os.path.join(root, path)) as f:
            original = f.read()
        broken = original + ("\n" if not original.endswith("\n") else "") + error
        cold, warm, statuses, found = [], [], [], []
        for _ in range(args.cold):
            times, st, fd = asyncio.run(one_session(binary, root, path, original, broken))
            with open(os.path.join(root, path), "w") as f:
                f.write(original)
            cold.append(times[0])
            warm.extend(times[1:])
            statuses.extend(st)
            found.extend(fd)
        shutil.rmtree(work, ignore_errors=True)
        row = (server, project.split("/")[-1], len(cold), percentile(cold, 50), percentile(cold, 90),
               len(warm), percentile(warm, 50), percentile(warm, 90),
               f"{sum(found)}/{len(found)}", ",".join(sorted(set(statuses))))
        rows.append(row)
        print(row, file=sys.stderr, flush=True)
    print("| server | project | cold n | cold p50 s | cold p90 s | warm n | warm p50 s | warm p90 s | errors found | statuses |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]:.2f} | {r[4]:.2f} | {r[5]} | {r[6]:.2f} | {r[7]:.2f} | {r[8]} | {r[9]} |")
    print()
    print("| profile | tools/list bytes | tools |")
    print("|---|---|---|")
    any_root = tempfile.mkdtemp(prefix="plumb-lsp-bench-")
    for profile, (size, count) in tools_list_sizes(binary, any_root).items():
        print(f"| {profile} | {size} | {count} |")
    shutil.rmtree(any_root, ignore_errors=True)


if __name__ == "__main__":
    main()
