import FlowCompile

extension ValueType {
    /// The Swift type that holds values of this type, module-qualified so that no name of
    /// the flow can stand for it: `Swift.Int`, `Decimal`, `Swift.String?`, `Swift.Bool`.
    package var swiftType: String {
        let base =
            switch self.base {
            case .integer: "Swift.Int"
            case .decimal: "Decimal"
            case .string: "Swift.String"
            case .boolean: "Swift.Bool"
            }
        return isOptional ? base + "?" : base
    }

    /// The type as a Swift expression of FeedbackFlowCore's API:
    /// `FeedbackFlowCore.ValueType(.integer, isOptional: true)`.
    package var swiftExpression: String {
        "FeedbackFlowCore.ValueType(.\(base.rawValue)\(isOptional ? ", isOptional: true" : ""))"
    }
}

extension ValueDeclaration {
    /// The declaration as a Swift expression:
    /// `FeedbackFlowCore.ValueDeclaration(name: "ticket", type: FeedbackFlowCore.ValueType(.string))`.
    package var swiftExpression: String {
        "FeedbackFlowCore.ValueDeclaration(name: \(SwiftLiteral.string(name)), type: \(type.swiftExpression))"
    }
}

extension HandlerDeclaration {
    /// The declaration as a Swift expression of FeedbackFlowCore's API, its lines after the
    /// first indented by `indent`.
    package func swiftExpression(indent: String) -> String {
        func list(_ values: [ValueDeclaration]) -> String {
            guard !values.isEmpty else { return "[]" }
            return "[\n" + values.map { indent + "        " + $0.swiftExpression + ",\n" }.joined() + indent + "    ]"
        }
        var parts = ["name: \(SwiftLiteral.string(name))"]
        if !arguments.isEmpty { parts.append("arguments: " + list(arguments)) }
        if !returns.isEmpty { parts.append("returns: " + list(returns)) }
        if let description { parts.append("description: \(SwiftLiteral.string(description))") }
        return "FeedbackFlowCore.HandlerDeclaration(\n" + parts.map { indent + "    " + $0 }.joined(separator: ",\n") + ")"
    }
}
