"""Structural tools over MCP on the `structural` fixture: ast_grep is in the
`full` set, ast_edit and resolve only in `edit` (and `all`); ast_grep finds
a pattern and not its near misses, ast_edit stages a change and writes no
file, resolve applies it all or nothing (refused after a hand edit, with no
file written) or discards it; bad input is a tool error naming the
argument."""

import hashlib
import os

from mcp import MCPError

from harness import ROOT, clean_env, run, session


def snapshot():
    """Every fixture file's content hash, by name."""
    out = {}
    for name in sorted(os.listdir(ROOT)):
        path = os.path.join(ROOT, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                out[name] = hashlib.sha256(f.read()).hexdigest()
    return out


async def tool_error(s, name, args):
    """The text of the tool error `name(args)` answers with."""
    result = await s.call_tool(name, args)
    assert result.is_error, (name, args, result)
    return result.content[0].text


async def main():
    async with session(ROOT) as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert not {"ast_grep", "ast_edit", "resolve"} & names, names

    async with session(ROOT, "--profile", "full") as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert "ast_grep" in names and not {"ast_edit", "resolve"} & names, names
        found = (await s.call_tool("ast_grep", {"pattern": "if ($X != null) $X.dispose();", "lang": "java"})).structured_content
        assert [(h["file"], h["line"], h["captures"]) for h in found["results"]] == [("Main.java", 3, {"X": "a"})], found
        assert found["completeness"] == "exact" and "freshness" in found, found
        found = (await s.call_tool("ast_grep", {"pattern": "console.log($$$ARGS)", "paths": ["app.js"]})).structured_content
        assert [h["text"] for h in found["results"]] == ['console.log("hello", user)'], found
        try:
            await s.call_tool("ast_edit", {"pattern": "print($A)", "template": "log($A)"})
            raise AssertionError("ast_edit is offered under full")
        except MCPError as err:
            assert err.error.code == -32602, err.error

    async with session(ROOT, "--profile", "full,edit") as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"ast_grep", "ast_edit", "resolve"} <= names, names
        tools = {t.name: t for t in (await s.list_tools()).tools}
        for name in ("ast_grep", "ast_edit", "resolve"):
            d = tools[name].description
            assert d.index("Use when:") < d.index("Not for:") < d.index("Returns:"), d
        assert tools["ast_grep"].annotations.read_only_hint is True
        assert tools["resolve"].annotations.read_only_hint is False

        before = snapshot()
        staged = (await s.call_tool("ast_edit", {"pattern": "print($A)", "template": "log.debug($A)", "lang": "python"})).structured_content
        assert snapshot() == before, "ast_edit wrote a source file"
        assert staged["sites"] == 1 and staged["files"] == [{"file": "app.py", "sites": 1}], staged
        assert "+    log.debug(name)" in staged["diff"], staged
        applied = (await s.call_tool("resolve", {"change_id": staged["change_id"], "action": "apply"})).structured_content
        assert applied["action"] == "apply" and applied["files"] == [{"file": "app.py", "sites": 1}], applied
        assert any("index updated" in n for n in applied["notes"]), applied
        with open(os.path.join(ROOT, "app.py")) as f:
            assert "    log.debug(name)\n" in f.read()
        again = await tool_error(s, "resolve", {"change_id": staged["change_id"], "action": "apply"})
        assert "change_id" in again and "no staged change" in again, again

        # A hand edit after staging: the apply is refused and writes nothing.
        staged = (await s.call_tool("ast_edit", {"pattern": "$X.unwrap()", "template": "$X?", "lang": "rust"})).structured_content
        with open(os.path.join(ROOT, "main.rs"), "a") as f:
            f.write("// edited by hand\n")
        before = snapshot()
        refused = await tool_error(s, "resolve", {"change_id": staged["change_id"], "action": "apply"})
        assert "main.rs" in refused and "nothing written" in refused, refused
        assert snapshot() == before, "a refused apply wrote a file"
        dropped = (await s.call_tool("resolve", {"change_id": staged["change_id"], "action": "discard"})).structured_content
        assert dropped["action"] == "discard", dropped

        # Nothing matched: no change staged.
        none = (await s.call_tool("ast_edit", {"pattern": "no_such_call($X)", "template": "x($X)", "lang": "c"})).structured_content
        assert none["change_id"] is None and none["sites"] == 0, none

        for name, args, argument in (
            ("ast_grep", {"pattern": "$X"}, "pattern"),
            ("ast_grep", {"pattern": ""}, "pattern"),
            ("ast_grep", {"pattern": "f($X)", "lang": "cobol"}, "lang"),
            ("ast_grep", {"pattern": "fn ((((", "lang": "rust"}, "pattern"),
            ("ast_grep", {"pattern": "f($X)", "paths": ["/etc"]}, "paths"),
            ("ast_edit", {"pattern": "print($A)", "template": "log($B)", "lang": "python"}, "template"),
            ("resolve", {"change_id": "../../etc/passwd", "action": "apply"}, "change_id"),
            ("resolve", {"change_id": "0123456789ab", "action": "merge"}, "action"),
        ):
            text = await tool_error(s, name, args)
            assert f"`{argument}`" in text, (name, args, text)


run(main)
