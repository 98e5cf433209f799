"""An index kept outside the tree (issue 27): `plumb serve --index-dir DIR`,
and `plumb serve` with PLUMB_INDEX_DIR set, build the index in DIR with the
`index` tool, never create `.plumb/` in the tree, and answer queries and
`status` from DIR."""

import os
import tempfile

from harness import ROOT, clean_env, run, session, text


async def serve_from(index_dir, *extra, env=None):
    async with session(ROOT, "--profile", "full", *extra, env=env) as s:
        indexed = await s.call_tool("index", {})
        assert not indexed.is_error, text(indexed)
        assert os.path.isfile(os.path.join(index_dir, "index.db")), os.listdir(index_dir)
        assert not os.path.exists(os.path.join(ROOT, ".plumb")), "the index was written in the tree"
        found = await s.call_tool("symbol", {"symbol": "charge"})
        assert not found.is_error, text(found)
        assert "app.py" in text(found), text(found)
        status = await s.call_tool("status", {})
        assert not status.is_error, text(status)
        assert status.structured_content["freshness"]["state"] == "fresh", status.structured_content
    print(f"served from {index_dir}: indexed, `symbol` answered, status fresh")


async def main():
    with tempfile.TemporaryDirectory(prefix="plumb-index-dir-") as elsewhere:
        by_flag = os.path.join(elsewhere, "by-flag")
        await serve_from(by_flag, "--index-dir", by_flag)
        by_variable = os.path.join(elsewhere, "by-variable")
        await serve_from(by_variable, env=clean_env(PLUMB_INDEX_DIR=by_variable))


run(main)
