/// The names of one Swift namespace (the cases of `Screen`, the properties of a handler's
/// `Arguments`), given out in the order ids ask for them, so the same flow always gives
/// the same names.
///
/// An id gets its first choice (``SwiftIdentifier/lowerCamelCase(_:)`` or
/// ``SwiftIdentifier/upperCamelCase(_:)``) unless something holds it already, else its
/// second (``SwiftIdentifier/underscored(_:type:)``); when both are held, or unusable,
/// the id gets no name and the caller reports the ``NameClash``. Among members, the ids
/// that are Swift names as written ask first (``claimAll(_:)``), so they keep their
/// spelling whatever the order of the file.
package struct SwiftNameTable {
    /// Whether the namespace's names are members (lowerCamelCase) or types (UpperCamelCase).
    package enum Style: Sendable {
        case member, type
    }

    private let style: Style
    /// Each name given out or reserved, with what holds it (`screen 'rate-call'`).
    private var holders: [String: String]

    /// An empty namespace of `style` whose `reserved` names (name → what holds it, e.g.
    /// `"allCases": "CaseIterable's allCases"`) are held from the start.
    package init(style: Style, reserved: [String: String] = [:]) {
        self.style = style
        self.holders = reserved
    }

    /// The names of `ids` (each with the label it is held by), in their order: for members,
    /// the ids that are Swift names as written ask first, then the others, each in the
    /// order given; for types, all in the order given.
    package mutating func claimAll(_ ids: [(id: String, label: String)]) -> [Result<String, NameClash>] {
        var results = [Result<String, NameClash>?](repeating: nil, count: ids.count)
        let exact = ids.indices.filter { style == .member && SwiftIdentifier.isIdentifier(ids[$0].id) }
        for index in exact + ids.indices.filter({ !exact.contains($0) }) {
            do throws(NameClash) {
                results[index] = .success(try claim(ids[index].id, as: ids[index].label))
            } catch {
                results[index] = .failure(error)
            }
        }
        return results.compactMap { $0 }
    }

    /// The name for `id`, held from now on by `label` (`screen 'rate-call'`), as a
    /// declaration writes it (a keyword in backticks).
    /// - Throws: ``NameClash`` when both of its choices are held or cannot be names.
    package mutating func claim(_ id: String, as label: String) throws(NameClash) -> String {
        let first = style == .member ? SwiftIdentifier.lowerCamelCase(id) : SwiftIdentifier.upperCamelCase(id)
        let second = SwiftIdentifier.underscored(id, type: style == .type)
        var reasons: [String] = []
        for choice in [first, second] where !reasons.contains(where: { $0.hasPrefix("'\(choice)' ") }) {
            if let reason = problem(with: choice) {
                reasons.append(reason)
                continue
            }
            holders[choice] = label
            return SwiftIdentifier.declared(choice)
        }
        throw NameClash(label: label, reasons: reasons)
    }

    /// Why `name` cannot be given out, or `nil` when it can.
    private func problem(with name: String) -> String? {
        if name.isEmpty || name.allSatisfy({ $0 == "_" }) { return "'\(name)' has no letter or digit" }
        if let holder = holders[name] { return "'\(name)' is taken by \(holder)" }
        if SwiftIdentifier.unusable.contains(name) { return "'\(name)' means something else in Swift" }
        return nil
    }
}

/// An id that gets no Swift name in its namespace: both of its choices are taken or
/// cannot be names. The generator reports it as an error at the id.
package struct NameClash: Error, Sendable, Hashable {
    /// What asked for the name: `screen 'rate.call'`.
    package var label: String
    /// Why each choice was refused: `'rateCall' is taken by screen 'rate-call'`.
    package var reasons: [String]

    /// The clash of `label`, whose choices were refused for `reasons`.
    package init(label: String, reasons: [String]) {
        self.label = label
        self.reasons = reasons
    }

    /// The error's message: `screen 'rate.call' gets no Swift name: 'rateCall' is taken by
    /// screen 'rate-call'; 'rate_call' is taken by screen 'rate_call'`.
    package var message: String {
        "\(label) gets no Swift name: " + reasons.joined(separator: "; ")
    }
}
