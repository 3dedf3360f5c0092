import FlowCompile
import FlowSource

/// The `--context` values of `run` and `validate`: template variables the host provides,
/// checked before any flow is loaded.
///
/// Each value is `KEY=VALUE` (`run`; the value may be empty) or, for `validate`, also a
/// bare `KEY` (the variable is declared, its value does not matter). A key must be a
/// name (parts of letters, digits and `_` joined by `.`: the rule `${name}` is parsed with, so a
/// template can name it); it must not be a built-in variable (`flow.id`, `screen.id`)
/// nor start with `flow.` or `screen.`, which are kept for built-ins; and it may be
/// given only once. Any of these is a ``UsageError``. A key that is also a field id of
/// the flow is refused later, when the flow is known (``checkNoFieldIDs(in:file:)``).
package struct ContextDeclaration: Sendable, Hashable {
    /// The keys and values in the order given; `value` is `nil` for a bare `KEY`.
    package var entries: [Entry]

    package struct Entry: Sendable, Hashable {
        package var key: String
        package var value: String?

        package init(key: String, value: String?) {
            self.key = key
            self.value = value
        }
    }

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Checks that `key` can name a host value: a name (``Identifier``) and not kept for
    /// built-ins (`flow.…`, `screen.…`). The one check of `--context`, `--context-file` and
    /// the configuration file's `context:` keys; `what` names where the key comes from.
    /// - Throws: ``UsageError`` saying why not and how to write it.
    package static func checkKey(_ key: String, what: String) throws(UsageError) {
        if let hint = Identifier.hint(for: key) { throw UsageError("invalid \(what) '\(key)'", hint: hint) }
        if ContextVariable.isReserved(key) {
            throw UsageError(
                "\(what) '\(key)' is reserved",
                hint: "'flow.id' and 'screen.id' are built in, and names starting with 'flow.' or 'screen.' are kept for built-ins; choose another key")
        }
    }

    /// Parses the values of `--context`, in order.
    /// - Parameter valueRequired: `true` for `run` (`KEY=VALUE`), `false` for `validate`
    ///   (`KEY` or `KEY=VALUE`).
    /// - Throws: ``UsageError`` for a missing `=`, an invalid or reserved key, or a key
    ///   given twice. O(n · key length).
    package init(parsing values: [String], valueRequired: Bool) throws(UsageError) {
        let form = valueRequired ? "'--context key=value'" : "'--context name' or '--context name=value'"
        var entries: [Entry] = []
        var seen: Set<String> = []
        for item in values {
            let key: String
            let value: String?
            if let equals = item.firstIndex(of: "=") {
                key = String(item[..<equals])
                value = String(item[item.index(after: equals)...])
            } else if valueRequired {
                throw UsageError("invalid --context '\(item)': no '=' between key and value", hint: "write \(form)")
            } else {
                key = item
                value = nil
            }
            guard !key.isEmpty else {
                throw UsageError("invalid --context '\(item)': the key is empty", hint: "write \(form)")
            }
            try Self.checkKey(key, what: "--context key")
            guard seen.insert(key).inserted else {
                throw UsageError("--context key '\(key)' given more than once", hint: "give each key once")
            }
            entries.append(Entry(key: key, value: value))
        }
        self.entries = entries
    }

    /// The keys, in the order given.
    package var keys: [String] { entries.map(\.key) }

    /// The values typed by what `flow` declares: a key the flow declares under `context:`
    /// (or, with `event`, a field of its payload written `event.NAME`) is read as its
    /// declared type (``ExpressionValue/init(parsing:as:)``); any other key is a string,
    /// a host-provided template variable. A bare `KEY` (of `validate`) is not a value and
    /// is left out.
    /// - Throws: ``UsageError`` naming the declared type when a value is not of it, the
    ///   payload's fields for an `event.NAME` the event does not have, or the declared name
    ///   a key is one typo away from ("did you mean").
    package func values(declaredIn flow: Flow, event: EventDeclaration? = nil, file: String) throws(UsageError) -> [String: ExpressionValue] {
        var types: [String: ValueType] = [:]
        for declaration in flow.context { types[declaration.name] = declaration.type }
        for field in event?.payload ?? [] { types[EventDeclaration.payloadPrefix + field.name] = field.type }
        var values: [String: ExpressionValue] = [:]
        for entry in entries {
            guard let text = entry.value else { continue }
            guard let type = types[entry.key] else {
                // The event's payload is declared whole: another `event.` key is a typo.
                if let event, entry.key.hasPrefix(EventDeclaration.payloadPrefix) {
                    let fields = event.payload.map(\.name)
                    let name = String(entry.key.dropFirst(EventDeclaration.payloadPrefix.count))
                    throw UsageError(
                        "--context \(entry.key)=\(text): the event '\(event.name)' has no field '\(name)' in '\(file)'",
                        hint: Suggestion.hint(for: name, among: fields)
                            ?? (fields.isEmpty ? "its payload is empty" : "its payload has " + NameList.joined(fields)))
                }
                // A key one typo away from a declared value is that value misspelt: as a
                // template variable it would be ignored while the declared one stays unset.
                if let close = Suggestion.closest(to: entry.key, among: types.keys.sorted()) {
                    throw UsageError(
                        "--context \(entry.key)=\(text): '\(file)' declares no value '\(entry.key)'",
                        hint: "did you mean '\(close)'?")
                }
                values[entry.key] = .string(text)
                continue
            }
            guard let value = ExpressionValue(parsing: text, as: type) else {
                throw UsageError(
                    "--context \(entry.key)=\(text): '\(entry.key)' is declared \(type) in '\(file)'",
                    hint: Self.example(for: type))
            }
            values[entry.key] = value
        }
        return values
    }

    /// How to write a value of `type` on the command line.
    package static func example(for type: ValueType) -> String {
        let base: String =
            switch type.base {
            case .integer: "write a whole number such as 2"
            case .decimal: "write a number such as 2.5"
            case .boolean: "write true or false"
            case .string: "write any text"
            }
        return type.isOptional ? base + ", or null" : base
    }

    /// - Throws: ``UsageError`` when a key is also a field id of `flow`: the template
    ///   `${key}` would be ambiguous.
    package func checkNoFieldIDs(in flow: Flow, file: String) throws(UsageError) {
        guard !entries.isEmpty else { return }
        let keys = Set(keys)
        for screen in flow.screens {
            for block in screen.fields {
                guard let id = block.fieldID, keys.contains(id) else { continue }
                throw UsageError(
                    "--context key '\(id)' is also a field id of '\(file)' (screen '\(screen.id)')",
                    hint: "'${\(id)}' would be ambiguous; choose another key")
            }
        }
    }
}
