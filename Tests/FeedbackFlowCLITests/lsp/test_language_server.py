"""`feedbackflow lsp` with a real client (pytest-lsp), with the capabilities of VS Code
(UTF-16 positions) and of Neovim (offers UTF-8): the diagnostics it publishes must be
what `feedbackflow validate --format json` reports for the same file, positions converted
here, independently, from validate's Unicode-scalar columns to the client's encoding.
The binary is $FEEDBACKFLOW; fixtures are read from the repository.
"""
import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

BINARY = os.environ["FEEDBACKFLOW"]
ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "Tests" / "FeedbackFlowCLITests" / "Fixtures"
# The formatter's own fixtures (its layouts typed by hand), which formatting must give.
FORMAT_FIXTURES = ROOT / "Tests" / "FlowFormatTests" / "Fixtures" / "fmt"
FILES = sorted((FIXTURES / "invalid").glob("*.yaml")) + [FIXTURES / "lsp" / "emoji.flow.yaml"]


def units(text, encoding):
    """The length of `text` in the code units of `encoding`."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def expected(path, encoding, cwd=ROOT, command="validate"):
    """validate's diagnostics of `path` run in `cwd` (or those of another `command` that
    writes them in validate's JSON: `test` for a flow test), as LSP would say them."""
    run = subprocess.run([BINARY, command, "--format", "json", str(path)], capture_output=True, text=True, cwd=cwd)
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    for d in json.loads(run.stdout)["diagnostics"]:
        def point(line, column):
            text = lines[line - 1] if line - 1 < len(lines) else ""
            return (line - 1, units(text[: column - 1], encoding))
        message = d["message"] + ("\nhint: " + d["hint"] if d.get("hint") else "")
        severity = {"error": 1, "warning": 2, "note": 3}[d["severity"]]
        found.append((d["code"], severity, message, point(d["line"], d["column"]), point(d["endLine"], d["endColumn"])))
    return sorted(found)


def published(client, uri):
    return sorted(
        (d.code, d.severity.value, d.message, (d.range.start.line, d.range.start.character), (d.range.end.line, d.range.end.character))
        for d in client.diagnostics.get(uri, [])
    )


async def open_and_wait(client, path, text=None):
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text if text is not None else path.read_text(encoding="utf-8"))))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


def make_client(spec):
    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
    async def client(lsp_client: LanguageClient):
        result = await lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities(spec)))
        lsp_client.negotiated = result.capabilities.position_encoding
        yield
        await lsp_client.shutdown_session()
    return client


vscode = make_client("visual-studio-code")
neovim = make_client("neovim")


@pytest.mark.asyncio
async def test_vscode_gets_utf16_and_validates_diagnostics(vscode: LanguageClient):
    assert vscode.negotiated == "utf-16"
    for path in FILES:
        uri = await open_and_wait(vscode, path)
        assert published(vscode, uri) == expected(path, "utf-16"), path.name


@pytest.mark.asyncio
async def test_neovim_gets_utf8_and_the_same_characters(neovim: LanguageClient):
    assert neovim.negotiated == "utf-8"
    for path in [FIXTURES / "lsp" / "emoji.flow.yaml"] + FILES[:10]:
        uri = await open_and_wait(neovim, path)
        assert published(neovim, uri) == expected(path, "utf-8"), path.name


@pytest.mark.asyncio
async def test_an_incremental_edit_fixes_the_typo(vscode: LanguageClient):
    path = FIXTURES / "lsp" / "emoji.flow.yaml"
    uri = await open_and_wait(vscode, path)
    assert "unknown-key" in [d[0] for d in published(vscode, uri)]
    lines = path.read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines) if "subtitel" in text)
    start = units(lines[line][: lines[line].index("subtitel")], "utf-16")
    vscode.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=line, character=start), end=types.Position(line=line, character=start + 8)),
            text="subtitle")]))
    await vscode.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = [d[0] for d in published(vscode, uri)]
    assert "unknown-key" not in codes and "unknown-screen" in codes


@pytest.mark.asyncio
async def test_a_flow_test_gets_the_diagnostics_feedbackflow_test_reports(vscode: LanguageClient):
    # A flow test file is read as `test` reads it, against the flow it names: each typo is
    # where `test --format json` puts it, with the flow's name in its hint.
    path = FIXTURES / "lsp" / "bug-report-typos.flowtest.yaml"
    uri = await open_and_wait(vscode, path)
    found = published(vscode, uri)
    assert found == expected(path, "utf-16", command="test")
    assert sorted(d[0] for d in found) == ["unknown-key", "unknown-reference", "unknown-reference", "unknown-reference", "unknown-screen"]


def frame(message):
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def answers(data):
    # A bound, not a speed check: 80 MiB of edits through a debug build on a loaded 2-core
    # machine (the whole suite beside it) has taken over 30 s.
    run = subprocess.run([BINARY, "lsp"], input=data, capture_output=True, timeout=180)
    out, found = run.stdout, []
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        found.append(json.loads(rest[:length]))
        out = rest[length:]
    return run.returncode, found


def test_bad_messages_get_errors_and_the_server_goes_on():
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    status, found = answers(
        frame({"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover"})        # before initialize
        + frame(initialize)
        + frame(b"{not json")
        + frame([1, 2])
        + frame({"jsonrpc": "2.0", "id": 2, "method": "no/such"})
        + b"Content-Length: 40000000\r\n\r\n" + b"x" * 10                         # over the limit: dropped unread
    )
    codes = [m.get("error", {}).get("code") for m in found]
    assert codes == [-32002, None, -32700, -32600, -32601, -32600]
    assert status == 1  # the input ended without shutdown and exit


def test_a_length_far_over_the_limit_ends_the_server_at_once():
    # Counting 100 GB off would leave the server alive and deaf; it ends, and the editor restarts it.
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    status, found = answers(
        frame(initialize)
        + b"Content-Length: 99999999999\r\n\r\n" + b"x" * 10
        + frame({"jsonrpc": "2.0", "id": 2, "method": "no/such"}))
    codes = [m.get("error", {}).get("code") for m in found]
    assert codes == [None, -32700]
    assert "99999999999" in found[1]["error"]["message"]
    assert status == 1


def test_shutdown_then_exit_ends_with_status_zero():
    status, found = answers(
        frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        + frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        + frame({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {}})
        + frame({"jsonrpc": "2.0", "method": "exit"}))
    assert status == 0
    assert found[1] == {"jsonrpc": "2.0", "id": 2, "result": None}
    assert found[2]["error"]["code"] == -32600


FLOWS = ROOT / "flows"


def apply_edits(text, edits, encoding="utf-16"):
    """`text` with LSP TextEdits applied (positions in `encoding`), last first; the edits
    must not overlap (LSP 3.17 `WorkspaceEdit`), which is checked first."""
    ordered = sorted(((e.range.start.line, e.range.start.character), (e.range.end.line, e.range.end.character)) for e in edits)
    assert all(a[1] <= b[0] for a, b in zip(ordered, ordered[1:])), f"overlapping edits: {ordered}"
    lines = text.split("\n")
    def offset(position):
        before = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        count, index = 0, 0
        while index < len(line) and count < position.character:
            count += units(line[index], encoding)
            index += 1
        return before + index
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


@pytest.mark.asyncio
async def test_completion_after_push_offers_exactly_the_screen_ids(vscode: LanguageClient):
    path = FLOWS / "rating-branches.flow.yaml"
    text = path.read_text(encoding="utf-8")
    # A half-typed step at the end of the last screen's button list.
    marker = "then: [{push: sorry}]"
    line = text[: text.index(marker)].count("\n")
    column = len(text.split("\n")[line][: text.split("\n")[line].index(marker)]) + len("then: [{push: ")
    uri = await open_and_wait(vscode, path, text)
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=column)))
    labels = sorted(item.label for item in result.items)
    import yaml
    assert labels == sorted(yaml.safe_load(text)["screens"].keys())


@pytest.mark.asyncio
async def test_rename_of_thanks_edits_every_reference_and_validates_clean(vscode: LanguageClient, tmp_path):
    path = FLOWS / "call-quality-rating.flow.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    line = next(i for i, l in enumerate(text.split("\n")) if l.strip() == "- push: thanks")
    position = types.Position(line=line, character=text.split("\n")[line].index("thanks") + 2)
    prepared = await vscode.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    assert prepared is not None
    taken = None
    try:
        await vscode.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="rate-call"))
    except Exception as error:  # a name another screen has is refused
        taken = error
    assert taken is not None
    edit = await vscode.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="grateful"))
    edits = edit.changes[uri]
    # Every place PyYAML sees the id: the screen's key, `start`, and each step naming it.
    import yaml
    flow = yaml.safe_load(text)
    def named(node):
        if isinstance(node, dict):
            return sum((1 if k in ("push", "present", "replace", "popTo") and v == "thanks" else 0) + named(v) for k, v in node.items())
        if isinstance(node, list):
            return sum(named(item) for item in node)
        return 0
    assert len(edits) == 1 + (flow["start"] == "thanks") + named(flow["screens"])
    renamed = apply_edits(text, edits)
    assert "grateful:" in renamed and "push: grateful" in renamed
    out = tmp_path / "renamed.flow.yaml"
    out.write_text(renamed, encoding="utf-8")
    run = subprocess.run([BINARY, "validate", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    references = await vscode.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position,
        context=types.ReferenceContext(include_declaration=True)))
    assert len(references) == len(edits)
    definition = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    target = text.split("\n")[definition.range.start.line]
    assert target.strip() == "thanks:"


@pytest.mark.asyncio
async def test_quick_fix_turns_subtitel_into_subtitle(vscode: LanguageClient):
    path = FIXTURES / "lsp" / "emoji.flow.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    typo = next(d for d in vscode.diagnostics[uri] if d.code == "unknown-key")
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=typo.range,
        context=types.CodeActionContext(diagnostics=[typo])))
    fix = next(a for a in actions if a.kind == "quickfix")
    fixed = apply_edits(text, fix.edit.changes[uri])
    assert "subtitle:" in fixed and "subtitel" not in fixed


@pytest.mark.asyncio
async def test_hover_and_symbols(vscode: LanguageClient):
    import yaml
    path = FLOWS / "call-quality-rating.flow.yaml"
    text = path.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    uri = await open_and_wait(vscode, path, text)
    line = next(i for i, l in enumerate(text.split("\n")) if l.strip() == "- push: thanks")
    hover = await vscode.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=text.split("\n")[line].index("thanks") + 1)))
    thanks = flow["screens"]["thanks"]
    assert f"{thanks['style']}: {thanks['title']}" in hover.contents.value
    symbols = await vscode.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == list(flow["screens"].keys())
    # On a diagnostic, the rule's explanation, as `explain` gives it.
    broken = FIXTURES / "lsp" / "emoji.flow.yaml"
    uri = await open_and_wait(vscode, broken)
    typo = next(d for d in vscode.diagnostics[uri] if d.code == "unknown-key")
    hover = await vscode.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=typo.range.start))
    explain = subprocess.run([BINARY, "explain", "unknown-key"], capture_output=True, text=True).stdout
    explanation = " ".join(explain.split("\n\n")[2].split())
    assert "**unknown-key**" in hover.contents.value and explanation in " ".join(hover.contents.value.split())


@pytest.mark.asyncio
async def test_rename_in_a_json_flow_keeps_the_quotes(vscode: LanguageClient, tmp_path):
    path = FLOWS / "call-quality-rating.flow.json"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    line = next(i for i, l in enumerate(text.split("\n")) if '"push": "thanks"' in l)
    position = types.Position(line=line, character=text.split("\n")[line].index('"thanks"') + 2)
    edit = await vscode.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="grateful"))
    renamed = apply_edits(text, edit.changes[uri])
    flow = json.loads(renamed)
    assert "grateful" in flow["screens"] and "thanks" not in flow["screens"]
    out = tmp_path / "renamed.flow.json"
    out.write_text(renamed, encoding="utf-8")
    run = subprocess.run([BINARY, "validate", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.asyncio
async def test_rename_through_anchors_and_aliases_keeps_them(vscode: LanguageClient, tmp_path):
    path = FIXTURES / "lsp" / "anchors.flow.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    for old, new in (("welcome", "home"), ("thanks", "grateful")):
        line = next(i for i, l in enumerate(text.split("\n")) if l.strip() == f"{old}:")
        position = types.Position(line=line, character=text.split("\n")[line].index(old) + 1)
        edit = await vscode.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name=new))
        edits = edit.changes[uri]
        starts = [(e.range.start.line, e.range.start.character) for e in edits]
        assert len(starts) == len(set(starts)), "overlapping edits"
        renamed = apply_edits(text, edits)
        assert "&first" in renamed and "&next" in renamed
        assert "push: &back # the first screen again\n" in renamed
        out = tmp_path / f"{new}.flow.yaml"
        out.write_text(renamed, encoding="utf-8")
        run = subprocess.run([BINARY, "validate", str(out)], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.asyncio
async def test_a_text_that_does_not_load_is_not_edited_by_old_offsets(vscode: LanguageClient):
    path = FLOWS / "call-quality-rating.flow.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    vscode.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)), text="[")]))
    await vscode.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    line = next(i for i, l in enumerate(text.split("\n")) if l.strip() == "- push: thanks")
    prepared = await vscode.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=12)))
    assert prepared is None


@pytest.mark.asyncio
async def test_a_json_quick_fix_keeps_the_quotes(vscode: LanguageClient):
    path = FIXTURES / "lsp" / "typo.flow.json"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    typo = next(d for d in vscode.diagnostics[uri] if d.code == "unknown-key")
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=typo.range, context=types.CodeActionContext(diagnostics=[typo])))
    fixed = apply_edits(text, next(a for a in actions if a.kind == "quickfix").edit.changes[uri])
    assert json.loads(fixed)["screens"]["a"]["title"] == "Hi"


@pytest.mark.asyncio
async def test_completion_of_keys_in_a_half_typed_screen_follows_the_schema(vscode: LanguageClient):
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    path = FLOWS / "call-quality-rating.flow.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    # A new key being typed on its own line inside the thanks screen: the file does not load.
    at = lines.index("  thanks:") + 2
    lines.insert(at, "    ima")
    uri = await open_and_wait(vscode, path, "\n".join(lines))
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=at, character=7)))
    body = schema["$defs"]["screenBody"]["properties"]
    # The screen's keys the schema has, but those it has written already (PyYAML's reading).
    import yaml
    written = yaml.safe_load(path.read_text(encoding="utf-8"))["screens"]["thanks"]
    assert sorted(item.label for item in result.items) == sorted(set(body) - set(written))
    image = next(item for item in result.items if item.label == "image")
    assert image.documentation.value == body["image"]["description"]
    assert image.text_edit.new_text == "image: "
    # Under a button: the button's keys.
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index("        title: Done") + 1
    lines.insert(at, "        ")
    uri = await open_and_wait(vscode, path, "\n".join(lines))
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=at, character=8)))
    button = written["primaryAction"]["button"]
    assert sorted(item.label for item in result.items) == sorted(set(schema["$defs"]["button"]["properties"]) - set(button))


@pytest.mark.asyncio
async def test_a_missing_screen_gets_a_stub_and_any_diagnostic_a_suppression(vscode: LanguageClient, tmp_path):
    text = ("version: 1\nstart: a\nscreens:\n  a:\n    style: success\n    title: A\n"
            "    primaryAction: {button: {title: Go, action: {push: later}}}\n"
            "trigger:\n  event: opened\nevents:\n  opened: {}\n")
    path = tmp_path / "stub.flow.yaml"
    path.write_text(text, encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    missing = next(d for d in vscode.diagnostics[uri] if d.code == "unknown-screen")
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=missing.range, context=types.CodeActionContext(diagnostics=[missing])))
    titles = [a.title for a in actions]
    stub = next(a for a in actions if a.title == "Add a screen 'later'")
    stubbed = apply_edits(text, stub.edit.changes[uri])
    path.write_text(stubbed, encoding="utf-8")
    run = subprocess.run([BINARY, "validate", "--format", "json", str(path)], capture_output=True, text=True)
    assert [d["code"] for d in json.loads(run.stdout)["diagnostics"] if d["severity"] == "error"] == [], stubbed
    suppress = next(a for a in actions if a.title == "Disable unknown-screen for the next line")
    path.write_text(apply_edits(text, suppress.edit.changes[uri]), encoding="utf-8")
    run = subprocess.run([BINARY, "validate", "--format", "json", str(path)], capture_output=True, text=True)
    assert "unknown-screen" not in [d["code"] for d in json.loads(run.stdout)["diagnostics"]], titles


@pytest.mark.asyncio
async def test_each_screen_folds_from_its_key_to_its_last_line(vscode: LanguageClient):
    path = FLOWS / "rating-branches.flow.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    ranges = await vscode.text_document_folding_range_async(types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    lines = text.split("\n")
    # Independently: a screen key is a line of two spaces and a name; its last line is the
    # last non-blank line before the next such key (or the end).
    keys = [i for i, l in enumerate(lines) if l.startswith("  ") and not l.startswith("   ") and l.rstrip().endswith(":")]
    expected = []
    for n, start in enumerate(keys):
        end = (keys[n + 1] if n + 1 < len(keys) else len(lines)) - 1
        while not lines[end].strip():
            end -= 1
        expected.append((start, end))
    assert [(r.start_line, r.end_line) for r in ranges] == expected


def test_a_second_initialize_is_refused():
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    status, found = answers(frame(initialize) + frame(dict(initialize, id=2)))
    assert "result" in found[0] and found[1]["error"]["code"] == -32600


@pytest.mark.asyncio
async def test_completion_inside_a_template_offers_what_it_can_read(vscode: LanguageClient):
    import yaml
    path = FLOWS / "call-quality-rating.flow.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, path, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "${email}" in l)
    column = lines[line].index("${email}") + len("${em")
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=column)))
    flow = yaml.safe_load(text)
    fields = [next(iter(block.values()))["id"] for screen in flow["screens"].values() for block in screen.get("extraContent", [])
              if isinstance(next(iter(block.values())), dict) and "id" in next(iter(block.values()))]
    expected = fields + list(flow.get("context", {})) + list(flow.get("variables", {})) + ["flow.id", "screen.id"]
    assert sorted(item.label for item in result.items) == sorted(expected)
    email = next(item for item in result.items if item.label == "email")
    assert email.text_edit.new_text == "email" and email.text_edit.range.start.character == column - 2
    # The whole name the cursor stands in is replaced.
    assert email.text_edit.range.end.character == column + len("ail")


NAMES = FIXTURES / "lsp" / "names.flow.yaml"
EXPRESSION_KEYS = {"enabledWhen", "visibleWhen", "requiredWhen", "condition", "when"}
TEMPLATE_KEYS = {"title", "subtitle", "text", "loadingTitle", "openURL", "rating", "reason"}
KEYWORDS = {"true", "false", "null", "in"}


def expression_names(text):
    """The names an expression reads, by a tokenizer of docs/expressions.md's grammar:
    string literals dropped, function names (followed by `(`) and keywords left out."""
    import re
    text = re.sub(r"'(?:\\.|[^'\\])*'", "''", text)
    return [m.group(1) for m in re.finditer(r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\s*\()?", text)
            if not m.group(2) and m.group(1) not in KEYWORDS]


def names_read(flow):
    """Every name read by the flow's expressions, `set` values and templates (PyYAML's
    reading). An aliased collection is one place and counted once; an aliased string is
    counted at each alias (PyYAML cannot tell), so only names outside aliased strings are
    counted exactly."""
    import re
    found, seen = [], set()
    def walk(node, key=None, in_set=False):
        if id(node) in seen and isinstance(node, (dict, list)):
            return
        seen.add(id(node))
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "set" and isinstance(v, dict):
                    found.extend(v.keys())
                    for value in v.values():
                        found.extend(expression_names(value))
                else:
                    walk(v, k)
        elif isinstance(node, list):
            for item in node:
                walk(item, key)
        elif isinstance(node, str) and key in EXPRESSION_KEYS:
            found.extend(expression_names(node))
        elif isinstance(node, str) and key in TEMPLATE_KEYS:
            for inside in re.findall(r"\$\{([^}]*)\}", node):
                found.extend(expression_names(inside))
    walk(flow.get("screens", {}))
    return found


async def refused(call):
    """Awaits `call`, which must fail with LSP's RequestFailed (-32803); its message."""
    from pygls.exceptions import JsonRpcException
    with pytest.raises(JsonRpcException) as failure:
        await call
    assert failure.value.code == -32803, failure.value
    return str(failure.value)


async def rename_at(client, uri, text, needle, offset_in_needle, new_name):
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if needle in l)
    position = types.Position(line=line, character=lines[line].index(needle) + offset_in_needle)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name=new_name))
    return edit.changes[uri]


def validates_clean(text, tmp_path, name="renamed.flow.yaml"):
    out = tmp_path / name
    out.write_text(text, encoding="utf-8")
    run = subprocess.run([BINARY, "validate", "--format", "json", str(out)], capture_output=True, text=True)
    return json.loads(run.stdout)["diagnostics"]


@pytest.mark.asyncio
async def test_rename_of_a_field_edits_its_id_templates_and_expressions(vscode: LanguageClient, tmp_path):
    import yaml
    text = NAMES.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    uri = await open_and_wait(vscode, NAMES, text)
    # From a use inside an expression.
    edits = await rename_at(vscode, uri, text, "rating <= 2", 1, "stars")
    assert len(edits) == 1 + names_read(flow).count("rating")
    renamed = apply_edits(text, edits)
    assert validates_clean(renamed, tmp_path) == []
    after = yaml.safe_load(renamed)
    assert "rating" not in names_read(after) and names_read(after).count("stars") == names_read(flow).count("rating")
    assert after["screens"]["rate"]["extraContent"][0]["rating"]["id"] == "stars"
    # A name expressions read already is refused, and so is a name that is no name.
    for taken in ("comment", "user.id", "score", "my-stars", "syncProfile.x", "screen.x", "event.x"):
        await refused(rename_at(vscode, uri, text, "rating <= 2", 1, taken))


@pytest.mark.asyncio
async def test_rename_of_a_handler_edits_its_declaration_steps_and_returned_values(vscode: LanguageClient, tmp_path):
    import yaml
    text = NAMES.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    uri = await open_and_wait(vscode, NAMES, text)
    edits = await rename_at(vscode, uri, text, "- syncProfile:", 3, "loadProfile")
    reads = [n for n in names_read(flow) if n.startswith("syncProfile.")]
    steps = text.count("- syncProfile:")
    assert len(edits) == 1 + steps + len(reads)
    renamed = apply_edits(text, edits)
    assert validates_clean(renamed, tmp_path) == []
    after = yaml.safe_load(renamed)
    assert "loadProfile" in after["handlers"] and "${loadProfile.greeting}" in after["screens"]["rate"]["title"]
    for name in ("push", "rating.x"):
        await refused(rename_at(vscode, uri, text, "- syncProfile:", 3, name))


@pytest.mark.asyncio
async def test_rename_of_a_screen_reaches_comparisons_with_screen_id(vscode: LanguageClient, tmp_path):
    text = NAMES.read_text(encoding="utf-8")
    uri = await open_and_wait(vscode, NAMES, text)
    edits = await rename_at(vscode, uri, text, "then: [push: thanks]", len("then: [push: "), "grateful")
    renamed = apply_edits(text, edits)
    # The key, `push: thanks`, and the string compared with screen.id — not the one compared with a field.
    assert len(edits) == 3
    assert "screen.id != 'grateful'" in renamed and "comment != 'thanks'" in renamed
    assert validates_clean(renamed, tmp_path) == []


@pytest.mark.asyncio
async def test_definition_and_references_of_declared_names_and_anchors(vscode: LanguageClient):
    import yaml
    text = NAMES.read_text(encoding="utf-8")
    lines = text.split("\n")
    flow = yaml.safe_load(text)
    uri = await open_and_wait(vscode, NAMES, text)
    async def definition_line(needle, offset):
        line = next(i for i, l in enumerate(lines) if needle in l)
        found = await vscode.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=lines[line].index(needle) + offset)))
        return lines[found.range.start.line].strip()
    assert await definition_line("score >= 30", 1) == "score: integer"
    assert await definition_line("${user.id}", 4) == "user.id: string"
    assert await definition_line("${user.plan}", 4) == "user.plan: string"
    assert (await definition_line("subtitle: *note", len("subtitle: *n"))).startswith("subtitle: &note")
    assert (await definition_line("!isEmpty(comment)", len("!isEmpty(c"))).startswith("- textEditor: {id: comment")
    # References of the anchor: itself and each alias, as the text writes them.
    line = next(i for i, l in enumerate(lines) if "&note" in l)
    references = await vscode.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=lines[line].index("&note") + 2),
        context=types.ReferenceContext(include_declaration=True)))
    assert len(references) == 1 + text.count("*note")
    # Renaming a context value is refused: the host names it.
    assert "context value" in await refused(rename_at(vscode, uri, text, "${user.plan}", 3, "user.tier"))
    # An anchor renames with its aliases.
    edits = await rename_at(vscode, uri, text, "&note", 2, "plan")
    renamed = apply_edits(text, edits)
    assert "&plan" in renamed and renamed.count("*plan") == text.count("*note") and "note" not in renamed.split("screens:")[1]


async def complete(client, uri, line, character):
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
    return result.items


def fill_snippet(text):
    """A snippet's text with each tab stop at its default: `${1:x}` → x, `${1|a,b|}` → a, `$1` → ''."""
    import re
    text = re.sub(r"\$\{\d+\|([^,|]*)[^}]*\}", r"\1", text)
    text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", text)
    return re.sub(r"\$\{\d+\}|\$\d+", "", text)


@pytest.mark.asyncio
async def test_completion_of_steps_values_expressions_and_a_new_screen(vscode: LanguageClient, tmp_path):
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    step_names = set(schema["$defs"]["step"]["oneOf"][1]["properties"])
    text = NAMES.read_text(encoding="utf-8")
    lines = text.split("\n")
    # A new step being typed in the button's list of steps: every built-in step and the handler.
    at = lines.index("          - set: {score: \"rating * 10\"}")
    lines.insert(at, "          - ")
    uri = await open_and_wait(vscode, NAMES, "\n".join(lines))
    items = await complete(vscode, uri, at, len("          - "))
    assert {item.label for item in items} == step_names | {"syncProfile"}
    push = next(item for item in items if item.label == "push")
    assert fill_snippet(push.text_edit.new_text) == "push: " and push.documentation.value == schema["$defs"]["step"]["oneOf"][1]["properties"]["push"]["description"]
    handler = next(item for item in items if item.label == "syncProfile")
    filled = "\n".join(lines[:at] + ["          - " + fill_snippet(handler.text_edit.new_text).replace("{userID: }", '{userID: "${user.id}"}')] + lines[at + 1:])
    assert validates_clean(filled, tmp_path) == []
    # As the value of `action:` on its line, a step with an argument is written as a mapping.
    uri = await open_and_wait(vscode, NAMES, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if 'action: dismiss}' in l)
    items = await complete(vscode, uri, line, lines[line].index("action: dismiss") + len("action: "))
    push = next(item for item in items if item.label == "push")
    edited = text.split("\n")
    edited[line] = fill_snippet(apply_edits(text, [push.text_edit]).split("\n")[line])
    import yaml
    assert yaml.safe_load("\n".join(edited))["screens"]["sorry"]["primaryAction"]["button"]["action"] == {"push": None}
    # After `style: `, the schema's styles.
    uri = await open_and_wait(vscode, NAMES, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if l.strip() == "style: error")
    items = await complete(vscode, uri, line, lines[line].index("error"))
    assert [item.label for item in items] == schema["$defs"]["screenBody"]["properties"]["style"]["enum"]
    # In a condition: the names it can read and the functions.
    line = next(i for i, l in enumerate(lines) if "visibleWhen:" in l)
    items = await complete(vscode, uri, line, lines[line].index("rating <=") + 3)
    labels = {item.label for item in items}
    assert {"rating", "comment", "score", "user.id", "user.plan", "syncProfile.greeting", "isEmpty", "matches"} <= labels
    rating = next(item for item in items if item.label == "rating")
    assert rating.text_edit.range.start.character == lines[line].index("rating <=")
    assert rating.text_edit.range.end.character == lines[line].index("rating <=") + len("rating")
    # Under `screens:`, a new screen that validates once filled in.
    lines = text.split("\n")
    at = lines.index("  sorry:")
    lines.insert(at, "  ")
    uri = await open_and_wait(vscode, NAMES, "\n".join(lines))
    items = await complete(vscode, uri, at, 2)
    screen = next(item for item in items if item.label == "new screen")
    lines[at] = "  " + fill_snippet(screen.text_edit.new_text)
    assert [d["code"] for d in validates_clean("\n".join(lines), tmp_path)] == ["unreachable-screen"]


@pytest.mark.asyncio
async def test_hover_tells_types_keys_steps_and_handlers(vscode: LanguageClient):
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    text = NAMES.read_text(encoding="utf-8")
    lines = text.split("\n")
    uri = await open_and_wait(vscode, NAMES, text)
    async def hover(needle, offset):
        line = next(i for i, l in enumerate(lines) if needle in l)
        found = await vscode.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=lines[line].index(needle) + offset)))
        return found.contents.value if found else ""
    # docs/expressions.md: a rating field's id is an integer; a comparison is a boolean.
    assert "**field** `rating`" in await hover("rating <= 2", 1) and "`integer`" in await hover("rating <= 2", 1)
    assert "`boolean`" in await hover("rating <= 2", len("rating <"))
    assert "**expression** `rating * 2`: `integer`" in await hover("${rating * 2}", len("${rating *"))
    assert "**variable** `score`: `integer`" in await hover("score >= 30", 1)
    assert "**context value** `user.plan`: `string`" in await hover("${user.plan}", 4)
    handler = await hover("- syncProfile:", 4)
    assert "userID: string" in handler and "syncProfile.greeting" in handler and "Loads the person's profile." in handler
    assert schema["$defs"]["screenBody"]["properties"]["extraContent"]["description"] in await hover("extraContent:", 2)
    assert schema["$defs"]["step"]["oneOf"][1]["properties"]["dismiss"]["description"] in await hover("action: dismiss}", len("action: d"))
    assert schema["$defs"]["step"]["oneOf"][1]["properties"]["set"]["description"] in await hover("- set:", 3)


@pytest.mark.asyncio
async def test_symbols_hold_each_screen_with_its_buttons(vscode: LanguageClient):
    import yaml
    text = NAMES.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    uri = await open_and_wait(vscode, NAMES, text)
    symbols = await vscode.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    expected = [(name, [button["title"] for slot in ("primaryAction", "secondaryAction") if slot in screen
                        for button in screen[slot].values()]) for name, screen in flow["screens"].items()]
    assert [(s.name, [c.name for c in s.children]) for s in symbols] == expected


def test_a_client_that_says_nothing_gets_plain_text_and_no_prepare_rename():
    text = NAMES.read_text(encoding="utf-8")
    line = next(i for i, l in enumerate(text.split("\n")) if "score >= 30" in l)
    character = text.split("\n")[line].index("score >= 30") + 1
    uri = NAMES.as_uri()
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}},
    ]
    status, found = answers(b"".join(frame(m) for m in messages))
    responses = {m["id"]: m for m in found if "id" in m}
    assert responses[1]["result"]["capabilities"]["renameProvider"] is True
    assert responses[2]["result"]["contents"]["kind"] == "plaintext" and "**" not in responses[2]["result"]["contents"]["value"]
    assert all("location" in s and "children" not in s for s in responses[3]["result"])


def test_a_document_over_the_size_limit_is_reported_then_no_longer_held():
    uri = "file:///big.flow.yaml"
    chunk = "# " + "x" * (20 * 1024 * 1024) + "\n"
    def append(version):
        return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": chunk}]}}
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": "version: 1\n"}}},
        append(2), append(3), append(4), append(5),
    ]
    status, found = answers(b"".join(frame(m) for m in messages))
    published = [m["params"]["diagnostics"] for m in found if m.get("method") == "textDocument/publishDiagnostics"]
    # 40 MiB: over validate's 32 MiB limit, as `validate` says of such a file; 60 MiB still held;
    # 80 MiB: over the 64 MiB the server holds, so it stops following the document.
    assert [d["message"] for d in published[2]] == ["cannot read file '/big.flow.yaml': larger than the limit of 32 MiB"]
    assert published[-1] == [] and len(published) == 5
    shown = [m["params"]["message"] for m in found if m.get("method") == "window/showMessage"]
    assert len(shown) == 1 and "64 MiB" in shown[0]


@pytest.mark.asyncio
async def test_completion_of_keys_in_a_half_typed_json_flow_offers_the_schemas_keys_the_object_lacks(vscode: LanguageClient, tmp_path):
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    path = FIXTURES / "lsp" / "call-quality-compact.flow.json"  # one object per line, as people write JSON by hand
    text = path.read_text(encoding="utf-8")
    thanks = json.loads(text)["screens"]["thanks"]
    lines = text.split("\n")
    # A key half typed inside the thanks screen, its closing quote written by the editor,
    # the screen's subtitle taken out: the keys the screen has (after the cursor) are not offered.
    lines = [l for l in lines if not l.startswith('      "subtitle": "Your feedback')]
    assert len(lines) == text.count("\n")
    at = lines.index('    "thanks": {') + 1
    lines.insert(at, '      "sub"')
    uri = await open_and_wait(vscode, path, "\n".join(lines))
    items = await complete(vscode, uri, at, len('      "sub'))
    body = schema["$defs"]["screenBody"]["properties"]
    assert sorted(item.label for item in items) == sorted(set(body) - (set(thanks) - {"subtitle"}))
    subtitle = next(item for item in items if item.label == "subtitle")
    assert subtitle.documentation.value == body["subtitle"]["description"]
    # The edit replaces `"sub"` whole: with a value after it, the file is JSON again.
    completed = apply_edits("\n".join(lines), [subtitle.text_edit]).split("\n")
    assert completed[at] == '      "subtitle": '
    completed[at] += '"Hi",'
    assert json.loads("\n".join(completed))["screens"]["thanks"]["subtitle"] == "Hi"
    # Right after a button's `{`: the button's keys it does not have yet.
    line = next(i for i, l in enumerate(text.split("\n")) if '"button": {"title": "Done"' in l)
    uri = await open_and_wait(vscode, path, text)
    items = await complete(vscode, uri, line, text.split("\n")[line].index('"button": {') + len('"button": {'))
    button = thanks["primaryAction"]["button"]
    assert sorted(item.label for item in items) == sorted(set(schema["$defs"]["button"]["properties"]) - set(button))


@pytest.mark.asyncio
async def test_completion_under_a_handler_step_offers_its_arguments(vscode: LanguageClient):
    import yaml
    text = NAMES.read_text(encoding="utf-8")
    handler = yaml.safe_load(text)["handlers"]["syncProfile"]
    lines = text.split("\n")
    at = lines.index("          - set: {score: \"rating * 10\"}")
    lines[at:at] = ["          - syncProfile:", "              "]
    uri = await open_and_wait(vscode, NAMES, "\n".join(lines))
    items = await complete(vscode, uri, at + 1, 14)
    assert [(item.label, item.detail) for item in items] == list(handler["arguments"].items())


BUG_REPORT = FIXTURES / "lsp" / "bug-report.flow.yaml"
SEND_BUG_REPORT = '- sendBugReport: {email: "${email}", details: "${details}"}'


async def complete_at(client, path, text, needle, after):
    """The completion items with the cursor `len(after)` characters into the first line of
    `text` holding `needle`, opened as `path`."""
    uri = await open_and_wait(client, path, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if needle in l)
    return await complete(client, uri, line, lines[line].index(needle) + len(after))


@pytest.mark.asyncio
async def test_a_built_in_step_completes_with_its_required_arguments(vscode: LanguageClient, tmp_path):
    import re
    import yaml
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    required = schema["$defs"]["feedbackRequest"]["required"]
    text = BUG_REPORT.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    rating = next(block["rating"]["id"] for block in flow["screens"]["report"]["extraContent"] if "rating" in block)
    # The step typed again in its YAML list of steps: its required keys, each a tab stop.
    await open_and_wait(vscode, BUG_REPORT, text)
    edited = text.replace('- collectUserFeedback: {rating: "${rating}", reason: "${details}"}', "- coll")
    items = await complete_at(vscode, BUG_REPORT, edited, "- coll", "- coll")
    step = next(item for item in items if item.label == "collectUserFeedback")
    assert step.insert_text_format == types.InsertTextFormat.Snippet
    completed = apply_edits(edited, [step.text_edit])
    assert yaml.safe_load(fill_snippet(completed))["screens"]["report"]["primaryAction"]["button"]["action"][1] == {
        "collectUserFeedback": {key: None for key in required}}
    # Filled in with the screen's rating field, the step validates.
    filled = re.sub(r"\$\{\d+\}", '"${%s}"' % rating, completed)
    assert validates_clean(filled, tmp_path) == []
    # In a JSON flow, as the value of `action`: the same keys, written as JSON.
    path = FIXTURES / "lsp" / "call-quality-compact.flow.json"
    edited = path.read_text(encoding="utf-8").replace('"action": "dismiss"', '"action": ')
    items = await complete_at(vscode, path, edited, '"action": }', '"action": ')
    step = next(item for item in items if item.label == "collectUserFeedback")
    lowest = schema["$defs"]["feedbackRequest"]["properties"]["rating"]["minimum"]
    completed = re.sub(r"\$\{\d+\}", str(lowest), apply_edits(edited, [step.text_edit]))
    assert json.loads(completed)["screens"]["thanks"]["primaryAction"]["button"]["action"] == {
        "collectUserFeedback": {key: lowest for key in required}}


@pytest.mark.asyncio
async def test_a_flow_mapping_completes_the_arguments_and_keys_it_does_not_have(vscode: LanguageClient):
    import yaml
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    text = BUG_REPORT.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    arguments = flow["handlers"]["sendBugReport"]["arguments"]
    # (The flow loads first: what it declares is what a half-typed text is completed with.)
    await open_and_wait(vscode, BUG_REPORT, text)
    # What is typed after the handler's name, the text before the cursor, and the arguments the mapping has.
    for typed, before, has in (("{em", "{em", set()), ("{email: x, ", "{email: x, ", {"email"}),
                               ("{email: x, details: 'a, b', att", "{email: x, details: 'a, b', att", {"email", "details"}),
                               ('{at, email: "${email}", details: "${details}"}', "{at", {"email", "details"})):
        edited = text.replace(SEND_BUG_REPORT, "- sendBugReport: " + typed)
        items = await complete_at(vscode, BUG_REPORT, edited, "- sendBugReport: ", "- sendBugReport: " + before)
        assert [(item.label, item.detail) for item in items] == [(name, kind) for name, kind in arguments.items() if name not in has], typed
    # The argument replaces what is typed of it.
    edited = text.replace(SEND_BUG_REPORT, "- sendBugReport: {em}")
    items = await complete_at(vscode, BUG_REPORT, edited, "- sendBugReport: ", "- sendBugReport: {em")
    email = next(item for item in items if item.label == "email")
    assert "- sendBugReport: {email: }" in apply_edits(edited, [email.text_edit])
    # A flow mapping of the format: the button's keys it does not have yet.
    button = flow["screens"]["sent"]["primaryAction"]["button"]
    edited = text.replace("button: {title: Done", "button: {en, title: Done")
    items = await complete_at(vscode, BUG_REPORT, edited, "button: {en", "button: {en")
    assert sorted(item.label for item in items) == sorted(set(schema["$defs"]["button"]["properties"]) - set(button))
    # Inside a value, none of the mapping's keys.
    edited = text.replace(SEND_BUG_REPORT, "- sendBugReport: {email: ex")
    labels = [item.label for item in await complete_at(vscode, BUG_REPORT, edited, "{email: ex", "{email: ex")]
    assert not set(labels) & set(arguments)


@pytest.mark.asyncio
async def test_argument_completion_leaves_out_the_arguments_a_step_has(vscode: LanguageClient, tmp_path):
    import yaml
    text = BUG_REPORT.read_text(encoding="utf-8")
    arguments = yaml.safe_load(text)["handlers"]["sendBugReport"]["arguments"]
    await open_and_wait(vscode, BUG_REPORT, text)
    # Under the step in block style, one argument written above the cursor and one below.
    edited = text.replace(SEND_BUG_REPORT, '- sendBugReport:\n              email: "${email}"\n              \n              details: x')
    lines = edited.split("\n")
    at = lines.index('              email: "${email}"') + 1
    uri = await open_and_wait(vscode, BUG_REPORT, edited)
    items = await complete(vscode, uri, at, 14)
    assert [item.label for item in items] == [name for name in arguments if name not in ("email", "details")]
    # In a JSON flow, inside the step's object, the arguments it has after the cursor.
    path = tmp_path / "bug-report.flow.json"
    written = json.dumps(yaml.safe_load(text), indent=2)
    await open_and_wait(vscode, path, written)
    lines = written.split("\n")
    # The step's object (the last; the first is the declaration's).
    at = max(i for i, l in enumerate(lines) if l.strip() == '"sendBugReport": {') + 1
    lines.insert(at, '"at"')
    items = await complete_at(vscode, path, "\n".join(lines), '"at"', '"at')
    assert [item.label for item in items] == [name for name in arguments if name not in ("email", "details")]
    completed = apply_edits("\n".join(lines), [items[0].text_edit]).split("\n")
    completed[at] += "true,"
    step = json.loads("\n".join(completed))["screens"]["report"]["primaryAction"]["button"]["action"][0]["sendBugReport"]
    assert set(step) == set(arguments)


@pytest.mark.asyncio
async def test_a_string_compared_with_screen_id_completes_the_screen_ids(vscode: LanguageClient):
    import yaml
    text = BUG_REPORT.read_text(encoding="utf-8")
    screens = list(yaml.safe_load(text)["screens"])
    condition = "\"screen.id == 'report'\""
    assert condition in text
    # The condition as written, and the text before the cursor: after `re` of `report`.
    for written, before in (("\"screen.id == 'report'\"", "\"screen.id == 're"),
                            ("\"screen.id != 'report'\"", "\"screen.id != 're"),
                            ("\"screen.id in ['sent', 'report']\"", "\"screen.id in ['sent', 're"),
                            ("\"'report' == screen.id\"", "\"'re"),
                            ("'screen.id == ''report'''", "'screen.id == ''re"),
                            ("\"${screen.id == 'report' ? 'here' : 'there'}\"", "\"${screen.id == 're")):
        edited = text.replace(condition, written)
        items = await complete_at(vscode, BUG_REPORT, edited, written, before)
        assert sorted(item.label for item in items) == sorted(screens), written
        # The id the cursor stands in is replaced whole.
        report = next(item for item in items if item.label == "report")
        assert apply_edits(edited, [report.text_edit]) == edited, written
    # A string compared with something else gets no screen ids.
    edited = text.replace(condition, "\"flow.id == 'report'\"")
    labels = [item.label for item in await complete_at(vscode, BUG_REPORT, edited, "flow.id == 're", "flow.id == 're")]
    assert not set(labels) & set(screens)


@pytest.mark.asyncio
async def test_hover_on_a_handlers_returned_value_tells_its_type_and_handler(vscode: LanguageClient):
    import yaml
    text = BUG_REPORT.read_text(encoding="utf-8")
    handler = yaml.safe_load(text)["handlers"]["sendBugReport"]
    (value, declared), = handler["returns"].items()
    name = f"sendBugReport.{value}"
    uri = await open_and_wait(vscode, BUG_REPORT, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "${" + name + "}" in l)
    position = types.Position(line=line, character=lines[line].index("${" + name) + len("${sendBugReport.") + 1)
    found = await vscode.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    words = " ".join(found.contents.value.split())
    # Its name, its type (null until the step has run), the step giving it, the handler's description.
    assert f"`{name}`" in words and f"`{declared}?`" in words and "`sendBugReport`" in words and handler["description"] in words
    assert lines[line][found.range.start.character:found.range.end.character] == value
    # Its definition is its key under the handler's `returns:`.
    definition = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    target = lines[definition.range.start.line]
    assert "returns:" in target and target[definition.range.start.character:definition.range.end.character] == value
    # The handler's part is still the handler's.
    handler_part = types.Position(line=line, character=lines[line].index("${" + name) + len("${send"))
    found = await vscode.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=handler_part))
    assert "**handler** `sendBugReport(" in found.contents.value
    # In an expression too.
    edited = text.replace("\"screen.id == 'report'\"", f"\"{name} != null\"")
    uri = await open_and_wait(vscode, BUG_REPORT, edited)
    lines = edited.split("\n")
    line = next(i for i, l in enumerate(lines) if f"{name} != null" in l)
    found = await vscode.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=lines[line].index(name) + len(name) - 1)))
    assert f"**returned value** `{name}`" in found.contents.value
    # Renaming it is refused, with the reason.
    assert "returns" in await refused(rename_at(vscode, uri, edited, f"{name} != null", len(name) - 1, "sendBugReport.number"))


@pytest.mark.asyncio
async def test_renames_hold_with_crlf_lines_and_an_emoji_before_the_name(vscode: LanguageClient, tmp_path):
    import yaml
    text = NAMES.read_text(encoding="utf-8").replace('title: "Hello ${syncProfile', 'title: "😀 Hello ${syncProfile').replace("\n", "\r\n")
    flow = yaml.safe_load(text)
    uri = await open_and_wait(vscode, NAMES, text)
    edits = await rename_at(vscode, uri, text, "rating <= 2", 1, "stars")
    assert len(edits) == 1 + names_read(flow).count("rating")
    edits = await rename_at(vscode, uri, text, "- syncProfile:", 3, "loadProfile")
    # (Positions are from the original text: the field's rename changed no line the handler is on.)
    renamed = apply_edits(text, edits)
    assert "😀 Hello ${loadProfile.greeting}" in renamed
    assert validates_clean(renamed, tmp_path) == []
    # Key completion reads the enclosing keys across CRLF lines: under a button, the button's keys.
    lines = text.split("\r\n")
    at = lines.index("        title: Send") + 1
    lines.insert(at, "        ")
    uri = await open_and_wait(vscode, NAMES, "\r\n".join(lines))
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    items = await complete(vscode, uri, at, 8)
    send = yaml.safe_load(text)["screens"]["rate"]["primaryAction"]["button"]
    assert sorted(item.label for item in items) == sorted(set(schema["$defs"]["button"]["properties"]) - set(send))


@pytest.mark.asyncio
async def test_a_name_written_through_escapes_is_not_renamed(vscode: LanguageClient):
    text = NAMES.read_text(encoding="utf-8").replace('visibleWhen: "rating <= 2', 'visibleWhen: "r\\x61ting <= 2')
    assert "r\\x61ting" in text
    uri = await open_and_wait(vscode, NAMES, text)
    assert "escapes" in await refused(rename_at(vscode, uri, text, "id: rating", 5, "stars"))


@pytest.mark.asyncio
async def test_an_anchor_after_a_tag_is_found_at_its_ampersand(vscode: LanguageClient, tmp_path):
    text = NAMES.read_text(encoding="utf-8").replace('subtitle: &note "Your', 'subtitle: !!str &note "Your')
    uri = await open_and_wait(vscode, NAMES, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "*note" in l)
    found = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=lines[line].index("*note") + 2)))
    target = lines[found.range.start.line]
    assert target[found.range.start.character:found.range.end.character] == "&note"
    renamed = apply_edits(text, await rename_at(vscode, uri, text, "&note", 2, "plan"))
    assert "!!str &plan" in renamed and validates_clean(renamed, tmp_path) == []


@pytest.mark.asyncio
async def test_hover_far_into_a_one_line_json_flow_tells_the_key(vscode: LanguageClient):
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    path = FIXTURES / "lsp" / "call-quality-compact.flow.json"
    text = json.dumps(json.loads(path.read_text(encoding="utf-8")))
    uri = await open_and_wait(vscode, path, text)
    column = text.rindex('"subtitle"') + 3
    assert column > 1024
    found = await vscode.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=column)))
    assert schema["$defs"]["screenBody"]["properties"]["subtitle"]["description"] in found.contents.value


@pytest.mark.asyncio
async def test_completion_in_a_template_stops_at_a_minus(vscode: LanguageClient):
    text = NAMES.read_text(encoding="utf-8").replace('"${rating * 2} points"', '"${rating-1} left"')
    uri = await open_and_wait(vscode, NAMES, text)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "${rating-1}" in l)
    column = lines[line].index("${rating-1}") + len("${rat")
    items = await complete(vscode, uri, line, column)
    rating = next(item for item in items if item.label == "rating")
    assert apply_edits(text, [rating.text_edit]) == text


@pytest.mark.asyncio
async def test_the_configuration_beside_a_flow_applies_wherever_the_server_started(vscode: LanguageClient):
    # The server runs in the repository's root; the configuration is in the fixtures' folder,
    # where `validate` run in that folder finds it (its rule levels turn the opt-in checks on).
    folder = FIXTURES / "flow-checks"
    assert (folder / ".feedbackflow.yaml").exists() and not (ROOT / ".feedbackflow.yaml").exists()
    for path in sorted(folder.glob("*.yaml")):
        uri = await open_and_wait(vscode, path)
        assert published(vscode, uri) == expected(path, "utf-16", cwd=folder), path.name
    assert any(published(vscode, (folder / "dead-end-screen.yaml").as_uri()))


@pytest.mark.asyncio
async def test_completion_is_written_to_fit_where_it_goes(vscode: LanguageClient, tmp_path):
    import yaml
    schema = json.loads((ROOT / "schemas" / "feedbackflow.schema.json").read_text(encoding="utf-8"))
    step_names = set(schema["$defs"]["step"]["oneOf"][1]["properties"])
    text = NAMES.read_text(encoding="utf-8")
    flow = yaml.safe_load(text)
    async def at(edited, needle, after, path=NAMES):
        uri = await open_and_wait(vscode, path, edited)
        lines = edited.split("\n")
        line = next(i for i, l in enumerate(lines) if needle in l)
        return await complete(vscode, uri, line, lines[line].index(needle) + len(after))
    def applied(edited, item):
        return apply_edits(edited, [item.text_edit])
    # Right after the `:` the client completes on: a space comes first. (The file loaded
    # before it was edited so: its screen ids are the last that loaded.)
    await open_and_wait(vscode, NAMES, text)
    edited = text.replace("then: [push: thanks]", "then: [push:]")
    items = await at(edited, "[push:]", "[push:")
    thanks = next(item for item in items if item.label == "thanks")
    assert "then: [push: thanks]" in applied(edited, thanks)
    # An item of a flow sequence of steps.
    edited = text.replace("else: [push: sorry]", "else: []")
    items = await at(edited, "else: []", "else: [")
    assert {item.label for item in items} == step_names | {"syncProfile"}
    # A new content block: the block kinds and the conditions a block may have.
    lines = text.split("\n")
    line = lines.index("      - text: \"${rating * 2} points\"")
    lines.insert(line + 1, "      - ")
    uri = await open_and_wait(vscode, NAMES, "\n".join(lines))
    items = await complete(vscode, uri, line + 1, len("      - "))
    assert {item.label for item in items} == set(schema["$defs"]["contentBlock"]["properties"])
    # Inside an expression in a template: names and functions; in a comment: nothing.
    edited = text.replace('"${rating * 2} points"', '"${rating * 2 + le} points"')
    labels = {item.label for item in await at(edited, "+ le}", "+ le")}
    assert {"rating", "length", "isEmpty"} <= labels
    edited = text.replace("version: 1\n", "version: 1  # push: \n")
    assert list(await at(edited, "# push: ", "# push: ")) == []
    # A dotted name's type under `context:`: the schema's types.
    edited = text.replace("  user.plan: string", "  user.plan: ")
    items = await at(edited, "  user.plan: ", "  user.plan: ")
    assert [item.label for item in items] == schema["$defs"]["valueType"]["enum"]
    # In JSON, a screen id not yet quoted is written quoted; a step in a string takes no argument.
    path = FIXTURES / "lsp" / "call-quality-compact.flow.json"
    original = path.read_text(encoding="utf-8")
    await open_and_wait(vscode, path, original)
    edited = original.replace('{"push": "thanks"}', '{"push": }')
    items = await at(edited, '{"push": }', '{"push": ', path)
    thanks = next(item for item in items if item.label == "thanks")
    assert json.loads(applied(edited, thanks))["screens"]["rate-call"]["primaryAction"]["button"]["action"][1] == {"push": "thanks"}
    edited = original.replace('"action": "dismiss"', '"action": "d"')
    items = await at(edited, '"action": "d"', '"action": "d', path)
    # The steps the schema takes as a bare name.
    assert {item.label for item in items} == step_names - set(schema["$defs"]["step"]["oneOf"][0]["not"]["enum"])
    dismiss = next(item for item in items if item.label == "dismiss")
    assert json.loads(applied(edited, dismiss))["screens"]["thanks"]["primaryAction"]["button"]["action"] == "dismiss"
    edited = original.replace('"action": "dismiss"', '"action": ')
    items = await at(edited, '"action": }', '"action": ', path)
    push = next(item for item in items if item.label == "push")
    filled = fill_snippet(applied(edited, push).replace('{"push": "$1"}', '{"push": "rate-call"}'))
    assert json.loads(filled)["screens"]["thanks"]["primaryAction"]["button"]["action"] == {"push": "rate-call"}


@pytest.mark.asyncio
async def test_a_suppression_never_lands_inside_a_scalar_and_keeps_the_line_endings(vscode: LanguageClient, tmp_path):
    text = NAMES.read_text(encoding="utf-8").replace(
        'visibleWhen: "rating <= 2 && screen.id == \'rate\'"', "visibleWhen: |\n          rating <= 2 &&\n          ratng > 0")
    uri = await open_and_wait(vscode, NAMES, text)
    typo = next(d for d in vscode.diagnostics[uri] if d.code == "unknown-reference")
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=typo.range, context=types.CodeActionContext(diagnostics=[typo])))
    titles = [a.title for a in actions]
    assert "Disable unknown-reference for the next line" not in titles, titles
    whole = next(a for a in actions if a.title == "Disable unknown-reference in this file")
    fixed = apply_edits(text, whole.edit.changes[uri])
    assert "ratng > 0" in fixed and [d["code"] for d in validates_clean(fixed, tmp_path)] == []
    # A CRLF file gets CRLF lines.
    crlf = NAMES.read_text(encoding="utf-8").replace("title: Sorry about that", "titel: Sorry about that").replace("\n", "\r\n")
    uri = await open_and_wait(vscode, NAMES, crlf)
    typo = next(d for d in vscode.diagnostics[uri] if d.code == "unknown-key")
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=typo.range, context=types.CodeActionContext(diagnostics=[typo])))
    comment = next(a for a in actions if a.title == "Disable unknown-key for the next line")
    assert comment.edit.changes[uri][0].new_text.endswith("disable-next-line unknown-key\r\n")


def test_requests_that_break_the_protocol_get_its_errors():
    text = NAMES.read_text(encoding="utf-8")
    uri = NAMES.as_uri()
    hover = lambda i, position: {"jsonrpc": "2.0", "id": i, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": position}}
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}},
        hover(2, {"line": -1, "character": 0}), hover(3, {"line": "0", "character": 0}), hover(4, {"line": 2.5, "character": 0}), hover(5, None),
        {"jsonrpc": "1.0", "id": 6, "method": "shutdown"},
        {"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"},
        {"jsonrpc": "2.0", "id": 7, "method": "textDocument/rename", "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}, "newName": "x"}},
    ]
    status, found = answers(b"".join(frame(m) for m in messages))
    errors = [(m.get("id"), m["error"]["code"]) for m in found if "error" in m]
    # JSON-RPC 2.0 and LSP 3.17: InvalidParams for a position that is none, InvalidRequest
    # for another version or an id that is an object, RequestFailed for nothing to rename.
    assert errors == [(2, -32602), (3, -32602), (4, -32602), (5, -32602), (6, -32600), (None, -32600), (7, -32803)]


@pytest.mark.asyncio
async def test_a_single_screen_file_has_its_screen_and_buttons_as_symbols(vscode: LanguageClient):
    import yaml
    path = FLOWS / "simple-success.flow.yaml"
    text = path.read_text(encoding="utf-8")
    screen = yaml.safe_load(text)
    assert "screens" not in screen
    uri = await open_and_wait(vscode, path, text)
    symbols = await vscode.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    titles = [button["title"] for slot in ("primaryAction", "secondaryAction") if slot in screen for button in screen[slot].values()]
    assert [(s.name, [c.name for c in s.children]) for s in symbols] == [(screen.get("id", "screen"), titles)]


@pytest.mark.asyncio
async def test_a_redefined_anchor_is_two_anchors(vscode: LanguageClient, tmp_path):
    text = NAMES.read_text(encoding="utf-8")
    text = text.replace("    title: Sorry about that\n    subtitle: *note", "    title: Sorry about that\n    subtitle: &note Again")
    assert text.count("&note") == 2 and text.count("*note") == 1
    uri = await open_and_wait(vscode, NAMES, text)
    edits = await rename_at(vscode, uri, text, "subtitle: &note \"Your", len("subtitle: &n"), "plan")
    renamed = apply_edits(text, edits)
    # The first anchor alone: the second `&note` and the alias after it name the second.
    assert renamed.count("&plan") == 1 and renamed.count("&note") == 1 and renamed.count("*note") == 1
    # Nothing names the first anchor now: validate's note says so, and nothing else.
    assert [d["code"] for d in validates_clean(renamed, tmp_path)] == ["unused-anchor"]


def test_a_burst_of_changes_is_published_once_for_its_last_version(tmp_path):
    text = NAMES.read_text(encoding="utf-8")
    uri = NAMES.as_uri()
    line = next(i for i, l in enumerate(text.split("\n")) if l == "    title: Sorry about that")
    def change(version, character, new):
        return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": character}}, "text": new}]}}
    # Twenty keystrokes arrive together (as they do while a large flow compiles); the last
    # makes `title` `titlex`, an unknown key.
    keystrokes = [change(v, len("    title: Sorry about that"), "!") for v in range(2, 21)] + [change(21, len("    title"), "x")]
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}},
    ] + keystrokes
    status, found = answers(b"".join(frame(m) for m in messages))
    published = [m["params"] for m in found if m.get("method") == "textDocument/publishDiagnostics"]
    assert [p["version"] for p in published] == [1, 21]
    # What validate says of the text after the last keystroke.
    final = text.replace("    title: Sorry about that\n", "    titlex: Sorry about that" + "!" * 19 + "\n")
    assert [d["code"] for d in published[1]["diagnostics"]] == [d["code"] for d in validates_clean(final, tmp_path)]


@pytest.mark.asyncio
async def test_formatting_gives_fmts_layout_as_one_edit_and_refuses_what_fmt_refuses(vscode: LanguageClient):
    # The expected layouts are typed by hand beside each input (FORMAT_FIXTURES/NAME.expected).
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    for name in ("anchors-and-merge", "comment-after-block-text", "quoting"):
        path = FORMAT_FIXTURES / f"{name}.flow.yaml"
        text = path.read_text(encoding="utf-8")
        uri = await open_and_wait(vscode, path, text)
        edits = await vscode.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=options))
        assert len(edits) == 1 and edits[0].range.start == types.Position(line=0, character=0)
        assert apply_edits(text, edits) == (FORMAT_FIXTURES / f"{name}.expected").read_text(encoding="utf-8"), name
        # The layout itself needs no edit.
        vscode.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=apply_edits(text, edits))]))
        again = await vscode.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=options))
        assert not again, name  # an empty list (pygls may give a tuple)
    # A '%' directive is refused with fmt's reason, at its place.
    path = FORMAT_FIXTURES / "directive.flow.yaml"
    uri = await open_and_wait(vscode, path, "%YAML 1.1\n---\nversion: 1\ntitle:   Hi\n")
    message = await refused(vscode.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=options)))
    assert "1:1: a '%' directive" in message
