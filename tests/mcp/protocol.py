"""Protocol behaviour: version negotiation, ping, empty resource and prompt
lists, -32601 for unknown methods, a parse error for malformed JSON (and
serving on), only protocol messages on stdout, logs on stderr and in
--log-file; through the SDK, unknown tools and bad arguments."""

import os
import tempfile

from mcp import MCPError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from harness import ROOT, Wire, run, session, text

CORE_LISTING_LIMIT = 8 * 1024


def wire_checks():
    wire = Wire(ROOT)
    # Malformed JSON before initializing: a parse error, and serving goes on.
    wire.send_line(b"{this is not json")
    _, parse_error = wire.read_message()
    assert parse_error["error"]["code"] == -32700 and parse_error["id"] is None, parse_error

    init = wire.initialize("2025-11-25")
    assert init["result"]["protocolVersion"] == "2025-11-25", init
    assert init["result"]["serverInfo"]["name"] == "plumb", init
    assert "tools" in init["result"]["capabilities"], init

    for garbage in (b"\xff\xfe\xfd", b'{"jsonrpc": "2.0", "id": 1, "method":'):
        wire.send_line(garbage)
        _, error = wire.read_message()
        assert error["error"]["code"] == -32700 and error["id"] is None, error
    wire.send_line(b"[1, 2, 3]")
    _, error = wire.read_message()
    assert error["error"]["code"] == -32600, error

    _, pong = wire.request("ping")
    assert pong["result"] == {}, pong
    _, unknown = wire.request("plumb/frobnicate", {})
    assert unknown["error"]["code"] == -32601, unknown
    assert "plumb/frobnicate" in unknown["error"]["message"], unknown
    # Resources and prompts are not advertised, and not served.
    for method in ("resources/list", "prompts/list"):
        _, answer = wire.request(method)
        assert answer["error"]["code"] == -32601, answer

    size, listing = wire.request("tools/list")
    assert size < CORE_LISTING_LIMIT, f"core tools/list is {size} bytes"
    print(f"tools/list (core): {size} bytes")
    size, called = wire.request("tools/call", {"name": "search", "arguments": {"text": "Cart"}})
    assert called["result"]["structuredContent"]["results"], called
    stderr = wire.close()
    assert "serving MCP on stdio" in stderr and "tools/call" in stderr, stderr

    wire = Wire(ROOT, "--profile", "full")
    wire.initialize()
    size, _ = wire.request("tools/list")
    print(f"tools/list (full): {size} bytes")
    wire.close()

    # Version negotiation: an older version is accepted as is; an unknown
    # one gets a version the server speaks.
    for offered, expected in (("2024-11-05", "2024-11-05"), ("2099-01-01", None)):
        wire = Wire(ROOT)
        agreed = wire.initialize(offered)["result"]["protocolVersion"]
        assert agreed == expected if expected else agreed in HANDSHAKE_PROTOCOL_VERSIONS, (offered, agreed)
        wire.close()


BAD_ARGUMENTS = [
    ("impact", {"symbol": "total", "depth": "deep"}, "`depth`"),
    ("impact", {"symbol": "total", "depth": 50}, "between 1 and 10"),
    ("callers", {}, "`symbol`"),
    ("callers", {"symbol": "total", "extra": 1}, "`extra`"),
    ("callers", {"symbol": "   "}, "`symbol`: must not be empty"),
    ("refs", {"symbol": "total", "kind": "calls"}, "`kind`"),
    ("outline", {"file": "no/such/file.py"}, "`file`: no/such/file.py is not in the index"),
    ("outline", {"file": "app.py", "depth": 0}, "`depth`"),
    ("search", {"text": 3}, "`text`"),
]


async def sdk_checks():
    async with session(ROOT) as s:
        try:
            await s.call_tool("no_such_tool", {})
            raise AssertionError("an unknown tool did not fail")
        except MCPError as err:
            assert err.error.code == -32602 and "no_such_tool" in err.error.message, err.error
        for tool, arguments, expected in BAD_ARGUMENTS:
            result = await s.call_tool(tool, arguments)
            assert result.is_error, (tool, arguments, result)
            assert expected in text(result), (tool, arguments, text(result))
            assert "index fresh" in text(result), text(result)
        # Still serving after every error.
        ok = await s.call_tool("callers", {"symbol": "shop.models.Cart.total"})
        assert not ok.is_error and ok.structured_content["results"], text(ok)


async def without_an_index():
    """No index yet: graph tools say so (freshness unknown); `index` makes one."""
    with tempfile.TemporaryDirectory(prefix="plumb-mcp-empty-") as root:
        with open(os.path.join(root, "tool.py"), "w") as f:
            f.write("def hammer():\n    return 1\n")
        async with session(root, "--profile", "full") as s:
            missing = await s.call_tool("search", {"text": "hammer"})
            assert missing.is_error, text(missing)
            assert "no index at" in text(missing) and "`index` tool" in text(missing), text(missing)
            assert "index freshness unknown" in text(missing), text(missing)
            built = await s.call_tool("index", {})
            assert not built.is_error, text(built)
            assert built.structured_content["files"]["indexed"] == 1, built.structured_content
            found = await s.call_tool("search", {"text": "hammer"})
            assert found.structured_content["results"][0]["qualname"] == "tool.hammer", found.structured_content
            assert sorted(os.listdir(root)) == [".plumb", "tool.py"], os.listdir(root)


async def main():
    wire_checks()
    await sdk_checks()
    await without_an_index()


run(main)
