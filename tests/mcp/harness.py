"""Shared helpers for the MCP end-to-end scenarios.

Each scenario is run by `tests/mcp.rs` as `python3 tests/mcp/<scenario>.py
ROOT` with PLUMB_BIN naming the binary under test. Scenarios talk to
`plumb serve` in two ways:

* through the official MCP Python SDK (`mcp`, pinned in `.ci/run`), which
  also validates every successful structured result against the tool's
  declared outputSchema;
* over the raw wire (`Wire`), for what an SDK cannot send (malformed JSON)
  or does not show (the exact bytes of a response).

Every server runs with `--log-file`; `check_logs` asserts that each
`tools/call` stayed under its byte budget and reports the largest.
"""

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN = os.environ["PLUMB_BIN"]
ROOT = sys.argv[1] if len(sys.argv) > 1 else None
LOG_DIR = tempfile.mkdtemp(prefix="plumb-mcp-logs-")
# Longest a scenario may run before it is killed as hung. Chosen: each takes
# a few seconds; a server that stops answering must fail the test, not stall CI.
SCENARIO_TIMEOUT_S = 120
_logs = []


def serve_args(root, *extra):
    """Command-line arguments of one `plumb serve`, with its own log file."""
    log = os.path.join(LOG_DIR, f"serve-{len(_logs)}.log")
    _logs.append(log)
    return ["--root", root, "serve", "--log-file", log, *extra]


def clean_env(**extra):
    """The environment of a server: no profile or budget unless given."""
    env = {k: v for k, v in os.environ.items() if k not in ("PLUMB_PROFILE", "PLUMB_MAX_BYTES")}
    env.update(extra)
    return env


@contextlib.asynccontextmanager
async def session(root, *extra, env=None):
    """An initialized SDK session with `plumb serve` on `root`."""
    params = StdioServerParameters(command=BIN, args=serve_args(root, *extra), env=env or clean_env())
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                yield s


class Wire:
    """`plumb serve` driven line by line over its stdin and stdout."""

    def __init__(self, root, *extra, env=None):
        self.proc = subprocess.Popen(
            [BIN, *serve_args(root, *extra)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env or clean_env(),
        )
        self.next_id = 1

    def send_line(self, data: bytes):
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def read_message(self):
        """The next line on stdout: (its size in bytes, newline included; the message)."""
        line = self.proc.stdout.readline()
        assert line, "server closed stdout"
        assert line.endswith(b"\n"), f"message not newline-terminated: {line[:200]!r}"
        message = json.loads(line)
        assert message.get("jsonrpc") == "2.0", f"not JSON-RPC: {line[:200]!r}"
        return len(line), message

    def request(self, method, params=None):
        """Sends a request; returns (wire size, response)."""
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_line(json.dumps(message).encode())
        size, response = self.read_message()
        assert response.get("id") == request_id, f"expected id {request_id}: {response}"
        return size, response

    def notify(self, method):
        self.send_line(json.dumps({"jsonrpc": "2.0", "method": method}).encode())

    def initialize(self, version="2025-11-25"):
        _, response = self.request(
            "initialize",
            {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "wire", "version": "0"}},
        )
        self.notify("notifications/initialized")
        return response

    def close(self):
        """Closes stdin; returns the server's stderr after it exits."""
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        assert rest == b"", f"unexpected output after the last response: {rest[:200]!r}"
        stderr = self.proc.stderr.read().decode()
        code = self.proc.wait(timeout=30)
        assert code == 0, f"server exited {code}: {stderr}"
        return stderr


def check_logs(max_bytes=64 * 1024):
    """Every tools/call logged stayed under `max_bytes`; returns the largest."""
    largest = 0
    for log in _logs:
        if not os.path.exists(log):
            continue
        with open(log) as f:
            for line in f:
                match = re.search(r"tools/call .*wire_bytes=(\d+)", line)
                if match:
                    size = int(match.group(1))
                    assert size <= max_bytes, f"response of {size} bytes over {max_bytes}: {line}"
                    largest = max(largest, size)
    return largest


def text(result):
    """The text content of a tool result."""
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


async def output_schemas(s):
    """Each tool's output schema, by tool name."""
    return {t.name: t.output_schema for t in (await s.list_tools()).tools}


def objects(answer, schema, file=None):
    """The results of a listing whose results are rows
    (crates/plumb-mcp/src/rows.rs) as objects, read cell by cell through the
    tool's output schema, whose row `title` names the cells: each result with its
    `file` (an outline's, the queried `file` the caller passes), a `[qualname, name]` cell split
    in two, an outline node's kind read from the answer's `kinds`, its
    children as objects too."""
    defs = schema.get("$defs", {})
    if "node" in defs:
        titles = defs["node"]["title"].split(",")

        def node(row, parent):
            item = dict(zip(titles, row), file=file)
            item["kind"] = answer["kinds"][item["kind"]]
            item["qualname"] = item.get("qualname") or (f"{parent}.{item['name']}" if parent else item["name"])
            item["children"] = [node(child, item["qualname"]) for child in item.get("children") or []]
            return item

        return [node(row, answer.get("scope")) for row in answer["results"]]
    titles = schema["properties"]["results"]["items"]["items"]["title"].split(",")
    items = []
    for group in answer["results"]:
        for row in group[1:]:
            item = dict(zip(titles, row), file=group[0])
            if isinstance(item.get("qualname"), list):
                item["qualname"], item["name"] = item["qualname"]
            items.append(item)
    return items


def run(main, max_bytes=64 * 1024):
    """Runs an async scenario, checks the logged response sizes against
    `max_bytes`, and prints the largest."""
    signal.alarm(SCENARIO_TIMEOUT_S)
    asyncio.run(main())
    print(f"largest tools/call response: {check_logs(max_bytes)} bytes")
