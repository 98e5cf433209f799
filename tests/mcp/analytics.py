"""The analytics tools (`communities`, `entrypoints`, `cochange`, `changes`,
`query`) in the full profile, on the analytics fixture with a git history
made here: each answers with a structured result the SDK validates against
its outputSchema; `changes` names the test reaching an edit; `query` refuses
writes as tool errors and leaves the index unchanged."""

import os
import subprocess

from harness import BIN, ROOT, clean_env, run, session, text

GIT = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]


def git(*args):
    subprocess.run([*GIT, *args], cwd=ROOT, check=True, capture_output=True)


def prepare():
    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "one")
    for name in ("shop/cart.py", "shop/pricing.py"):
        with open(os.path.join(ROOT, name), "a") as f:
            f.write("# two\n")
    git("commit", "-qam", "two")
    path = os.path.join(ROOT, "shop/pricing.py")
    with open(path) as f:
        source = f.read()
    with open(path, "w") as f:
        f.write(source.replace("return amount * RATE", "return round(amount * RATE, 2)"))
    subprocess.run([BIN, "index", ROOT], check=True, capture_output=True)


async def ok(s, tool, args):
    result = await s.call_tool(tool, args)
    assert not result.is_error, f"{tool}: {text(result)}"
    return result.structured_content


async def main():
    prepare()
    database = os.path.join(ROOT, ".plumb", "index.db")
    async with session(ROOT, env=clean_env(PLUMB_PROFILE="full")) as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"communities", "entrypoints", "cochange", "changes", "query"} <= names, names

        communities = await ok(s, "communities", {})
        assert any("shop/pricing.py" in c["files"] for c in communities["results"]), communities

        routes = await ok(s, "entrypoints", {"kind": "route"})
        assert {e["symbol"]["qualname"] for e in routes["results"]} == {"app.cart_view", "app.login_view"}

        cochange = await ok(s, "cochange", {"target": "shop/cart.py"})
        assert cochange["results"][0]["file"] == "shop/pricing.py", cochange
        assert cochange["results"][0]["support"] == 2, cochange

        changes = await ok(s, "changes", {})
        report = changes["results"][0]
        assert [c["symbol"]["qualname"] for c in report["changed"]] == ["shop.pricing.tax"], report
        assert [t["name"] for t in report["tests"]] == ["test_cart.test_total"], report

        rows = await ok(s, "query", {"query": "SELECT name FROM symbols WHERE kind = 'class' ORDER BY name"})
        assert rows["query"]["columns"] == ["name"]
        assert ["Cart"] in rows["results"] and ["User"] in rows["results"], rows

        with open(database, "rb") as f:
            before = f.read()
        for sql in ("DELETE FROM symbols", "ATTACH DATABASE 'x.db' AS x", "PRAGMA writable_schema = ON"):
            refused = await s.call_tool("query", {"query": sql})
            assert refused.is_error, f"{sql}: {text(refused)}"
            assert "query" in text(refused), text(refused)
        with open(database, "rb") as f:
            assert f.read() == before

        bad = await s.call_tool("changes", {"depth": 0})
        assert bad.is_error and "depth" in text(bad), text(bad)


run(main)
