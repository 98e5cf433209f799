"""Bounds on the MCP side (issue 27): errors that echo a client's input
quote a marked prefix of it and fit the smallest byte budget; a request
whose id is too long to echo is refused with a null id; `tools/call`
without params is invalid params (-32602); and closing stdin ends the server promptly even while a tool
call is running."""

import json
import os
import tempfile
import time

from harness import ROOT, Wire, run

# The smallest budget `--max-bytes` accepts (MIN_MAX_BYTES).
SMALLEST_BUDGET = 4 * 1024
# Length of the oversized inputs. Chosen: the one in the issue.
HUGE = 200_000
# What the server keeps of an oversized word (MAX_QUOTED_CHARS) and the
# marker it puts after it.
QUOTED = 200
CUT = f"…({HUGE - QUOTED:,} more characters)"
# Longest a server may take to exit once stdin is closed. From the issue
# ("within a second or two"); before the fix it waited for the call, or for
# rmcp's 5-second drain.
EXIT_WITHIN_S = 2.0
# Modules in the repository indexed while stdin closes. Chosen: a debug
# build takes several seconds to index them, far longer than EXIT_WITHIN_S.
GENERATED_MODULES = 3000


def long_inputs_are_cut():
    wire = Wire(ROOT, "--max-bytes", str(SMALLEST_BUDGET))
    init = wire.initialize()
    capabilities = init["result"]["capabilities"]
    assert "tools" in capabilities, capabilities

    for params in (None, {}, {"arguments": {}}):
        _, response = wire.request("tools/call", params)
        assert response["error"]["code"] == -32602, (params, response)

    huge = "x" * HUGE
    tool_errors = [
        ("outline", {"file": huge}, "`file`"),
        ("impact", {"symbol": "total", "depth": huge}, "`depth`"),
        ("callers", {"symbol": huge, huge: 1}, "unknown field"),
        ("refs", {"symbol": "total", "kind": huge}, "`kind`"),
    ]
    for tool, arguments, expected in tool_errors:
        size, response = wire.request("tools/call", {"name": tool, "arguments": arguments})
        result = response["result"]
        message = result["content"][0]["text"]
        assert result["isError"], (tool, message[:300])
        assert size <= SMALLEST_BUDGET, (tool, size, message[:300])
        assert expected in message and CUT in message, (tool, message[:600])
        assert "x" * (QUOTED + 1) not in message, (tool, message[:600])
        print(f"{tool} with a {HUGE}-character argument: {size} bytes")

    protocol_errors = [
        ("tools/call", {"name": huge, "arguments": {}}, -32602),
        (huge, {}, -32601),
    ]
    # Every response echoes its id whole: an overlong one is refused, with a null id.
    for request in (
        {"jsonrpc": "2.0", "id": huge, "method": "tools/call", "params": {"name": "outline", "arguments": {}}},
        {"jsonrpc": "2.0", "id": huge, "method": "no/such/method"},
        {"jsonrpc": "2.0", "id": huge},
    ):
        wire.send_line(json.dumps(request).encode())
        size, response = wire.read_message()
        assert response["id"] is None and response["error"]["code"] == -32600, str(response)[:300]
        assert size <= SMALLEST_BUDGET, size
        print(f"a request with a {HUGE}-character id: {size} bytes, id null")
    for method, params, code in protocol_errors:
        size, response = wire.request(method, params)
        error = response["error"]
        assert error["code"] == code, error["message"][:300]
        assert size <= SMALLEST_BUDGET and CUT in error["message"], (size, error["message"][:300])
    wire.close()


def closing_stdin_ends_a_running_call():
    with tempfile.TemporaryDirectory(prefix="plumb-mcp-big-") as root:
        for i in range(GENERATED_MODULES):
            previous = max(i - 1, 0)
            with open(os.path.join(root, f"m{i}.py"), "w") as f:
                f.write(f"from m{previous} import f{previous}\n\n")
                for j in range(20):
                    f.write(f"def f{i}_{j}(x):\n    return f{previous}(x) + {j}\n\n")
                f.write(f"def f{i}(x):\n    return x\n")
        wire = Wire(root, "--profile", "full")
        wire.initialize()
        call = {"jsonrpc": "2.0", "id": 99, "method": "tools/call", "params": {"name": "index", "arguments": {}}}
        wire.send_line(json.dumps(call).encode())
        time.sleep(0.5)
        assert wire.proc.poll() is None, "the server ended during the call"
        closed = time.monotonic()
        wire.proc.stdin.close()
        code = wire.proc.wait(timeout=60)
        took = time.monotonic() - closed
        print(f"exited {took:.3f} s after stdin closed during an `index` call")
        assert code == 0, code
        assert took < EXIT_WITHIN_S, f"the server took {took:.1f} s to exit after stdin closed"


async def main():
    long_inputs_are_cut()
    closing_stdin_ends_a_running_call()


run(main, max_bytes=64 * 1024)
