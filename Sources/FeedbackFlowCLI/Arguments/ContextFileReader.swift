import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

/// Reads values the host gives from a mapping in a JSON or YAML file (`--context-file`,
/// and the `context:` of a timeline entry).
enum ContextFileReader {
    /// The mapping in the file at `path`, each value typed as ``value(of:as:)`` says.
    /// - Throws: ``UsageError`` at `file:line:column` for a file that does not load, is not
    ///   a mapping, holds a value of the wrong type, or a name one typo away from a declared
    ///   one.
    static func values(path: String, flow: Flow, event: EventDeclaration?) throws(UsageError) -> [String: ExpressionValue] {
        let document = DocumentLoader.load(path: path)
        if let problem = document.diagnostics.first(where: { $0.severity == .error }) {
            throw UsageError("--context-file \(problem.span?.description ?? path): \(problem.message)")
        }
        guard let root = document.root else { throw UsageError("--context-file '\(path)' is empty") }
        return try values(of: root, flow: flow, event: event, what: "--context-file")
    }

    /// The entries of `node`, a mapping of names to scalars, typed by the declarations of
    /// `flow` (and `event`'s payload as `event.NAME`). A name one typo away from a declared
    /// one is a usage error with "did you mean", as on the command line.
    static func values(of node: Node, flow: Flow, event: EventDeclaration?, what: String) throws(UsageError) -> [String: ExpressionValue] {
        guard let entries = node.mapping else {
            throw UsageError("\(what) \(node.span): expected a mapping of names to values, found \(node.kindDescription)")
        }
        var types: [String: ValueType] = [:]
        for declaration in flow.context { types[declaration.name] = declaration.type }
        for field in event?.payload ?? [] { types[EventDeclaration.payloadPrefix + field.name] = field.type }
        var values: [String: ExpressionValue] = [:]
        for entry in entries {
            guard let name = entry.keyText else { throw UsageError("\(what) \(entry.key.span): expected a name") }
            // Event payloads are given as `event.NAME`; any other key is a host value's name.
            if !name.hasPrefix(EventDeclaration.payloadPrefix) {
                do throws(UsageError) {
                    try ContextDeclaration.checkKey(name, what: "key")
                } catch {
                    throw UsageError("\(what) \(entry.key.span): \(error.message)", hint: error.hint)
                }
            }
            // One typo away from a declared name: that name misspelt, which would stay unset.
            if types[name] == nil, let close = Suggestion.closest(to: name, among: types.keys.sorted()) {
                throw UsageError("\(what) \(entry.key.span): the flow declares no value '\(name)'", hint: "did you mean '\(close)'?")
            }
            guard let value = ExpressionValue(node: entry.value, as: types[name]) else {
                let found = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
                let message =
                    if let type = types[name] {
                        "'\(name)' is declared \(type), found \(found)"
                    } else {
                        "'\(name)' must be a single value (a number, a string, true, false or null), found \(found)"
                    }
                throw UsageError("\(what) \(entry.value.span): \(message)", hint: types[name].map(ContextDeclaration.example(for:)))
            }
            values[name] = value
        }
        return values
    }
}
