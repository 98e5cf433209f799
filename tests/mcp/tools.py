"""Every tool, called through the official MCP Python SDK on the python
fixture: structured results (validated by the SDK against each tool's
outputSchema) checked for content, freshness and completeness; ping and the
empty resource and prompt lists; `index` writing only `.plumb/`; a stale
index reported as such."""

import hashlib
import os

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from harness import ROOT, objects, output_schemas, run, session, text

CART_TOTAL = "shop.models.Cart.total"
CORE = {"search", "symbol", "outline", "refs", "callers", "callees", "impact", "status"}
ANALYTICS = {"communities", "entrypoints", "cochange", "changes", "query"}


def check_answer(result, tool):
    """A graph answer: not an error, structured, fresh, with the envelope.
    Fields at their default are left out (crates/plumb-mcp/src/lean.rs):
    completeness `exact`, no notes, no truncation, and `freshness` when
    fresh; the caller's own `query` is not echoed."""
    assert not result.is_error, f"{tool}: {text(result)}"
    answer = result.structured_content
    assert answer is not None, f"{tool}: no structuredContent"
    assert "results" in answer, f"{tool}: no 'results' in {answer}"
    assert "query" not in answer, f"{tool}: the query echoed in {answer}"
    assert answer.get("completeness", "exact") in ("exact", "lower_bound"), answer
    assert "freshness" not in answer, f"{tool}: a fresh index said so in {answer}"
    assert "truncated" not in answer, answer["truncated"]
    assert text(result).strip(), f"{tool}: empty text rendering"
    return answer


def qualnames(items, key=None, scope=None):
    """Qualified names of `items`: an outline node without `qualname` is
    its parent's (or the answer's `scope`) joined with its name."""
    return {qualname(item[key] if key else item, scope) for item in items}


def qualname(item, scope=None):
    return item.get("qualname") or f"{scope}.{item['name']}"


def outline_qualnames(nodes, parent):
    """Every node's qualified name in an outline, children included."""
    names = {}
    for node in nodes:
        name = qualname(node, parent)
        names[name] = node
        names.update(outline_qualnames(node.get("children", []), name))
    return names


def tree_snapshot(root):
    """Every file outside .plumb/ with its content hash."""
    snapshot = {}
    for directory, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".plumb"]
        for name in files:
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                snapshot[os.path.relpath(path, root)] = hashlib.sha256(f.read()).hexdigest()
    return snapshot


async def core_tools():
    async with session(ROOT) as s:
        assert s.server_info.name == "plumb", s.server_info
        assert s.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS, s.protocol_version
        await s.send_ping()
        # Only tools are advertised: no empty resources or prompts.
        capabilities = s.server_capabilities
        assert capabilities.tools is not None, capabilities
        assert capabilities.resources is None and capabilities.prompts is None, capabilities

        tools = (await s.list_tools()).tools
        assert {t.name for t in tools} == CORE, [t.name for t in tools]
        for tool in tools:
            d = tool.description
            parts = [d.find(p) for p in ("Use when:", "Not for:", "Returns:")]
            assert 0 < parts[0] < parts[1] < parts[2], f"{tool.name}: {d}"
            assert tool.output_schema and tool.output_schema["type"] == "object", tool.name
            if tool.name in ("search", "symbol"):  # a listing of objects: each field and its type
                item = tool.output_schema["properties"]["results"]["items"]
                assert {"line", "kind"} <= set(item["properties"]), (tool.name, item)
            elif tool.name != "status":  # a listing of rows: each cell's title and type
                row = tool.output_schema.get("$defs", {}).get("node") \
                    or tool.output_schema["properties"]["results"]["items"]["items"]
                titles = row["title"].split(",")
                assert titles[0] == "line" and "kind" in titles, (tool.name, titles)
                assert len(titles) >= len(row.get("prefixItems", [])), (tool.name, row)
            assert tool.input_schema["type"] == "object", tool.name
            assert tool.title and tool.title != tool.name, tool.name
            assert tool.annotations.open_world_hint is False, tool.name

        found = check_answer(await s.call_tool("search", {"text": "Cart"}), "search")
        assert found["results"][0]["qualname"] == "shop.models.Cart", found["results"][:3]
        assert "name" in found["results"][0]["rankers"] and found["results"][0]["score"] > 0, found["results"][0]

        shown = check_answer(await s.call_tool("symbol", {"symbol": CART_TOTAL}), "symbol")
        [definition] = shown["results"]
        assert definition["qualname"] == CART_TOTAL and definition["line"] == 19, definition
        assert "def total(self):" in definition["source"], definition["source"]
        assert "sum_prices(self._line_prices())" in definition["source"]
        assert definition.get("source_truncated", False) is False
        assert "def total(self):" in text(await s.call_tool("symbol", {"symbol": CART_TOTAL}))
        for locator in ("shop/models.py:20", os.path.join(ROOT, "shop/models.py") + ":20"):
            located = check_answer(await s.call_tool("symbol", {"symbol": locator}), "symbol")
            assert qualnames(located["results"]) == {CART_TOTAL}, (locator, located["results"])

        schemas = {t.name: t.output_schema for t in tools}
        outline = check_answer(await s.call_tool("outline", {"file": "shop/models.py"}), "outline")
        everything = outline_qualnames(objects(outline, schemas["outline"]), outline.get("scope"))
        cart = everything["shop.models.Cart"]
        assert CART_TOTAL in qualnames(cart["children"], scope="shop.models.Cart"), cart
        top = check_answer(await s.call_tool("outline", {"file": "shop/models.py", "depth": 1}), "outline")
        top_nodes = objects(top, schemas["outline"])
        assert all(n["children"] == [] for n in top_nodes), top["results"]
        assert qualnames(top_nodes) == qualnames(objects(outline, schemas["outline"]))

        refs = check_answer(await s.call_tool("refs", {"symbol": "shop.models.Cart"}), "refs")
        kinds = {r["kind"] for r in objects(refs, schemas["refs"])}
        assert {"inherit", "import"} <= kinds, kinds
        inherits = check_answer(
            await s.call_tool("refs", {"symbol": "shop.models.Cart", "kind": "inherit"}), "refs"
        )
        inheriting = objects(inherits, schemas["refs"])
        assert inheriting and all(r["kind"] == "inherit" for r in inheriting), inherits["results"]
        assert "shop.models.DiscountCart" in {r["enclosing_qualname"] for r in inheriting}

        callers = check_answer(await s.call_tool("callers", {"symbol": CART_TOTAL}), "callers")
        assert "app.charge" in qualnames(objects(callers, schemas["callers"])), callers["results"]
        assert {target[4] for target in callers["targets"]} == {CART_TOTAL}, callers["targets"]

        callees = check_answer(await s.call_tool("callees", {"symbol": CART_TOTAL}), "callees")
        assert {"shop.models.Cart._line_prices", "shop.pricing.total"} <= qualnames(
            objects(callees, schemas["callees"])
        ), callees["results"]

        near = check_answer(await s.call_tool("impact", {"symbol": "shop.pricing.total", "depth": 1}), "impact")
        far = check_answer(await s.call_tool("impact", {"symbol": "shop.pricing.total"}), "impact")
        assert max(r["depth"] for r in objects(far, schemas["impact"])) == 2, far["results"]
        assert {r["depth"] for r in objects(near, schemas["impact"])} == {1}, near["results"]
        assert qualnames(objects(near, schemas["impact"])) < qualnames(objects(far, schemas["impact"]))

        status = await s.call_tool("status", {})
        assert not status.is_error, text(status)
        report = status.structured_content
        assert report["server"]["tools"] == len(tools) == len(CORE), report["server"]
        assert set(report["server"]["tool_names"]) == CORE
        assert report["server"]["profile"] == "core"
        assert report["freshness"] == {"state": "fresh", "changed_files": 0}
        assert report["results"]["files"]["indexed"] == 6, report["results"]["files"]


async def full_tools():
    async with session(ROOT, "--profile", "full") as s:
        schemas = await output_schemas(s)
        tools = set(schemas)
        assert tools == CORE | {"impls", "index", "lsp", "ast_grep"} | ANALYTICS, tools

        direct = check_answer(await s.call_tool("impls", {"symbol": "shop.models.Cart"}), "impls")
        assert qualnames(objects(direct, schemas["impls"])) == {"shop.models.DiscountCart"}, direct
        every = check_answer(
            await s.call_tool("impls", {"symbol": "shop.models.Cart", "transitive": True}), "impls"
        )
        assert {r["qualname"]: r["direct"] for r in objects(every, schemas["impls"])} == {
            "shop.models.DiscountCart": True,
            "shop.models.VipCart": False,
        }, every["results"]

        # Edit a file: answers say the index is stale; symbol will not show
        # source from a changed file; `index` refreshes and writes only .plumb/.
        with open(os.path.join(ROOT, "shop/models.py"), "a") as f:
            f.write("\n\ndef added():\n    return Cart()\n")
        stale = await s.call_tool("symbol", {"symbol": CART_TOTAL})
        assert stale.structured_content["freshness"] == {"state": "stale", "changed_files": 1}
        assert stale.structured_content["results"][0].get("source") is None
        assert any("changed since indexing" in n for n in stale.structured_content["notes"])
        assert "index stale" in text(stale)

        before = tree_snapshot(ROOT)
        indexed = await s.call_tool("index", {})
        assert not indexed.is_error, text(indexed)
        summary = indexed.structured_content
        assert summary["files"]["indexed"] == 6, summary
        assert summary["freshness"] == {"state": "fresh", "changed_files": 0}, summary
        assert tree_snapshot(ROOT) == before, "index wrote outside .plumb/"
        fresh = check_answer(await s.call_tool("symbol", {"symbol": "shop.models.added"}), "symbol")
        assert "return Cart()" in fresh["results"][0]["source"]

        status = (await s.call_tool("status", {})).structured_content
        assert status["server"]["tools"] == len(tools) and status["server"]["profile"] == "full"


async def main():
    await core_tools()
    await full_tools()


run(main)
