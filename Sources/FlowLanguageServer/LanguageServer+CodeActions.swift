import FlowCompile
import FlowSource
import FlowSystem

/// `textDocument/codeAction`: a quick fix from each "did you mean" hint, a suppression
/// comment for any diagnostic, and a stub for a screen no flow has.
extension LanguageServer {
    /// The quick fixes (``quickFixes(in:from:to:)``), then the other actions
    /// (``otherActions(in:from:to:)``), for the diagnostics in the request's range (the
    /// whole document without one).
    func codeActions(_ request: LSPDocumentRequest) -> [LSPCodeAction] {
        let lower = request.range.map { request.document.offset(of: $0.start) } ?? 0
        let upper = request.range.map { request.document.offset(of: $0.end) } ?? request.document.bytes.count
        return quickFixes(in: request, from: lower, to: upper) + otherActions(in: request, from: lower, to: upper)
    }

    /// The "did you mean 'X'?" of each diagnostic between bytes `lower` and `upper`
    /// (``FlowSource/Suggestion``'s words, at the hint's start or after the place it names:
    /// `'push' target: did you mean 'thanks'?`) as a quick fix replacing its range with the
    /// suggestion.
    private func quickFixes(in request: LSPDocumentRequest, from lower: Int, to upper: Int) -> [LSPCodeAction] {
        let document = request.document
        return request.analysis.diagnostics.compactMap { diagnostic -> LSPCodeAction? in
            guard let span = diagnostic.span, let hint = diagnostic.hint, let match = hint.firstMatch(of: /(?:^|[:;] )did you mean '([^']+)'\?/),
                span.start.offset <= upper, lower <= span.end.offset
            else { return nil }
            let replacement = String(match.1)
            // Only a word (a key, a step or a type name): a suggestion holding ': ' or spaces
            // would change the structure.
            guard Self.isPlainName(replacement), let change = try? scalarEdit(span, to: replacement, in: document) else { return nil }
            let edit = LSPTextEdit(range: document.range(from: change.start, to: change.end), newText: change.text)
            return LSPCodeAction(
                title: "Change to '\(replacement)'", isPreferred: true, diagnostics: [LSPDiagnostic(diagnostic, in: document, path: span.file, info: info)],
                edit: LSPWorkspaceEdit(uri: document.uri, edits: [edit]))
        }
    }

    /// For each diagnostic between bytes `lower` and `upper`: a `# feedbackflow: disable-next-line CODE` comment
    /// above its line (a YAML flow only: a flow test reads no suppression) — or, where that line continues a scalar of several lines
    /// (a comment there would be the scalar's text), `# feedbackflow: disable-file CODE`
    /// at the top — and for an `unknown-screen` a stub of the screen after the last one (a
    /// YAML flow with a block `screens:` mapping). Lines end as the document's first does.
    private func otherActions(in request: LSPDocumentRequest, from lower: Int, to upper: Int) -> [LSPCodeAction] {
        let (document, analysis) = (request.document, request.analysis)
        let path = LSPFileURI.path(of: document.uri) ?? document.uri
        // A flow test file has no suppression comments, and no screens to add.
        guard DocumentFormat(path: path) == .yaml, !Self.isFlowTest(document) else { return [] }
        func action(_ title: String, _ diagnostic: Diagnostic, insert text: String, at offset: Int) -> LSPCodeAction {
            let edit = LSPTextEdit(range: document.range(from: offset, to: offset), newText: text)
            return LSPCodeAction(
                title: title, diagnostics: [LSPDiagnostic(diagnostic, in: document, path: path, info: info)], edit: LSPWorkspaceEdit(uri: document.uri, edits: [edit]))
        }
        let newline = document.bytes.firstIndex(of: 10).map { $0 > 0 && document.bytes[$0 - 1] == 13 ? "\r\n" : "\n" } ?? "\n"
        var actions: [LSPCodeAction] = []
        // The lines that are a scalar's text, where a comment would be that text: as the validator reads suppressions.
        let insideScalars = analysis.root.map(InlineSuppressions.continuationLines(of:)) ?? []
        for diagnostic in analysis.diagnostics {
            guard let span = diagnostic.span, span.start.offset <= upper, lower <= span.end.offset else { continue }
            if insideScalars.contains(span.start.line) {
                actions.append(action(
                    "Disable \(diagnostic.code) in this file", diagnostic,
                    insert: "# feedbackflow: disable-file \(diagnostic.code)\(newline)", at: 0))
                continue
            }
            // The comment goes at the start of the diagnostic's line, indented as the line is.
            let (line, _) = document.position(of: span.start.offset, encoding: encoding)
            let lineStart = document.offset(line: line, character: 0, encoding: encoding)
            var indentEnd = lineStart
            while indentEnd < document.bytes.count, document.bytes[indentEnd] == UInt8(ascii: " ") { indentEnd += 1 }
            let indent = String(repeating: " ", count: indentEnd - lineStart)
            actions.append(action(
                "Disable \(diagnostic.code) for the next line", diagnostic,
                insert: "\(indent)# feedbackflow: disable-next-line \(diagnostic.code)\(newline)", at: lineStart))
            if diagnostic.code == "unknown-screen", let last = analysis.references.screens.last,
                let id = analysis.references.places.first(where: { $0.span.start.offset == span.start.offset })?.id,
                KeyCompletion.isBlockKey(last.key, in: document.bytes)
            {
                let column = last.key.start.column - 1
                let pad = String(repeating: " ", count: column)
                let body = pad + "  "
                let lines = ["\(pad)\(id):", "\(body)style: informative", "\(body)title: \(id)", "\(body)primaryAction: {button: {title: Done, action: dismiss}}"]
                let end = min(last.whole.end.offset, document.bytes.count)
                // After the last screen: on a line of its own whether its span ends the line or not.
                let atLineStart = end == 0 || document.bytes[end - 1] == 10
                let stub = atLineStart ? lines.joined(separator: newline) + newline : newline + lines.joined(separator: newline)
                actions.append(action("Add a screen '\(id)'", diagnostic, insert: stub, at: end))
            }
        }
        return actions
    }
}
