import FlowSource

/// The state of one decoding run: the diagnostics found so far, plus the typed readers
/// every part of the format shares (strings, booleans, integers, enums, required and
/// optional keys). The format-specific parts live in extensions next to this file.
///
/// Every reader reports its own problem at the node it looked at and returns `nil`, so
/// the caller can go on and collect the next problem.
package struct DecodingSession {
    /// The problems found so far, in the order found.
    package var diagnostics = DiagnosticBag()
    /// Declared names whose type did not decode (see ``Flow/namesWithBrokenTypes``).
    var brokenTypeNames: [String] = []
    /// The screen whose keys are being read, and where a key missing from it is
    /// reported (its id in `screens`, else the mapping's start): set by `decodeScreen`.
    var screenBeingDecoded: (id: String, missingKeysAt: SourceSpan)?
    /// Keys of the screen being decoded found inside one of its content blocks (indented
    /// too far, and reported there): not reported again as missing from the screen.
    var nestedScreenKeys: Set<String> = []
    /// The YAML file being decoded, whose lines say where a key is written
    /// (``reportIndentedTooDeep(_:of:enclosing:)``); `nil` for JSON and for a tree
    /// decoded without its file.
    var layoutSource: SourceFile?

    /// A session that has found nothing yet.
    package init() {}

    // MARK: Reporting

    package mutating func report(
        _ code: FlowDiagnosticCode, _ message: String, at span: SourceSpan?,
        notes: [Diagnostic.Note] = [], hint: String? = nil
    ) {
        diagnostics.append(Diagnostic(
            severity: code.severity, code: code.rawValue, message: message, span: span, notes: notes, hint: hint))
    }

    /// `type-mismatch`: `expected a string, found a mapping`.
    package mutating func mismatch(expected: String, found node: Node, hint: String? = nil) {
        report(.typeMismatch, "expected \(expected), found \(node.kindDescription)", at: node.span, hint: hint)
    }

    // MARK: Mappings and keys

    /// The node as a mapping, or `nil` after a `type-mismatch`.
    package mutating func mapping(_ node: Node, expected: String = "a mapping") -> MappingFields? {
        guard let fields = MappingFields(node) else {
            mismatch(expected: expected, found: node)
            return nil
        }
        return fields
    }

    /// Reports every key of `fields` not in `allowed` (`unknown-key` at the key, with the
    /// closest allowed key as a hint, else the list of allowed keys) and every complex key.
    /// A key of `enclosing` written one level too deep is said so instead
    /// (``reportIndentedTooDeep(_:of:enclosing:)``).
    /// - Parameter what: the word for a key in messages (`key`, `content block`).
    /// - Parameter enclosing: the mapping one level up, when it is a mapping of the format.
    /// - Returns: the allowed keys that were suggested for a typo, so that a required one
    ///   among them is not reported a second time as missing.
    @discardableResult
    package mutating func checkKeys(
        _ fields: MappingFields, allowed: [String], what: String = "key", enclosing: EnclosingMapping? = nil
    ) -> Set<String> {
        var elsewhere: [MappingEntry] = []
        return checkKeys(fields, allowed: allowed, what: what, reportedElsewhere: [], elsewhere: &elsewhere, enclosing: enclosing)
    }

    /// ``checkKeys(_:allowed:what:enclosing:)``, leaving the keys of `reportedElsewhere` to the caller.
    /// - Parameter reportedElsewhere: keys not allowed here that the caller reports itself
    ///   (with a better message): neither reported nor suggested here, but appended to
    ///   `elsewhere`.
    @discardableResult
    mutating func checkKeys(
        _ fields: MappingFields, allowed: [String], what: String = "key", reportedElsewhere: [String],
        elsewhere: inout [MappingEntry], enclosing: EnclosingMapping? = nil
    ) -> Set<String> {
        var suggested: Set<String> = []
        for position in fields.entries.indices {
            // The key in place: `for entry in fields.entries` would copy each value too.
            guard case .scalar(let name, _) = fields.entries[position].key.kind else {
                mismatch(expected: "a string key", found: fields.entries[position].key)
                continue
            }
            guard !allowed.contains(name) else { continue }
            let entry = fields.entries[position]
            if reportedElsewhere.contains(name) {
                elsewhere.append(entry)
                continue
            }
            if let enclosing, reportIndentedTooDeep(entry, of: fields, enclosing: enclosing) { continue }
            let hint: String
            if let close = Suggestion.closest(to: name, among: allowed) {
                suggested.insert(close)
                hint = "did you mean '\(close)'?"
            } else {
                hint = "valid here: " + allowed.map { "'\($0)'" }.joined(separator: ", ")
            }
            report(.unknownKey, "unknown \(what) '\(name)'", at: entry.key.span, hint: hint)
        }
        return suggested
    }

    /// The value of a required key: `missing-key` at the mapping's start when absent
    /// (unless the key was `suggested` for a typo, which already says how to fix it), and
    /// `type-mismatch` (`expected a string, found null`) when null, with a hint to write
    /// the value (`write the title after 'title:'`; for another string key `write a value
    /// after 'KEY:'`; else `hint`).
    /// - Parameter missingFromScreen: for a key of the screen being decoded
    ///   (``screenBeingDecoded``), the hint when it is missing: then reported as `screen 'ID'
    ///   is missing required key 'KEY'` at the screen's id instead of at the mapping's start.
    package mutating func required(
        _ fields: MappingFields, _ key: String, expected: String, suggested: Set<String> = [], hint: String? = nil,
        missingFromScreen: String? = nil
    ) -> Node? {
        guard let entry = fields.entry(key) else {
            if !suggested.contains(key) {
                if let missingFromScreen, let screen = screenBeingDecoded {
                    report(
                        .missingKey, "screen '\(screen.id)' is missing required key '\(key)'", at: screen.missingKeysAt,
                        hint: missingFromScreen)
                } else {
                    report(.missingKey, "missing required key '\(key)'", at: fields.startSpan, hint: hint)
                }
            }
            return nil
        }
        guard !entry.value.isNull else {
            let nullHint =
                key == "title" ? "write the title after 'title:'"
                : expected == "a string" ? "write a value after '\(key):'" : hint
            report(
                .typeMismatch, "expected \(expected), found null", at: nullSpan(key: entry.key, value: entry.value),
                hint: nullHint)
            return nil
        }
        return entry.value
    }

    /// The value of an optional key that, when written, must not be null: `nil` when the
    /// key is absent, and after a `type-mismatch` (`expected EXPECTED, found null`) when its
    /// value is null. For settings files, where `key: ~` is more likely a mistake than a
    /// way to say "unset".
    package mutating func nonNullValue(_ fields: MappingFields, _ key: String, expected: String) -> Node? {
        guard let entry = fields.entry(key) else { return nil }
        guard !entry.value.isNull else {
            report(.typeMismatch, "expected \(expected), found null", at: nullSpan(key: entry.key, value: entry.value))
            return nil
        }
        return entry.value
    }

    /// Where a null value is reported: the value when it is written (`~`, `null`), the key
    /// when the value is empty (`title:` has no text of its own to point at).
    package func nullSpan(key: Node, value: Node) -> SourceSpan {
        value.span.start == value.span.end ? key.span : value.span
    }

    // MARK: Scalars

    /// Any non-null scalar exactly as written: a string field keeps `NO`, `0755`, `12:30`
    /// as those strings (scalars are typed by what the key expects, not by how they look;
    /// YAML 1.2 core schema §10.3.2).
    package mutating func string(_ node: Node) -> String? {
        guard let text = node.string else {
            mismatch(expected: "a string", found: node)
            return nil
        }
        return text
    }

    /// A string that may hold `${name}` references, keeping the scalar's span.
    mutating func template(_ node: Node) -> TemplateString? {
        guard let text = string(node) else { return nil }
        let style: ScalarStyle? = if case .scalar(_, let style) = node.kind { style } else { nil }
        return TemplateString(text, span: node.span, style: style)
    }

    /// Only a plain `true` or `false`.
    package mutating func bool(_ node: Node) -> Bool? {
        guard let value = node.bool else {
            mismatch(expected: "a boolean", found: node, hint: "write true or false")
            return nil
        }
        return value
    }

    /// An exact integer that fits `Int`.
    package mutating func integer(_ node: Node) -> Int? {
        guard let value = node.integer else {
            mismatch(expected: "an integer", found: node)
            return nil
        }
        return value
    }

    /// One of `allowed`, else `invalid-value` (`unknown style 'sucess'`) with the closest
    /// allowed value as a hint, or the list of them.
    /// - Parameter name: the word for the value in messages (`style`, `format`).
    package mutating func enumeration(_ node: Node, name: String, allowed: [String]) -> String? {
        guard let text = string(node) else { return nil }
        guard allowed.contains(text) else {
            let hint = Suggestion.hint(for: text, among: allowed)
                ?? "expected one of: " + allowed.map { "'\($0)'" }.joined(separator: ", ")
            report(.invalidValue, "unknown \(name) '\(text)'", at: node.span, hint: hint)
            return nil
        }
        return text
    }

    // MARK: Optional keys

    package mutating func optionalString(_ fields: MappingFields, _ key: String) -> String? {
        fields.value(key).flatMap { string($0) }
    }

    mutating func optionalTemplate(_ fields: MappingFields, _ key: String) -> TemplateString? {
        fields.value(key).flatMap { template($0) }
    }

    package mutating func optionalBool(_ fields: MappingFields, _ key: String) -> Bool? {
        fields.value(key).flatMap { bool($0) }
    }

    /// The integer of an optional key together with where it is written.
    package mutating func optionalInteger(_ fields: MappingFields, _ key: String) -> (value: Int, span: SourceSpan)? {
        guard let node = fields.value(key), let value = integer(node) else { return nil }
        return (value, node.span)
    }
}
