"""The debugger tools (issue 23) with the official MCP SDK, on debugpy and
the pytest fixture `tests/fixtures/debug/python`: a failing test stopped in
the function under test, its locals read, expressions evaluated in the
frame (one that raises is a value, not a tool failure), a step over,
breakpoints cleared, a continue to the exit; a second launch refused; bad
breakpoints; the TTL killing everything; closing the client killing
everything. Processes are checked in /proc. Prints the time from launch to
first stop and the size on the wire of every tool result."""

import asyncio
import os
import re
import shutil
import subprocess
import tempfile
import time

import harness
from harness import ROOT, clean_env, run, session, text

# Longest the kill after a TTL or a closed connection may take to show in
# /proc. Chosen: the kill is immediate; this leaves room for a loaded machine.
GONE_WITHIN_S = 10.0
# The TTL of the session that must expire. Chosen: short, to keep the test fast.
TTL_S = 2
TEST = ["python3", "-m", "pytest", "-q", "tests/test_stats.py"]


def in_root():
    """Processes (pid, stat) whose working directory is inside ROOT."""
    root = os.path.realpath(ROOT)
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd")
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if cwd == root or cwd.startswith(root + "/"):
            found.append((int(pid), stat))
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read()
    except OSError:
        return None


def wait_until_gone(pids, what):
    deadline = time.monotonic() + GONE_WITHIN_S
    while time.monotonic() < deadline:
        left = [p for p in pids if alive(p)] + [p for p, _ in in_root()]
        if not left:
            return
        time.sleep(0.1)
    raise AssertionError(f"{what}: still in /proc: {[alive(p) for p in pids]} {in_root()}")


async def call(s, tool, arguments=None, error=False):
    result = await s.call_tool(tool, arguments or {})
    assert bool(result.is_error) == error, (tool, arguments, text(result)[:2000])
    return result.structured_content if not error else text(result)


async def a_typical_session():
    async with session(ROOT, "--profile", "debug") as s:
        tools = sorted(t.name for t in (await s.list_tools()).tools)
        assert tools == sorted([
            "debug_attach", "debug_breakpoints", "debug_continue", "debug_eval", "debug_launch",
            "debug_output", "debug_pause", "debug_stack", "debug_step", "debug_stop", "debug_vars",
        ]), tools
        message = await call(s, "debug_stack", error=True)
        assert "no debug session" in message, message

        launched = await call(s, "debug_launch", {"command": TEST, "breakpoints": ["stats.py:10"]})
        assert launched["state"] == "stopped", launched
        stopped = launched["stopped"]
        assert (stopped["reason"], stopped["file"], stopped["line"], stopped["function"]) == (
            "breakpoint", "stats.py", 10, "mean"), stopped
        assert launched["frames"][1]["function"] == "test_mean_of_three", launched["frames"]
        assert launched["breakpoints"] == [{
            "file": "stats.py", "requested_line": 10, "line": 10, "verified": True,
            "message": None, "condition": None}], launched["breakpoints"]
        assert "debugpy" in launched["session"]["adapter"], launched["session"]
        assert 0 < launched["session"]["expires_in_s"] <= 300, launched["session"]
        pids = [launched["session"]["adapter_pid"], launched["session"]["debuggee_pid"]]
        print(f"debugpy: launch to first stop {launched['elapsed_ms']} ms")

        refused = await call(s, "debug_launch", {"command": TEST}, error=True)
        assert "already live" in refused and "pytest" in refused and "debug_stop" in refused, refused

        variables = await call(s, "debug_vars")
        locals_ = {v["name"]: v["value"] for scope in variables["scopes"] for v in scope["variables"]}
        assert (locals_["total"], locals_["count"], locals_["values"]) == ("12", "3", "[2, 4, 6]"), locals_
        deep = await call(s, "debug_vars", {"depth": 2})
        values = next(v for sc in deep["scopes"] for v in sc["variables"] if v["name"] == "values")
        assert [c["value"] for c in values["children"][:3]] == ["2", "4", "6"], values

        evaluated = await call(s, "debug_eval", {"expression": "total / (count - 1)"})
        assert evaluated["evaluation"]["value"] == "6.0", evaluated
        caller = await call(s, "debug_eval", {"expression": "numbers", "frame": 1})
        assert caller["evaluation"]["value"] == "[2, 4, 6]", caller
        raised = await call(s, "debug_eval", {"expression": "total / 0"})
        assert raised["evaluation"]["value"] is None, raised
        assert "ZeroDivisionError" in raised["evaluation"]["error"], raised

        stack = await call(s, "debug_stack")
        assert [f["function"] for f in stack["frames"][:2]] == ["mean", "test_mean_of_three"], stack

        stepped = await call(s, "debug_step", {"kind": "over"})
        assert stepped["state"] == "stopped" and stepped["stopped"]["line"] == 11, stepped
        after = await call(s, "debug_eval", {"expression": "count"})
        assert after["evaluation"]["value"] == "2", after

        # A blank line: the adapter says where it placed the breakpoint, or that it could not.
        blank = await call(s, "debug_breakpoints", {"set": ["stats.py:3"]})
        placed = {b["requested_line"]: b for b in blank["breakpoints"]}
        assert placed[10]["line"] == 10 and placed[3]["requested_line"] == 3, placed
        assert placed[3]["verified"] is False or placed[3]["line"] != 3, placed
        print(f"breakpoint on a blank line: {placed[3]}")
        cleared = await call(s, "debug_breakpoints", {"clear": ["stats.py:10", "stats.py:3"]})
        assert cleared["state"] == "stopped" and "breakpoints" not in cleared, cleared
        ended = await call(s, "debug_continue")
        assert ended["state"] == "exited" and ended["exit_code"] == 1, ended
        assert "assert" in ended["output"]["text"] and "1 failed" in ended["output"]["text"], ended["output"]
        output = await call(s, "debug_output")
        assert output["state"] == "exited" and output["output"]["dropped_bytes"] == 0, output

        stop = await call(s, "debug_stop")
        assert stop["state"] in ("exited", "terminated"), stop
        wait_until_gone(pids, "after debug_stop")
        message = await call(s, "debug_vars", error=True)
        assert "no debug session" in message, message


async def bad_input():
    async with session(ROOT, "--profile", "debug") as s:
        outside = await call(s, "debug_launch", {"command": TEST, "breakpoints": ["/etc/hostname:1"]}, error=True)
        assert "outside the repository root" in outside, outside
        missing = await call(s, "debug_launch", {"command": ["python3", "absent.py"], "breakpoints": ["nope.py:1"]}, error=True)
        assert "no such file" in missing, missing
        ceiling = await call(s, "debug_launch", {"command": TEST, "ttl_s": 999999}, error=True)
        assert "ttl_s" in ceiling and "ceiling" in ceiling, ceiling
        language = await call(s, "debug_launch", {"command": TEST, "language": "cobol"}, error=True)
        assert "unknown language" in language, language


async def attaching_to_a_running_process():
    """lldb attaches to a C program that loops, pauses it where it is, and
    detaches at the end: the process attached to is not the session's to kill."""
    build = tempfile.mkdtemp(prefix="plumb-attach-")
    source = os.path.join(os.path.dirname(__file__), "..", "fixtures", "debug", "c", "loop.c")
    binary = os.path.join(build, "loop")
    subprocess.run(["cc", "-g", "-O0", "-o", binary, source], check=True)
    looping = subprocess.Popen([binary])
    try:
        async with session(ROOT, "--profile", "debug") as s:
            attached = await call(s, "debug_attach", {"pid": looping.pid, "language": "c"})
            assert attached["state"] == "running" and "lldb" in attached["session"]["adapter"], attached
            paused = await call(s, "debug_pause")
            assert paused["state"] == "stopped", paused
            stack = await call(s, "debug_stack")
            assert "main" in [f["function"] for f in stack["frames"]], stack
            await call(s, "debug_stop")
            wait_until_gone([attached["session"]["adapter_pid"]], "after detaching")
        assert looping.poll() is None, "the process attached to must survive the session"
    finally:
        looping.kill()
        looping.wait()
        shutil.rmtree(build, ignore_errors=True)


async def the_ttl_kills_everything():
    async with session(ROOT, "--profile", "debug") as s:
        launched = await call(s, "debug_launch", {"command": ["python3", "slow.py"], "ttl_s": TTL_S})
        assert launched["state"] == "running", launched
        pids = [launched["session"]["adapter_pid"], launched["session"]["debuggee_pid"]]
        deadline = time.monotonic() + GONE_WITHIN_S
        while len(in_root()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        children = [p for p, _ in in_root()]
        assert len(children) >= 2, f"slow.py and its child should run: {in_root()}"
        await asyncio.sleep(TTL_S)
        wait_until_gone(pids + children, "after the TTL")
        expired = await call(s, "debug_output", error=True)
        assert "expired" in expired and "TTL" in expired, expired
        message = await call(s, "debug_output", error=True)
        assert "no debug session" in message, message


async def closing_the_client_kills_everything():
    async with session(ROOT, "--profile", "debug") as s:
        launched = await call(s, "debug_launch", {"command": ["python3", "slow.py"]})
        pids = [launched["session"]["adapter_pid"], launched["session"]["debuggee_pid"]]
        deadline = time.monotonic() + GONE_WITHIN_S
        while len(in_root()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(in_root()) >= 2, in_root()
    wait_until_gone(pids, "after the client closed")


def sizes():
    """The size on the wire of each debug tool's results, from the logs."""
    by_tool = {}
    for log in harness._logs:
        if not os.path.exists(log):
            continue
        with open(log) as f:
            for line in f:
                match = re.search(r"tools/call .*tool=(debug_\w+).*wire_bytes=(\d+)", line)
                if match:
                    by_tool.setdefault(match.group(1), []).append(int(match.group(2)))
    for tool, seen in sorted(by_tool.items()):
        print(f"{tool}: {seen} bytes")


async def main():
    await a_typical_session()
    await bad_input()
    await attaching_to_a_running_process()
    await the_ttl_kills_everything()
    await closing_the_client_kills_everything()
    assert not in_root(), in_root()
    sizes()


run(main)
