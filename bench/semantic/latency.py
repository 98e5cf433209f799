#!/usr/bin/env python3
"""Warm `search` latency (issue 24): one `plumb serve` on an indexed repository, asked the same
questions in words again and again through the MCP Python SDK; the first round warms the
server (its model loaded, its statements prepared, SQLite's pages cached) and is not counted.
Prints the p50, p90 and max milliseconds of a whole `tools/call` round trip, per mode.

Usage: PLUMB=path/to/plumb bench/semantic/latency.py ROOT [ROUNDS]   (ROOT indexed already)
"""

import asyncio
import os
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

# Chosen: questions of the kind the issue names, none an identifier of any one corpus.
QUESTIONS = (
    "where do we retry failed requests",
    "what registers teardown callbacks",
    "where is the url path normalised",
    "parse a configuration file",
    "compile a regular expression into a state machine",
    "write the value as json to a stream",
    "handle an error returned by the callback",
    "iterate over the matches in a string",
    "convert the input to lower case",
    "close the connection when done",
)
MODES = ("auto", "lexical", "semantic")


def percentile(values: list, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main(root: str, rounds: int) -> None:
    plumb = os.environ.get("PLUMB", "target/release/plumb")
    params = StdioServerParameters(command=plumb, args=["--root", root, "serve"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for mode in MODES:
                for question in QUESTIONS:
                    await session.call_tool("search", {"text": question, "mode": mode, "limit": 10})
                elapsed = []
                for _ in range(rounds):
                    for question in QUESTIONS:
                        started = time.perf_counter()
                        result = await session.call_tool("search", {"text": question, "mode": mode, "limit": 10})
                        elapsed.append((time.perf_counter() - started) * 1000)
                        if result.is_error:
                            sys.exit(f"search failed: {result.content}")
                print(
                    f"{mode}: {len(elapsed)} calls, p50 {percentile(elapsed, 0.5):.1f} ms, "
                    f"p90 {percentile(elapsed, 0.9):.1f} ms, max {max(elapsed):.1f} ms",
                    flush=True,
                )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5))
