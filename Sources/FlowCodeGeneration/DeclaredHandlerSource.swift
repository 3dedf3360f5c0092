import FlowCompile
import FlowSource

/// The Swift of one handler a flow declares under `handlers:`: a type conforming to
/// FeedbackFlowCore's `DeclaredHandler`, with an `Arguments` struct (one property per
/// declared argument), a `Returns` struct (one per declared returned value; `Void` when
/// there is none), the declaration, and reading the arguments from a step's invocation.
/// A host registers it with `registry.register(Flow.Handler.self) { arguments in … }`.
package struct DeclaredHandlerSource {
    /// The handler.
    package var handler: HandlerDeclaration
    /// Its type's name in the flow's namespace (`UploadLogs`).
    package var typeName: String
    /// Its arguments' properties.
    package var arguments: ValueStructSource
    /// Its returned values' properties.
    package var returns: ValueStructSource

    /// The source of `handler`, whose type is named `typeName`.
    package init(_ handler: HandlerDeclaration, typeName: String) {
        self.handler = handler
        self.typeName = typeName
        let name = handler.name
        arguments = ValueStructSource(handler.arguments) { "argument '\($0)' of handler '\(name)'" }
        returns = ValueStructSource(handler.returns, reserved: ["values": "the struct's values by name"]) { "returned value '\($0)' of handler '\(name)'" }
    }

    /// The names that got no Swift name, with where they are written.
    package var clashes: [(clash: NameClash, span: SourceSpan?)] { arguments.clashes + returns.clashes }

    /// The type's lines at `indent`, its full name (for the doc comment's example) being
    /// `namespace.typeName`.
    package func text(namespace: String, indent: String, access: GeneratedAccess) -> [String] {
        let inner = indent + "    "
        let modifier = access.modifier
        let name = SwiftLiteral.commentLine(handler.name)
        var lines = [indent + "/// The handler `\(name)` the flow declares under `handlers:`\(handler.description.map { ": " + SwiftLiteral.commentLine($0) } ?? ".")"]
        lines.append(indent + "///")
        lines.append(indent + "/// Register it with `registry.register(\(namespace).\(typeName).self) { arguments in … }`.")
        lines.append(indent + access.typeModifier + "enum \(typeName): FeedbackFlowCore.DeclaredHandler {")
        lines += arguments.text(name: "Arguments", doc: ["The arguments a step passes to `\(name)`."], indent: inner, access: access)
        lines.append("")
        if handler.returns.isEmpty {
            lines.append(inner + "/// `\(name)` returns no values.")
            lines.append(inner + modifier + "typealias Returns = Swift.Void")
        } else {
            let conversion =
                [inner + "    /// The values by name, as the flow reads them afterwards (`\(name).NAME`)."]
                + [inner + "    " + modifier + "var values: [Swift.String: FeedbackFlowCore.ExpressionValue] {"]
                + [inner + "        [" + returns.properties.map { "\(SwiftLiteral.string($0.declaration.name)): \($0.name).expressionValue" }.joined(separator: ", ") + "]"]
                + [inner + "    }"]
            lines += returns.text(
                name: "Returns", doc: ["The values `\(name)` returns, which the flow reads as `\(name).NAME`."], extra: conversion,
                indent: inner, access: access)
        }
        lines.append("")
        lines.append(inner + "/// `\(name)` as the flow declares it, which the registry's manifest exports once registered.")
        lines.append(inner + modifier + "static let declaration: FeedbackFlowCore.HandlerDeclaration = " + handler.swiftExpression(indent: inner))
        lines.append("")
        lines.append(inner + "/// The arguments `invocation` passes, each read as its declared type.")
        lines.append(
            inner + modifier
                + "static func arguments(from invocation: FeedbackFlowCore.ActionInvocation) throws(FeedbackFlowCore.HandlerArgumentError) -> Arguments {")
        if arguments.properties.isEmpty {
            lines.append(inner + "    _ = try FeedbackFlowCore.HandlerArguments(invocation)")
            lines.append(inner + "    return Arguments()")
        } else {
            lines.append(inner + "    let arguments = try FeedbackFlowCore.HandlerArguments(invocation)")
            lines.append(inner + "    return try Arguments(")
            let reads = arguments.properties.map { inner + "        \($0.name): arguments.value(\(SwiftLiteral.string($0.declaration.name)))" }
            lines.append(reads.joined(separator: ",\n") + ")")
        }
        lines.append(inner + "}")
        if !handler.returns.isEmpty {
            lines.append("")
            lines.append(inner + "/// What the handler returned, by name.")
            lines.append(inner + modifier + "static func returnedValues(_ returns: Returns) -> [Swift.String: FeedbackFlowCore.ExpressionValue] {")
            lines.append(inner + "    returns.values")
            lines.append(inner + "}")
        }
        lines.append(indent + "}")
        return lines
    }
}
