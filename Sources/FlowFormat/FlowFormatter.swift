import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSource
import FlowYAML

/// `fmt`'s work on one file: its text in the one layout (``YAMLLayoutWriter`` for YAML;
/// for JSON the same key order, two spaces per level), checked before it is given back.
/// The layout is decided here alone: `convert` writes its output through
/// ``text(of:as:path:maximumDepth:)``, so what it writes is already in fmt's layout.
///
/// The check: the new text reads as the same values (every scalar's text, and whether a
/// plain scalar can be read as another type than a string), compiles to a flow `==` to
/// the file's with the same diagnostics (code, severity, message), and holds the same
/// comments. In a file with a suppression comment the check runs every rule, the
/// opt-in ones too, so a layout that would change any rule's outcome is refused
/// whichever rules a configuration turns on (a `disable-next-line` that no longer names
/// the line of an opt-in rule's finding, say); without one, the flows are `==`, and so
/// are the findings of the rules that read the flow alone.
/// When the layout cannot hold something or the check fails, the file is
/// refused with a `format-refused` diagnostic at the cause, and nothing is to be written.
/// A file that does not load (a syntax error) is refused with its own diagnostics.
/// O(size · log size).
package enum FlowFormatter {
    /// What came of a file.
    package enum Outcome: Sendable {
        /// The file's text in the layout (equal to the file when it already was).
        case formatted(String)
        /// The file is left as it is, for these reasons.
        case refused([Diagnostic])
        /// The file loads but is not a flow (asked with `onlyFlows`): left as it is.
        case notFlow
    }

    /// `source`, read as `format`, in the layout. With `onlyFlows`, a file whose top level
    /// has neither `screens` nor a single screen's keys is not laid out (``Outcome/notFlow``).
    package static func format(_ source: SourceFile, as format: DocumentFormat, options given: CompileOptions, onlyFlows: Bool = false) -> Outcome {
        var options = given
        if InlineSuppressions.mentionsMarker(source.bytes) {
            for code in FlowDiagnosticCode.allCases where code.isOptIn && !options.runs(code) {
                options.ruleLevels[code.rawValue] = .severity(code.severity)
            }
        }
        let original = FlowCompiler.compile(DocumentLoader.load(source, format: format, limits: options.limitsForLoading), options: options)
        let document = original.document
        let loadErrors = document.diagnostics.filter { $0.severity == .error }
        // A YAML file of comments alone holds no document, and is still a file to format.
        let isCommentsOnly = format == .yaml && loadErrors.map(\.code) == [LoadDiagnosticCode.emptyDocument.rawValue]
        guard loadErrors.isEmpty || isCommentsOnly else { return .refused(loadErrors) }
        if onlyFlows, !isCommentsOnly {
            let keys = document.root?.mapping?.compactMap(\.keyText) ?? []
            guard keys.contains("screens") || FormatKeys.isSingleScreenFile(keys: keys) else { return .notFlow }
        }
        let text: String
        var comments: [YAMLComment] = []
        switch format {
        case .json:
            guard let root = document.root else { return .refused(loadErrors) }
            text = jsonText(of: exactValue(of: root))
        case .yaml:
            // YAML reads a CR alone as a line break (§5.4), as it reads LF: laid out from
            // the same text with LF there, a file of classic Mac line ends is read one way.
            let source = Self.withLineFeeds(source)
            guard let syntax = YAMLSyntaxReader.read(source, maximumDepth: options.limitsForLoading.maximumNestingDepth) else {
                // A lone `...`: no document, nothing to lay out.
                if isCommentsOnly { return .formatted(String(decoding: source.bytes, as: UTF8.self)) }
                return .refused([refusal("libyaml could not read the file a second time", at: SourcePosition(line: 1, column: 1, offset: 0), in: source)])
            }
            comments = YAMLComments.all(in: source.bytes, syntax: syntax.root)
            do {
                text = try YAMLLayoutWriter.text(of: syntax, bytes: source.bytes, comments: comments)
            } catch {
                return .refused([refusal(error.message, at: error.position, in: source)])
            }
        }
        if text.utf8.elementsEqual(source.bytes) { return .formatted(text) }
        return check(text, of: original, comments: comments, format: format, options: options).map { .refused([$0]) } ?? .formatted(text)
    }

    /// Why `text` does not stand for `original`, or `nil` when it does.
    private static func check(
        _ text: String, of original: FlowCompilation, comments: [YAMLComment], format: DocumentFormat, options: CompileOptions
    ) -> Diagnostic? {
        let source = original.document.source
        let again = FlowCompiler.compile(
            DocumentLoader.load(SourceFile(path: source.path, text: text), format: format, limits: options.limitsForLoading), options: options)
        let start = SourcePosition(line: 1, column: 1, offset: 0)
        if let root = original.document.root {
            guard let other = again.document.root else {
                return refusal("written in fmt's layout, the file would not load (an error of fmt's)", at: start, in: source)
            }
            if let place = FormatCheck.firstDifference(root, other) {
                return refusal("written in fmt's layout, the value here would read otherwise (an error of fmt's)", at: place, in: source)
            }
        }
        if format == .yaml {
            let written = YAMLComments.all(
                in: Array(text.utf8),
                syntax: YAMLSyntaxReader.read(SourceFile(path: source.path, text: text), maximumDepth: options.limitsForLoading.maximumNestingDepth)?.root)
            let lost = FormatCheck.missing(comments.map(\.text), from: written.map(\.text))
            if let first = lost.first, let comment = comments.first(where: { $0.text == first }) {
                return refusal("fmt would not keep this comment (an error of fmt's)", at: comment.position, in: source)
            }
        }
        guard original.flow == again.flow else {
            return refusal("written in fmt's layout, the file would compile to another flow (an error of fmt's)", at: start, in: source)
        }
        let before = FormatCheck.findings(original.diagnostics)
        let after = FormatCheck.findings(again.diagnostics)
        if before != after {
            // A finding the layout would lose is said where the file has it; one it would
            // add has no place in the file yet, and is said at its start.
            let lost = FormatCheck.missing(before, from: after).first
            let changed = lost ?? FormatCheck.missing(after, from: before).first
            let place = lost.flatMap { text in original.diagnostics.first { FormatCheck.findings([$0]) == [text] }?.span?.start } ?? start
            return refusal(
                "written in fmt's layout, the file's diagnostics would change (an error of fmt's): "
                    + (lost != nil ? "it would lose " : "it would gain ") + (changed ?? "a diagnostic"), at: place, in: source)
        }
        return nil
    }

    /// `source` with each CR that no LF follows made an LF: the same lines, columns and
    /// byte offsets, each line break one byte as before. O(size); the file itself when it
    /// has none.
    static func withLineFeeds(_ source: SourceFile) -> SourceFile {
        var fixed = source.bytes
        var changed = false
        for index in fixed.indices where fixed[index] == 13 && (index + 1 == fixed.count || fixed[index + 1] != 10) {
            fixed[index] = 10
            changed = true
        }
        return changed ? SourceFile(path: source.path, bytes: fixed) : source
    }

    /// A `format-refused` error at `position` of `source`; the message ends by saying the
    /// file is left as it was unless `leftAsItWas` is false (it says so itself).
    package static func refusal(_ message: String, at position: SourcePosition, in source: SourceFile, leftAsItWas: Bool = true) -> Diagnostic {
        let code = CommandDiagnosticCode.formatRefused
        return Diagnostic(
            severity: code.severity, code: code.rawValue, message: message + (leftAsItWas ? "; the file is left as it was" : ""),
            span: SourceSpan(file: source.path, at: position))
    }

    // MARK: Converted flows

    /// `value`, a flow read from the other syntax, written as `format` in the layout:
    /// what `convert` writes, so that `fmt` leaves it as it is. JSON is laid out as fmt
    /// lays out a JSON file; YAML is written by ``YAMLWriter`` (block mappings and lists,
    /// scalars that read back as the same values) under the name `path`, then laid out by
    /// ``YAMLLayoutWriter`` as fmt lays out a YAML file. Throws a `format-refused`
    /// diagnostic when libyaml cannot read that text back (a key longer than YAML's 1024
    /// characters) or the layout refuses it (never for a value read from a flow, whose
    /// keys are scalars of one line).
    package static func text(of value: JSONValue, as format: DocumentFormat, path: String, maximumDepth: Int) throws(Diagnostic) -> String {
        switch format {
        case .json:
            return jsonText(of: value)
        case .yaml:
            let source = SourceFile(path: path, text: YAMLWriter.document(value))
            guard let syntax = YAMLSyntaxReader.read(source, maximumDepth: maximumDepth) else {
                throw refusal("libyaml cannot read it back", at: SourcePosition(line: 1, column: 1, offset: 0), in: source, leftAsItWas: false)
            }
            do {
                return try YAMLLayoutWriter.text(of: syntax, bytes: source.bytes, comments: [])
            } catch {
                throw refusal(error.message, at: error.position, in: source, leftAsItWas: false)
            }
        }
    }

    // MARK: JSON

    /// `value` as a JSON file in the layout: the format's objects in writing order, two
    /// spaces per level, ending with a line break.
    private static func jsonText(of value: JSONValue) -> String {
        reordered(value, path: [], singleScreenFile: singleScreen(value)).serialized(indent: 2) + "\n"
    }

    /// Whether a flow's top level is a single screen's.
    private static func singleScreen(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return FormatKeys.isSingleScreenFile(keys: members.map(\.key))
    }

    /// A JSON document's node as the JSON value it was written as: numbers keep their text.
    private static func exactValue(of node: Node) -> JSONValue {
        switch node.kind {
        case .scalar(let text, let style):
            guard style == .plain else { return .string(text) }
            switch text {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return .number(text)
            }
        case .sequence(let items): return .array(items.map(exactValue))
        case .mapping(let entries): return .object(entries.map { ($0.keyText ?? "", exactValue(of: $0.value)) })
        }
    }

    /// `value` with the members of each object of the format in writing order
    /// (``FlowCompile/FormatKeys/writingOrder(at:singleScreenFile:)``), the others as written.
    private static func reordered(_ value: JSONValue, path: [String], singleScreenFile: Bool) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.map { reordered($0, path: path + ["-"], singleScreenFile: singleScreenFile) })
        case .object(let members):
            let order = KeyOrder.permutation(members.map(\.key), row: FormatKeys.writingOrder(at: path, singleScreenFile: singleScreenFile))
            return .object(order.map { (members[$0].key, reordered(members[$0].value, path: path + [members[$0].key], singleScreenFile: singleScreenFile)) })
        default:
            return value
        }
    }
}
