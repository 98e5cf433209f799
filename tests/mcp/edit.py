"""The write tools with a real language server (pyright, installed by
.ci/run; a missing one fails this scenario): an edit that introduces a type
error gets exactly that error back; an unrelated edit that moves it does not
report it again; fixing it counts it as resolved; a broken import in another
open file is reported there; the index sees a write at once; a file of a
language without a server is written and says `unavailable` with the reason;
a path outside the root and a file changed on disk are refused with nothing
written; `lsp` answers from the server. One server session throughout."""

import os

from harness import ROOT, clean_env, objects, output_schemas, run, session, text

# A cold pyright took 24 s on a loaded 2-core machine; the product waits 10 s.
ENV = clean_env(PLUMB_LSP_FIRST_WAIT_MS="90000", PLUMB_LSP_WAIT_MS="60000")


def path(name):
    return os.path.join(ROOT, name)


def read(name):
    with open(path(name), "rb") as f:
        return f.read()


async def call(s, tool, args):
    result = await s.call_tool(tool, args)
    assert not result.is_error, (tool, args, text(result))
    return result.structured_content


async def refused(s, tool, args):
    result = await s.call_tool(tool, args)
    assert result.is_error, (tool, args, result.structured_content)
    return text(result)


def keys(diagnostics):
    return [(d["file"], d["line"], d["severity"], d["code"]) for d in diagnostics["new"]]


async def main():
    async with session(ROOT, "--profile", "full,edit", env=ENV) as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"write", "edit", "apply_patch", "lsp", "callers"} <= names, names

        # A type error: exactly that error comes back.
        out = await call(s, "edit", {
            "path": "app.py",
            "old_text": 'return f"total: {total(items)}"',
            "new_text": "return total(items)",
        })
        d = out["diagnostics"]
        assert d["status"] == "ok" and d["server"] == "pyright", d
        assert keys(d) == [("app.py", 8, "error", "reportReturnType")], d
        assert d["resolved"] == 0, d
        assert out["files"] == [{"path": "app.py", "created": False, "unchanged": False, "bytes": len(read("app.py"))}], out
        assert out["index"]["updated"], out["index"]

        # An unrelated edit moves the error down: not reported again.
        out = await call(s, "edit", {
            "path": "app.py",
            "old_text": '"""Uses the shop."""',
            "new_text": '"""Uses the shop.\n\nWith a longer docstring.\n"""',
        })
        d = out["diagnostics"]
        assert d["status"] == "ok" and d["new"] == [] and d["resolved"] == 0, d

        # The index sees a new file at once.
        out = await call(s, "write", {
            "path": "report.py",
            "content": 'from app import checkout\n\n\ndef report() -> str:\n    return checkout(["a"])\n',
        })
        assert out["files"][0]["created"] and out["diagnostics"]["new"] == [], out
        callers = await call(s, "callers", {"symbol": "app.checkout"})
        schema = (await output_schemas(s))["callers"]
        assert any(r["qualname"] == "report.report" for r in objects(callers, schema)), callers

        # Fixing the error counts it as resolved.
        out = await call(s, "edit", {
            "path": "app.py",
            "old_text": "return total(items)",
            "new_text": 'return f"total: {total(items)}"',
        })
        d = out["diagnostics"]
        assert d["status"] == "ok" and d["resolved"] == 1 and d["new"] == [], d

        # A rename breaks an import in another open file: reported there.
        out = await call(s, "edit", {"path": "shop.py", "old_text": "def total(", "new_text": "def grand_total("})
        d = out["diagnostics"]
        assert ("app.py", 6, "error", "reportAttributeAccessIssue") in keys(d), d
        out = await call(s, "apply_patch", {"patch": (
            "--- a/shop.py\n+++ b/shop.py\n@@ -9,3 +9,3 @@\n \n \n-def grand_total(items: list[str]) -> int:\n+def total(items: list[str]) -> int:\n"
            "--- /dev/null\n+++ b/notes.py\n@@ -0,0 +1 @@\n+NOTE = 1\n"
        )})
        assert [f["path"] for f in out["files"]] == ["shop.py", "notes.py"], out
        assert out["diagnostics"]["resolved"] >= 1 and out["diagnostics"]["new"] == [], out["diagnostics"]

        # A language without a server, and one without its marker: written, and said.
        out = await call(s, "write", {"path": "tool.rb", "content": "puts 1\n"})
        d = out["diagnostics"]
        assert d["status"] == "unavailable" and ".rb" in d["reason"], d
        assert read("tool.rb") == b"puts 1\n"
        out = await call(s, "write", {"path": "main.go", "content": "package main\n"})
        d = out["diagnostics"]
        assert d["status"] == "unavailable" and d["server"] == "gopls" and "go.mod" in d["reason"], d

        # Outside the root, or inside .git/ or .plumb/: refused, nothing written.
        outside = os.path.join(os.path.dirname(ROOT), "plumb-outside.py")
        for bad in ("../plumb-outside.py", outside, ".plumb/x.py", ".git/config"):
            message = await refused(s, "write", {"path": bad, "content": "x = 1\n"})
            assert "nothing written" in message, message
        assert not os.path.exists(outside)

        # Changed on disk since plumb wrote it: refused, the other change kept.
        with open(path("app.py"), "a") as f:
            f.write("# someone else's line\n")
        theirs = read("app.py")
        message = await refused(s, "edit", {"path": "app.py", "old_text": "items", "new_text": "things", "replace_all": True})
        assert "changed on disk" in message and "app.py" in message, message
        assert read("app.py") == theirs
        # Absent or ambiguous text: refused, nothing written.
        assert "not found" in await refused(s, "edit", {"path": "app.py", "old_text": "nowhere", "new_text": "x"})
        assert "times" in await refused(s, "edit", {"path": "app.py", "old_text": "items", "new_text": "x"})
        assert read("app.py") == theirs

        # Line endings are kept.
        with open(path("crlf.py"), "wb") as f:
            f.write(b"a = 1\r\nb = 2\r\n")
        await call(s, "edit", {"path": "crlf.py", "old_text": "b = 2", "new_text": "b = 3\nc = 4"})
        assert read("crlf.py") == b"a = 1\r\nb = 3\r\nc = 4\r\n", read("crlf.py")

        # Types from the server.
        out = await call(s, "lsp", {"action": "hover", "symbol": "shop.price"})
        assert out["server"] == "pyright" and "int" in out["hover"], out
        out = await call(s, "lsp", {"action": "definition", "path": "app.py", "line": 6, "column": 18})
        assert out["locations"] and out["locations"][0]["file"] == "shop.py", out


run(main)
