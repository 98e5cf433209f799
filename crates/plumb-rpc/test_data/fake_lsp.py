#!/usr/bin/env python3
"""A tiny language server for plumb-rpc's tests. Every line of a document
containing `ERROR: message` is an error diagnostic with that message. A
document containing CRASH makes the server exit; one containing GARBAGE
makes it write a frame that is not JSON. It answers hover with the word
`hover`."""
import json
import re
import sys

out = sys.stdout.buffer
inp = sys.stdin.buffer


def send(message):
    body = json.dumps(message).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


def read():
    length = None
    while True:
        line = inp.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(inp.read(length))


out.write(b"fake server starting\n")
out.flush()
while True:
    message = read()
    if message is None:
        break
    method = message.get("method")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": message["id"], "result": {"capabilities": {"textDocumentSync": 1}}})
    elif method == "shutdown":
        send({"jsonrpc": "2.0", "id": message["id"], "result": None})
    elif method == "exit":
        break
    elif method == "textDocument/hover":
        send({"jsonrpc": "2.0", "id": message["id"], "result": {"contents": "hover"}})
    elif method in ("textDocument/didOpen", "textDocument/didChange"):
        params = message["params"]
        doc = params["textDocument"]
        text = doc["text"] if method == "textDocument/didOpen" else params["contentChanges"][0]["text"]
        if "CRASH" in text:
            sys.exit(3)
        if "GARBAGE" in text:
            out.write(b"Content-Length: 5\r\n\r\nhello")
            out.flush()
            continue
        diagnostics = []
        for number, line in enumerate(text.split("\n")):
            found = re.search(r"ERROR: (.*)", line)
            if found:
                diagnostics.append({
                    "range": {"start": {"line": number, "character": found.start()},
                              "end": {"line": number, "character": len(line)}},
                    "severity": 1, "code": "E1", "source": "fake", "message": found.group(1),
                })
        send({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
              "params": {"uri": doc["uri"], "version": doc["version"], "diagnostics": diagnostics}})
