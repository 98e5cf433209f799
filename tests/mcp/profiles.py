"""Profiles: resolved from --profile, then PLUMB_PROFILE, then core; a tool
hidden by the profile answers exactly like a tool that does not exist."""

import subprocess

from mcp import MCPError

from harness import BIN, ROOT, clean_env, run, session


async def call_error(s, name):
    try:
        await s.call_tool(name, {"symbol": "shop.models.Cart"})
    except MCPError as err:
        return err.error.code, err.error.message.replace(name, "<tool>"), err.error.data
    raise AssertionError(f"calling {name} did not fail")


async def main():
    async with session(ROOT) as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert "impls" not in names and "index" not in names, names
        hidden = await call_error(s, "impls")
        missing = await call_error(s, "no_such_tool")
        assert hidden == missing, (hidden, missing)
        assert hidden[0] == -32602, hidden
        assert (await call_error(s, "index")) == missing

    async with session(ROOT, env=clean_env(PLUMB_PROFILE="full")) as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"impls", "index"} <= names, names
        status = (await s.call_tool("status", {})).structured_content
        assert status["server"]["profile"] == "full" and status["server"]["tools"] == len(names)

    # The flag wins over the environment.
    async with session(ROOT, "--profile", "core", env=clean_env(PLUMB_PROFILE="full")) as s:
        assert "impls" not in {t.name for t in (await s.list_tools()).tools}

    # A list of sets offers their union, and status names it as given.
    async with session(ROOT, "--profile", "core,full") as s:
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"impls", "index", "refs"} <= names, names
        status = (await s.call_tool("status", {})).structured_content
        assert status["server"]["profile"] == "core,full", status["server"]

    # A profile that does not exist stops the server before it serves.
    for args, env in (
        (["--profile", "everything"], clean_env()),
        (["--profile", "core,everything"], clean_env()),
        ([], clean_env(PLUMB_PROFILE="everything")),
    ):
        done = subprocess.run(
            [BIN, "--root", ROOT, "serve", *args], env=env, input=b"", capture_output=True, timeout=30
        )
        assert done.returncode == 2, done
        assert b"everything" in done.stderr and done.stdout == b"", done


run(main)
