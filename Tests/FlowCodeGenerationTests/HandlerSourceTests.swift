import FeedbackFlowTestSupport
import FlowCodeGeneration
import FlowCompile
import Foundation
import Testing

/// The Swift emitted for a flow's declared handlers: a struct of the arguments with one
/// property of each declared type (optional ones `nil` by default), the values it
/// returns, its declaration, and the reading of a step's arguments.
@Suite("Swift of declared handlers")
struct HandlerSourceTests {
    /// A handler with a required and an optional argument of each of the four types.
    static let record = HandlerDeclaration(
        name: "record",
        arguments: [
            ValueDeclaration(name: "count", type: ValueType(.integer)),
            ValueDeclaration(name: "limit", type: ValueType(.integer, isOptional: true)),
            ValueDeclaration(name: "ratio", type: ValueType(.decimal)),
            ValueDeclaration(name: "scale", type: ValueType(.decimal, isOptional: true)),
            ValueDeclaration(name: "label", type: ValueType(.string)),
            ValueDeclaration(name: "note", type: ValueType(.string, isOptional: true)),
            ValueDeclaration(name: "urgent", type: ValueType(.boolean)),
            ValueDeclaration(name: "silent", type: ValueType(.boolean, isOptional: true)),
        ],
        returns: [ValueDeclaration(name: "reference", type: ValueType(.string))])

    /// The lines of `handler`'s Swift, each without its indentation.
    static func lines(_ handler: HandlerDeclaration, access: GeneratedAccess = .internal) -> [String] {
        DeclaredHandlerSource(handler, typeName: "Record").text(namespace: "CheckFlow", indent: "", access: access)
            .joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("each declared argument is a property of its Swift type: Int, Decimal, String, Bool, optional for a type with '?'")
    func argumentProperties() {
        let lines = Self.lines(Self.record)
        for property in [
            "var count: Swift.Int", "var limit: Swift.Int?", "var ratio: Decimal", "var scale: Decimal?", "var label: Swift.String",
            "var note: Swift.String?", "var urgent: Swift.Bool", "var silent: Swift.Bool?",
        ] {
            #expect(lines.contains(property), "\(property)")
        }
        #expect(
            lines.contains(
                "init(count: Swift.Int, limit: Swift.Int? = nil, ratio: Decimal, scale: Decimal? = nil, label: Swift.String, note: Swift.String? = nil, urgent: Swift.Bool, silent: Swift.Bool? = nil) {"
            ))
    }

    @Test("a step's arguments are read by name into the struct, each as its property's type")
    func argumentReading() {
        let lines = Self.lines(Self.record)
        #expect(lines.contains("let arguments = try FeedbackFlowCore.HandlerArguments(invocation)"))
        #expect(lines.contains("return try Arguments("))
        #expect(lines.contains(#"count: arguments.value("count"),"#))
        #expect(lines.contains(#"silent: arguments.value("silent"))"#))
    }

    @Test("the declaration is written with its arguments' types, so the registry's manifest exports it")
    func declaration() {
        let lines = Self.lines(Self.record)
        #expect(lines.contains(#"name: "record","#))
        #expect(lines.contains(#"FeedbackFlowCore.ValueDeclaration(name: "count", type: FeedbackFlowCore.ValueType(.integer)),"#))
        #expect(
            lines.contains(#"FeedbackFlowCore.ValueDeclaration(name: "scale", type: FeedbackFlowCore.ValueType(.decimal, isOptional: true)),"#))
        #expect(lines.contains(#"FeedbackFlowCore.ValueDeclaration(name: "reference", type: FeedbackFlowCore.ValueType(.string)),"#))
    }

    @Test("the returned values are a struct too, given back by name; a handler that returns none returns Void")
    func returnedValues() {
        let lines = Self.lines(Self.record)
        #expect(lines.contains("var reference: Swift.String"))
        #expect(lines.contains(#"["reference": reference.expressionValue]"#))
        let ping = Self.lines(HandlerDeclaration(name: "ping"))
        #expect(ping.contains("typealias Returns = Swift.Void"))
        #expect(ping.contains("return Arguments()"))
        #expect(!ping.contains { $0.contains("returnedValues") })
    }

    @Test("with public access every declaration a client uses is public")
    func publicAccess() {
        let lines = Self.lines(Self.record, access: .public)
        #expect(lines.contains("public var count: Swift.Int"))
        #expect(lines.contains { $0.hasPrefix("public init(count: Swift.Int,") })
        #expect(lines.contains { $0.hasPrefix("public static let declaration: FeedbackFlowCore.HandlerDeclaration") })
        #expect(lines.contains { $0.hasPrefix("public static func arguments(from invocation:") })
        #expect(lines.contains { $0.hasPrefix("public ") && $0.hasSuffix("enum Record: FeedbackFlowCore.DeclaredHandler {") })
    }
}
