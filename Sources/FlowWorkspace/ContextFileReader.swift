import FlowCompile
import FlowSource

/// Reads values the host gives from a mapping in a JSON or YAML file (`--context-file`,
/// and the `context:` of a timeline entry).
package enum ContextFileReader {
    /// The mapping in the file at `path`, each value typed as ``values(of:flow:event:session:)`` says.
    /// - Throws: ``UsageError`` with every problem, each at its `file:line:column`: a file
    ///   that does not load or is not a mapping, a value of the wrong type, a name one typo
    ///   away from a declared one.
    package static func values(path: String, flow: Flow, event: EventDeclaration?) throws(UsageError) -> [String: ExpressionValue] {
        var session = DecodingSession()
        guard let root = try UsageError.loadRoot(path: path, source: "--context-file", session: &session) else {
            throw UsageError("--context-file '\(path)' is empty")
        }
        let values = values(of: root, flow: flow, event: event, session: &session)
        if let problems = UsageError(decoding: session.diagnostics, source: "--context-file") { throw problems }
        return values
    }

    /// The entries of `node`, a mapping of names to scalars, typed by the declarations of
    /// `flow` (and `event`'s payload as `event.NAME`); an entry with a problem is reported
    /// to `session` and left out. A name one typo away from a declared one is a problem,
    /// with "did you mean", as on the command line.
    package static func values(
        of node: Node, flow: Flow, event: EventDeclaration?, session: inout DecodingSession
    ) -> [String: ExpressionValue] {
        guard let fields = session.mapping(node, expected: "a mapping of names to values") else { return [:] }
        var types: [String: ValueType] = [:]
        for declaration in flow.context { types[declaration.name] = declaration.type }
        for field in event?.payload ?? [] { types[EventDeclaration.payloadPrefix + field.name] = field.type }
        var values: [String: ExpressionValue] = [:]
        for entry in fields.entries {
            guard let name = entry.keyText else {
                session.mismatch(expected: "a name", found: entry.key)
                continue
            }
            // Event payloads are given as `event.NAME`; any other key is a host value's name.
            if !name.hasPrefix(EventDeclaration.payloadPrefix) {
                do throws(UsageError) {
                    try ContextDeclaration.checkKey(name, what: "key")
                } catch {
                    session.report(.invalidValue, error.message, at: entry.key.span, hint: error.hint)
                    continue
                }
            }
            // One typo away from a declared name: that name misspelt, which would stay unset.
            if types[name] == nil, let close = Suggestion.closest(to: name, among: types.keys.sorted()) {
                session.report(.unknownKey, "the flow declares no value '\(name)'", at: entry.key.span, hint: "did you mean '\(close)'?")
                continue
            }
            guard let value = ExpressionValue(node: entry.value, as: types[name]) else {
                let found = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
                let message =
                    if let type = types[name] {
                        "'\(name)' is declared \(type), found \(found)"
                    } else {
                        "'\(name)' must be a single value (a number, a string, true, false or null), found \(found)"
                    }
                session.report(.typeMismatch, message, at: entry.value.span, hint: types[name].map(ContextDeclaration.example(for:)))
                continue
            }
            values[name] = value
        }
        return values
    }
}
