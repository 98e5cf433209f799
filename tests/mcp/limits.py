"""Bounds recorded by the index: on a repository indexed with a raised
`--max-file-bytes` (one file above the default cap, defining `big`), the
server reports the index fresh, and its `index` tool rebuilds within the
recorded bound, keeping that file."""

from harness import ROOT, run, session, text


async def big_is_found(s):
    result = await s.call_tool("symbol", {"symbol": "big"})
    return not result.is_error and bool((result.structured_content or {}).get("results"))


async def main():
    async with session(ROOT, "--profile", "full") as s:
        status = await s.call_tool("status", {})
        assert not status.is_error, text(status)
        report = status.structured_content
        assert report["freshness"] == {"state": "fresh", "changed_files": 0}, report["freshness"]
        assert report["results"]["files"]["indexed"] == 2, report["results"]["files"]
        assert await big_is_found(s), "big is not indexed before the index tool runs"

        indexed = await s.call_tool("index", {})
        assert not indexed.is_error, text(indexed)
        summary = indexed.structured_content
        assert summary["files"] == {"indexed": 2}, summary
        assert summary["freshness"] == {"state": "fresh", "changed_files": 0}, summary
        assert await big_is_found(s), "the index tool dropped the file above the default cap"


run(main)
