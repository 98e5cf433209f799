"""Signals during a call: the `index` tool sends progress notifications to a
client that asked for them (a progress token), and a
`notifications/cancelled` naming the call stops the run before it commits,
with no response sent for it. Run on a generated repository of many files,
indexed once, to which more files were added since (so that a finished
run and a stopped one differ)."""

import json
import os
import time

from harness import ROOT, Wire, run, session, text


async def progress_is_reported():
    # One more file, so that the run has work to do.
    with open(os.path.join(ROOT, "extra.py"), "w") as f:
        f.write("def extra():\n    return 1\n")
    updates = []

    async def on_progress(progress, total, message):
        updates.append((progress, total, message))

    async with session(ROOT, "--profile", "full") as s:
        indexed = await s.call_tool("index", {}, progress_callback=on_progress)
        assert not indexed.is_error, text(indexed)
    assert len(updates) >= 3, updates
    progress = [p for p, _, _ in updates]
    assert progress == sorted(progress), updates
    totals = {t for _, t, _ in updates}
    assert len(totals) == 1 and None not in totals, updates
    assert any(m and m.startswith("parsing") for _, _, m in updates), updates
    assert progress[-1] < totals.pop() + 1, updates


def response_to(wire, request_id, cancelled_id):
    """The response to `request_id`, skipping progress notifications; none
    may answer `cancelled_id`."""
    while True:
        _, message = wire.read_message()
        assert message.get("id") != cancelled_id, f"the cancelled call was answered: {message}"
        if message.get("method") == "notifications/progress":
            continue
        assert message.get("id") == request_id, message
        return message


def request(wire, method, params, cancelled_id):
    request_id = wire.next_id
    wire.next_id += 1
    wire.send_line(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}).encode())
    return response_to(wire, request_id, cancelled_id)


def cancel_stops_the_run():
    wire = Wire(ROOT, "--profile", "full")
    wire.initialize()
    _, before = wire.request("tools/call", {"name": "status", "arguments": {}})
    indexed_before = before["result"]["structuredContent"]["results"]["files"]["indexed"]

    call_id = wire.next_id
    wire.next_id += 1
    wire.send_line(json.dumps({
        "jsonrpc": "2.0", "id": call_id, "method": "tools/call",
        "params": {"name": "index", "arguments": {}, "_meta": {"progressToken": "run"}},
    }).encode())
    # The run has begun once it reports progress; then it is cancelled.
    _, first = wire.read_message()
    assert first.get("method") == "notifications/progress", first
    assert first["params"]["progressToken"] == "run", first
    wire.send_line(json.dumps({
        "jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": call_id, "reason": "test"},
    }).encode())
    started = time.monotonic()
    pong = request(wire, "ping", {}, call_id)
    assert pong["result"] == {}, pong
    after = request(wire, "tools/call", {"name": "status", "arguments": {}}, call_id)
    report = after["result"]["structuredContent"]
    assert report["results"]["files"]["indexed"] == indexed_before, report["results"]["files"]
    # The stopped run released the index's write lock: a new run (which
    # fails at once on a held lock) goes through, and indexes every file.
    again = request(wire, "tools/call", {"name": "index", "arguments": {}}, call_id)
    assert not again["result"].get("isError"), again
    files = again["result"]["structuredContent"]["files"]
    assert files["indexed"] > indexed_before, (files, indexed_before)
    stderr = wire.close()
    assert time.monotonic() - started < 60
    assert "cancelled the call" in stderr, stderr[-2000:]
    assert "the index run stopped before its commit" in stderr, stderr[-2000:]


async def main():
    cancel_stops_the_run()
    await progress_is_reported()


run(main)
