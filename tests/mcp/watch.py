"""serve --watch: a file saved while the server runs is seen by the next
call, without a restart (the watcher re-indexes it incrementally)."""

import asyncio
import os
import time

from mcp import MCPError

from harness import ROOT, run, session

NEW = "saved_while_serving"
# Longest the server may take to see a save. Chosen: far above a debug-build
# re-index of a fixture on a loaded machine; the scenario ends once it does.
PATIENCE_S = 60


async def found(s):
    try:
        result = await s.call_tool("symbol", {"symbol": NEW})
    except MCPError:
        return False
    if result.is_error:
        return False
    return bool((result.structured_content or {}).get("results"))


async def main():
    async with session(ROOT, "--watch") as s:
        assert not await found(s), f"{NEW} exists before it is written"
        with open(os.path.join(ROOT, "shop", "models.py"), "a", encoding="utf-8") as f:
            f.write(f"\n\ndef {NEW}():\n    return 3\n")
        deadline = time.monotonic() + PATIENCE_S
        while not await found(s):
            assert time.monotonic() < deadline, "the server never saw the save"
            await asyncio.sleep(0.2)


run(main)
