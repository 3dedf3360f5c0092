import FlowCompile
import FlowSource

/// A struct of typed values a flow declares (a handler's arguments or returned values, an
/// event's payload): one stored property per declaration, of its Swift type
/// (``FlowCompile/ValueType/swiftType``), and a memberwise initializer whose optional
/// parameters default to `nil`.
package struct ValueStructSource {
    /// Each declaration with the name of its property, in the order declared (those that
    /// got no name are left out and reported in ``clashes``).
    package var properties: [(declaration: ValueDeclaration, name: String)] = []
    /// The declarations that got no Swift name, with where they are written.
    package var clashes: [(clash: NameClash, span: SourceSpan?)] = []

    /// The properties for `declarations`, each labelled in messages as `what` and its name
    /// (`argument 'ticket' of handler 'uploadLogs'`); `reserved` are the struct's other
    /// members (name → what they are).
    package init(_ declarations: [ValueDeclaration], reserved: [String: String] = [:], what: (String) -> String) {
        // A property named `hashValue` would hide the one Hashable gives.
        var table = SwiftNameTable(style: .member, reserved: reserved.merging(["hashValue": "Hashable's hashValue"]) { first, _ in first })
        let names = table.claimAll(declarations.map { ($0.name, what($0.name)) })
        for (declaration, name) in zip(declarations, names) {
            switch name {
            case .success(let name): properties.append((declaration, name))
            case .failure(let clash): clashes.append((clash, declaration.span))
            }
        }
    }

    /// Whether any property is a `decimal` (the file then imports Foundation for `Decimal`).
    package var usesDecimal: Bool {
        properties.contains { $0.declaration.type.base == .decimal }
    }

    /// The struct `name` (already a declaration's spelling), at `indent`, with `doc` as its
    /// doc comment's lines, `extra` (lines, already indented) after the initializer, and
    /// `access`; it conforms to `Sendable`, `Hashable` and `conformances` (qualified names).
    package func text(
        name: String, doc: [String], extra: [String] = [], indent: String, access: GeneratedAccess, conformances: [String] = []
    ) -> [String] {
        let inner = indent + "    "
        var lines = doc.map { indent + "/// " + $0 }
        lines.append(indent + access.typeModifier + "struct \(name): " + (["Swift.Sendable", "Swift.Hashable"] + conformances).joined(separator: ", ") + " {")
        for (declaration, property) in properties {
            let absent = declaration.type.isOptional ? "; `nil` when left out or `null`" : ""
            lines.append(inner + "/// `\(SwiftLiteral.commentLine(declaration.name))`: \(declaration.type)\(absent).")
            lines.append(inner + access.modifier + "var \(property): \(declaration.type.swiftType)")
        }
        if !properties.isEmpty { lines.append("") }
        let parameters = properties.map { declaration, property in
            "\(property): \(declaration.type.swiftType)" + (declaration.type.isOptional ? " = nil" : "")
        }
        lines.append(inner + (properties.isEmpty ? "/// The value, which has no fields." : "/// The value with each field given."))
        lines.append(inner + access.modifier + "init(" + parameters.joined(separator: ", ") + ") {")
        for (_, property) in properties {
            lines.append(inner + "    self.\(property) = \(property)")
        }
        lines.append(inner + "}")
        if !extra.isEmpty {
            lines.append("")
            lines += extra
        }
        lines.append(indent + "}")
        return lines
    }
}
