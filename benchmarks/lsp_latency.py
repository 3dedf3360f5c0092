"""The language server's latency a person feels: the time from a one-character edit
(an incremental didChange) to the diagnostics published for it, and from a completion
request after `push: ` to its answer, on generated flows of 50 and 1,000 screens —
measured twice: with a client of its own (Content-Length framing over the server's
pipes: the server's and the pipe's time), and with pytest-lsp's client, the one the
tests use (pygls: what an editor's client library adds). The pytest-lsp run also times a
hover on a field id right after an edit (the first request after a change builds the
name index) and a rename of a field id. Prints one JSON object.

  python3 benchmarks/lsp_latency.py FEEDBACKFLOW [EDITS]
"""
import json
import statistics
import subprocess
import sys
import time


def flow(screens):
    lines = ["version: 1", "start: s0", "screens:"]
    for i in range(screens):
        nxt = f"s{i + 1}" if i + 1 < screens else None
        action = f"{{push: {nxt}}}" if nxt else "dismiss"
        lines += [f"  s{i}:", "    style: informative", f"    title: Screen {i}",
                  "    extraContent:", f"      - textField: {{id: f{i}, label: Field {i}}}",
                  f"    primaryAction: {{button: {{title: Next, action: {action}}}}}"]
    return "\n".join(lines) + "\n"


class Client:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def until_diagnostics(self):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                return message

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=10)


def measure(binary, screens, edits):
    client = Client(binary)
    client.request("initialize", {"capabilities": {}})
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    text = flow(screens)
    uri = f"file:///bench/flow-{screens}.flow.yaml"
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    client.until_diagnostics()
    # Line 5 is `    title: Screen 0`: its last character is typed over, again and again.
    edit_times = []
    for version in range(2, edits + 2):
        start = time.perf_counter()
        client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": 5, "character": 18}, "end": {"line": 5, "character": 19}},
                                "text": str(version % 10)}]}})
        client.until_diagnostics()
        edit_times.append((time.perf_counter() - start) * 1000)
    # Completion after `push: ` on the first screen's button (line 8).
    line = text.split("\n")[8]
    column = line.index("push: ") + len("push: ")
    completion_times = []
    for _ in range(edits):
        start = time.perf_counter()
        answer = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 8, "character": column}})
        completion_times.append((time.perf_counter() - start) * 1000)
    assert len(answer["result"]["items"]) == screens
    client.close()
    return {"edit": summary(edit_times), "completion": summary(completion_times)}


def summary(values):
    ordered = sorted(values)
    return {"median_ms": statistics.median(ordered), "p95_ms": ordered[int(0.95 * (len(ordered) - 1))]}


async def measure_with_pytest_lsp(binary, screens, edits):
    import logging
    # pygls logs each notification its client has no handler for: not the benchmark's output.
    logging.getLogger("pygls").setLevel(logging.ERROR)
    from lsprotocol import types
    from pytest_lsp import LanguageClient, client_capabilities
    client = LanguageClient()
    await client.start_io(binary, "lsp")
    await client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    text = flow(screens)
    uri = f"file:///bench/flow-{screens}.flow.yaml"
    document = types.TextDocumentIdentifier(uri=uri)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    # Line 7 is `      - textField: {id: f0, label: Field 0}`: `f0` is hovered and renamed.
    field = types.Position(line=7, character=text.split("\n")[7].index("f0") + 1)
    times = {"edit": [], "completion": [], "hover after an edit": [], "rename": []}
    column = text.split("\n")[8].index("push: ") + len("push: ")
    for version in range(2, edits + 2):
        start = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=5, character=18), end=types.Position(line=5, character=19)),
                text=str(version % 10))]))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        times["edit"].append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=field))
        times["hover after an edit"].append((time.perf_counter() - start) * 1000)
        assert "f0" in hover.contents.value
        start = time.perf_counter()
        answer = await client.text_document_completion_async(types.CompletionParams(
            text_document=document, position=types.Position(line=8, character=column)))
        times["completion"].append((time.perf_counter() - start) * 1000)
        assert len(answer.items) == screens
        start = time.perf_counter()
        renamed = await client.text_document_rename_async(types.RenameParams(text_document=document, position=field, new_name="g0"))
        times["rename"].append((time.perf_counter() - start) * 1000)
        assert len(renamed.changes[uri]) == 1
    await client.shutdown_session()
    return {name: summary(values) for name, values in times.items()}


if __name__ == "__main__":
    import asyncio
    binary, edits = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 50
    print(json.dumps({
        str(n): dict(measure(binary, n, edits), pytest_lsp=asyncio.run(measure_with_pytest_lsp(binary, n, edits)))
        for n in (50, 1000)
    }))
