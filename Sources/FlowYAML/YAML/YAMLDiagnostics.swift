import FlowSource

/// The diagnostics of the YAML loader, built in one place: each function takes the
/// places ``YAMLTreeBuilder`` found and returns the diagnostic with its code, message,
/// notes and hint. Duplicate keys are ``DocumentTreeBuilder/addEntry(key:value:)``'s
/// (shared with JSON), invalid UTF-8 is ``UTF8Validation``'s.
enum YAMLDiagnostics {
    /// `multiple-documents` at the `---` that starts a second document.
    static func secondDocument(at span: SourceSpan) -> Diagnostic {
        .error(
            .multipleDocuments, "a file holds one document, found a second one", at: span,
            hint: "split the documents into separate files")
    }

    /// `empty-document` at the start of the file.
    static func emptyDocument(at span: SourceSpan) -> Diagnostic {
        .error(.emptyDocument, "the file holds no document", at: span)
    }

    /// `recursive-alias` at an alias `*name` inside the node marked `&name`.
    static func recursiveAlias(_ name: String, at span: SourceSpan) -> Diagnostic {
        .error(
            .recursiveAlias, "alias '*\(name)' refers to the node that contains it", at: span,
            hint: "an anchored node cannot include itself; move the alias out of the node marked '&\(name)'")
    }

    /// `unused-anchor` (a note) at an anchor `&name` that no alias uses.
    static func unusedAnchor(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            severity: LoadDiagnosticCode.unusedAnchor.severity, code: LoadDiagnosticCode.unusedAnchor.rawValue,
            message: "anchor '&\(name)' is never used", span: span,
            hint: "use it with '*\(name)', or remove the anchor")
    }

    /// `unknown-alias` at an alias `*name` with no anchor before it.
    static func unknownAlias(_ name: String, at span: SourceSpan) -> Diagnostic {
        .error(.unknownAlias, "unknown alias '*\(name)'", at: span, hint: "define the anchor '&\(name)' before using it")
    }

    /// `alias-expansion-limit` at the alias `*name`, adding `size` nodes, that crosses `limit`.
    static func expansionLimit(_ limit: Int, alias name: String, adding size: Int, at span: SourceSpan) -> Diagnostic {
        .error(
            .aliasExpansionLimit, "alias expansion exceeds \(limit) nodes ('*\(name)' adds \(size) more)",
            at: span, hint: "this looks like a \"billion laughs\" document; use fewer nested aliases")
    }

    /// `invalid-merge` at a `<<` key whose value (at `value`) is not a mapping or a list
    /// of mappings: it is `kind` (`a string`), or a list whose item number `listItem`
    /// (1-based) is `kind`.
    static func invalidMerge(at key: SourceSpan, value: SourceSpan, found kind: String, listItem: Int? = nil) -> Diagnostic {
        let found = listItem.map { "a list whose item \($0) is \(kind)" } ?? kind
        return .error(
            .invalidMerge, "merge key '<<' needs a mapping or a list of mappings, found \(found)",
            at: key, notes: [Diagnostic.Note(message: "value defined here", span: value)],
            hint: "merge an alias of a mapping (`<<: *defaults`) or a list of them")
    }

    /// `tab-indentation` at a tab used as indentation.
    static func tabIndentation(at span: SourceSpan) -> Diagnostic {
        .error(
            .tabIndentation, "tab character used for indentation", at: span,
            hint: "indent with spaces; YAML does not allow tabs in indentation")
    }

    /// `syntax-error` at a line indented otherwise than its siblings (``IndentationSlip``),
    /// in place of libyaml's words about the line where it stopped: the line against its
    /// siblings (`'bug-sent' is indented less than the other keys of 'screens' around
    /// it`), the line as meant in the hint, and, when libyaml stopped at a later line
    /// (`continuation`), a note there.
    static func indentationSlip(_ slip: IndentationSlip, at span: SourceSpan, continuation: SourceSpan?) -> Diagnostic {
        let subject: String
        let siblings: String
        switch slip.kind {
        case .key(let name): (subject, siblings) = ("'\(name)'", "keys")
        case .item: (subject, siblings) = ("this list item", "items")
        }
        let column = slip.meantIndent + 1
        let around = slip.parent.map { "the other \(siblings) of '\($0)' around it" } ?? "the \(siblings) around it"
        let named = slip.parent.map { "the \(siblings) of '\($0)'" } ?? "the \(siblings)"
        return .error(
            .syntaxError, "\(subject) is indented \(slip.isShallower ? "less" : "deeper") than \(around)", at: span,
            notes: continuation.map { [Diagnostic.Note(message: "\(named) go on here, in column \(column)", span: $0)] } ?? [],
            hint: IndentationHint.text(column: column, meantLine: slip.meantLine))
    }

    /// `syntax-error` at a byte order mark that does not start the file (YAML 1.2 §5.2).
    static func misplacedByteOrderMark(at span: SourceSpan) -> Diagnostic {
        .error(
            .syntaxError, "byte order mark (U+FEFF) in the middle of the file", at: span,
            hint: "delete it; YAML allows a byte order mark only at the start of a document or inside quotes")
    }

    /// `internal` at 1:1: libyaml failed in a way it should not (`problem` is its text).
    static func libyamlFailed(_ problem: String, at span: SourceSpan) -> Diagnostic {
        .error(.internal, "libyaml failed: \(problem)", at: span)
    }

    /// The message of libyaml's reader error `problem` about the character `value`:
    /// a control character is named by its code point.
    static func readerMessage(_ problem: String, value: Int32) -> String {
        guard problem == "control characters are not allowed" else { return problem }
        let hex = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
        return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) is not allowed"
    }

    /// `syntax-error` at `span` with libyaml's `problem` as the message; its `context`
    /// (`while parsing a flow sequence`), when given, is added with its place
    /// (`context at L:C`) and as a note there. `atTab`: libyaml failed at a tab.
    static func syntaxError(
        _ problem: String, at span: SourceSpan, context: (text: String, at: SourceSpan)? = nil, atTab: Bool = false
    ) -> Diagnostic {
        var message = problem
        var notes: [Diagnostic.Note] = []
        if let context {
            message += " (\(context.text) at \(context.at.start))"
            notes.append(Diagnostic.Note(message: "\(context.text) started here", span: context.at))
        }
        return .error(.syntaxError, message, at: span, notes: notes, hint: hint(forProblem: problem, atTab: atTab))
    }

    /// A hint for libyaml problems whose wording does not name the usual cause; it never
    /// changes the diagnostic's code. "mapping values are not allowed" most often means a
    /// key indented deeper than its siblings (it then continues the previous line's plain
    /// scalar), else a plain value holding `: ` (YAML 1.2 §7.3.3: a plain scalar cannot
    /// contain `: `). "did not find expected <document start>" follows the end of the one
    /// document: its top-level value, or `...`. A problem at a tab is a tab libyaml does
    /// not accept there, even where YAML allows it (before a comment, after `- `).
    private static func hint(forProblem problem: String, atTab: Bool) -> String? {
        switch problem {
        case "mapping values are not allowed in this context":
            "check the indentation of this line and the one before (keys of one mapping must start in the same column), or quote a value that holds ': '"
        case "did not find expected <document start>":
            "the file's one document has already ended here (after its top-level value, or at '...'); write the whole flow as one mapping"
        default:
            atTab ? "libyaml does not accept a tab here; write spaces instead" : nil
        }
    }
}
