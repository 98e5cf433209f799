"""Notes fit the MCP surface: every tool of the `full` and `edit` profiles
is called on the python fixture, made to need notes (a git history, a file
that cannot be indexed, a stale file, a search past its limit, an ambiguous
name, a missing name), and no note in any answer names a CLI command
(`plumb ...`) or a flag (`--...`). The notes that point at a next step name
the tool call instead (`index`, `status`, `limit`). The debug tools are
left out: they need a debug adapter and a program to run, and their notes
come from plumb-mcp's session report, not from plumb-query."""

import os
import subprocess

from harness import ROOT, run, session, text

GIT = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
PATCH = """--- a/shop/added.py
+++ b/shop/added.py
@@ -1 +1 @@
-x = 2
+x = 3
"""


def git(*args):
    subprocess.run([*GIT, *args], cwd=ROOT, check=True, capture_output=True)


def notes_in(value):
    """Every string under a `notes` key, at any depth of a structured answer."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "notes" and isinstance(item, list):
                found.extend(n for n in item if isinstance(n, str))
            else:
                found.extend(notes_in(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(notes_in(item))
    return found


async def main():
    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "one")
    # A NUL byte: recorded as skipped (binary), so every answer is a lower bound.
    with open(os.path.join(ROOT, "shop", "binary.py"), "wb") as f:
        f.write(b"x = 1\0\n")
    calls = [
        ("index", {}),
        ("search", {"text": "total", "limit": 1}),
        ("symbol", {"symbol": "total"}),
        ("symbol", {"symbol": "no_such_name_anywhere"}),
        ("outline", {"file": "shop/models.py"}),
        ("refs", {"symbol": "total"}),
        ("callers", {"symbol": "total"}),
        ("callees", {"symbol": "total"}),
        ("impact", {"symbol": "shop.pricing.total"}),
        ("impls", {"symbol": "shop.models.Cart"}),
        ("status", {}),
        ("lsp", {"action": "definition", "path": "app.py", "line": 1, "column": 1}),
        ("communities", {}),
        ("entrypoints", {}),
        ("cochange", {"target": "shop/models.py"}),
        ("query", {"query": "SELECT path FROM files"}),
        ("ast_grep", {"pattern": "$X.items"}),
        ("write", {"path": "shop/added.py", "content": "x = 1\n"}),
        ("edit", {"path": "shop/added.py", "old_text": "x = 1", "new_text": "x = 2"}),
        ("apply_patch", {"patch": PATCH}),
        ("ast_edit", {"pattern": "x = 3", "template": "x = 4", "lang": "python"}),
    ]
    seen = []
    async with session(ROOT, "--profile", "full,edit") as s:
        offered = {t.name for t in (await s.list_tools()).tools}
        results = []
        for tool, args in calls:
            results.append((tool, await s.call_tool(tool, args)))
        # A change the index has not seen: `changes` and the navigation tools say so.
        with open(os.path.join(ROOT, "shop", "pricing.py"), "a") as f:
            f.write("\n\ndef later():\n    return total([1])\n")
        results.append(("changes", await s.call_tool("changes", {})))
        results.append(("callers", await s.call_tool("callers", {"symbol": "shop.pricing.total"})))
        staged = dict(results)["ast_edit"].structured_content
        assert staged and staged.get("change_id"), text(dict(results)["ast_edit"])
        results.append(("resolve", await s.call_tool("resolve", {"change_id": staged["change_id"], "action": "discard"})))

    called = {tool for tool, _ in results}
    assert called == offered, f"not called: {offered - called}; not offered: {called - offered}"
    for tool, result in results:
        if result.is_error:
            assert tool == "lsp", f"{tool}: {text(result)}"  # no language server needed here
            continue
        for note in notes_in(result.structured_content):
            seen.append(note)
            assert "plumb " not in note and "--" not in note, f"{tool}: a CLI command or flag in {note!r}"
    # The notes this scenario provokes, each naming a tool call or parameter.
    for expected in ("`status` lists them", "raise `limit`", "call `index`", "is ambiguous"):
        assert any(expected in n for n in seen), f"no note with {expected!r} in {seen}"
    print(f"{len(seen)} notes from {len(called)} tools, none naming a CLI command or flag")


run(main)
