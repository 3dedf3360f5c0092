import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// The runtime support of the Swift the build-time plugin generates for a flow's declared
/// handlers: arguments read by their declared types (`DeclaredValue`, `HandlerArguments`),
/// a readable step error for one that does not hold its type, and registration with a
/// closure that takes the arguments as a struct.
@Suite("Declared handlers")
struct DeclaredHandlerTests {
    /// A declared handler as the plugin would generate it for
    /// `upload: {arguments: {ticket: string, size: integer, crashes: boolean?, ratio: decimal?}, returns: {reference: string}}`.
    enum Upload: DeclaredHandler {
        struct Arguments: Sendable, Hashable {
            var ticket: String
            var size: Int
            var crashes: Bool?
            var ratio: Decimal?
        }

        struct Returns: Sendable {
            var reference: String
        }

        static let declaration = HandlerDeclaration(
            name: "upload",
            arguments: [
                ValueDeclaration(name: "ticket", type: ValueType(.string)), ValueDeclaration(name: "size", type: ValueType(.integer)),
                ValueDeclaration(name: "crashes", type: ValueType(.boolean, isOptional: true)),
                ValueDeclaration(name: "ratio", type: ValueType(.decimal, isOptional: true)),
            ],
            returns: [ValueDeclaration(name: "reference", type: ValueType(.string))])

        static func arguments(from invocation: ActionInvocation) throws(HandlerArgumentError) -> Arguments {
            let arguments = try HandlerArguments(invocation)
            return try Arguments(
                ticket: arguments.value("ticket"), size: arguments.value("size"), crashes: arguments.value("crashes"),
                ratio: arguments.value("ratio"))
        }

        static func returnedValues(_ returns: Returns) -> [String: ExpressionValue] {
            ["reference": returns.reference.expressionValue]
        }
    }

    /// A flow whose Send button runs `upload` with `argument` (YAML flow-style), then shows
    /// what it returned. Checked against `upload`'s declaration when `declared`; else
    /// validation checks no argument, and the registered handler's reading is what meets a
    /// wrong one.
    static func flow(uploading argument: String, declared: Bool = true) throws -> Flow {
        let text = """
            version: 1
            id: upload-test
            start: ask
            screens:
              ask:
                style: informative
                title: Send?
                extraContent: [{textField: {id: ticket, label: Ticket}}]
                primaryAction: {button: {title: Send, action: [{upload: \(argument)}, {push: done}]}}
              done:
                style: success
                title: \(declared ? "\"Sent as ${upload.reference}\"" : "Sent")
                primaryAction: {button: {title: Done, action: dismiss}}
            """
        let options = declared ? CompileOptions(handlerManifest: [Upload.declaration]) : CompileOptions(knownHandlers: ["upload"])
        let compilation = FlowCompiler.compile(text: text, name: "upload-test.yaml", options: options)
        #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
        return try #require(compilation.flow)
    }

    /// Runs `flow` with `upload` registered through its declared type, taps Send, and
    /// returns the arguments the closure got (none when it did not run) and the top screen.
    static func run(_ flow: Flow) async throws -> (arguments: [Upload.Arguments], top: ScreenSnapshot?) {
        let received = LockedBox<[Upload.Arguments]>([])
        var registry = ActionHandlerRegistry()
        registry.register(Upload.self) { arguments in
            received.withLock { $0.append(arguments) }
            return Upload.Returns(reference: "R-\(arguments.size)")
        }
        let navigator = FlowNavigator(flow: flow, registry: registry)
        try await navigator.start()
        let first = try #require(await navigator.snapshot())
        try await navigator.setField("ticket", to: .text("T-7"))
        #expect(await navigator.tap(.primary, on: first.instance.id) == .ran)
        return (received.withLock { $0 }, await navigator.snapshot())
    }

    @Test("a registered declared handler gets its arguments as a struct of their declared types, and the flow reads what it returns")
    func typedArguments() async throws {
        let run = try await Self.run(Self.flow(uploading: #"{ticket: "${ticket}", size: 512, crashes: true, ratio: 0.25}"#))
        #expect(run.arguments == [Upload.Arguments(ticket: "T-7", size: 512, crashes: true, ratio: Decimal(string: "0.25"))])
        #expect(run.top?.instance.screenID == "done")
        #expect(run.top?.title == "Sent as R-512")
    }

    @Test("an optional argument left out or null is nil")
    func optionalArguments() async throws {
        let run = try await Self.run(Self.flow(uploading: #"{ticket: "${ticket}", size: 1, crashes: null}"#))
        #expect(run.arguments == [Upload.Arguments(ticket: "T-7", size: 1, crashes: nil, ratio: nil)])
    }

    @Test(
        "an argument that does not hold its declared type fails the step with a readable message, and the closure does not run",
        arguments: [
            (#"{ticket: "${ticket}", size: ten}"#, "handler 'upload': argument 'size' is integer, got the string 'ten'"),
            (#"{ticket: "${ticket}", size: 2.5}"#, "handler 'upload': argument 'size' is integer, got the number 2.5"),
            (#"{ticket: "${ticket}"}"#, "handler 'upload': argument 'size' (integer) is missing"),
            (#"{ticket: 7, size: 1}"#, "handler 'upload': argument 'ticket' is string, got the number 7"),
            (#"{ticket: "${ticket}", size: 1, crashes: "yes"}"#, "handler 'upload': argument 'crashes' is boolean?, got the string 'yes'"),
            (#"{ticket: "${ticket}", size: 1, ratio: [1]}"#, "handler 'upload': argument 'ratio' is decimal?, got a list"),
            ("[T-7, 1]", "handler 'upload' takes a mapping of arguments, got a list"),
        ])
    func wrongArguments(_ argument: String, message: String) async throws {
        let run = try await Self.run(Self.flow(uploading: argument, declared: false))
        #expect(run.arguments.isEmpty)
        #expect(run.top?.instance.screenID == "ask")
        #expect(run.top?.errorMessage == message)
    }

    @Test("registering a declared handler registers its declaration, which the manifest exports")
    func manifest() {
        var registry = ActionHandlerRegistry()
        registry.register(Upload.self) { _ in Upload.Returns(reference: "") }
        #expect(registry.handlerManifest == [Upload.declaration])
        #expect(
            registry.manifest()
                == #"{"upload":{"arguments":{"crashes":"boolean?","ratio":"decimal?","size":"integer","ticket":"string"},"returns":{"reference":"string"}}}"#)
    }

    @Test("each Swift type reads the values of its declared type only, and gives them back as expressions read them")
    func declaredValues() {
        #expect(Int.declaredType == ValueType(.integer))
        #expect(Int.decoded(from: .number("-12")) == -12)
        #expect(Int.decoded(from: .number("2.5")) == nil)
        #expect(Int.decoded(from: .number("99999999999999999999")) == nil)
        #expect(Int.decoded(from: .string("12")) == nil)
        #expect(Int.decoded(from: nil) == nil)
        #expect(Decimal.declaredType == ValueType(.decimal))
        #expect(Decimal.decoded(from: .number("2.5")) == Decimal(string: "2.5"))
        #expect(Decimal.decoded(from: .number("3")) == Decimal(3))
        #expect(Decimal.decoded(from: .bool(true)) == nil)
        #expect(String.decoded(from: .string("a")) == "a")
        #expect(String.decoded(from: .number("1")) == nil)
        #expect(Bool.decoded(from: .bool(false)) == false)
        #expect(Bool.decoded(from: .string("true")) == nil)
        #expect(Int?.declaredType == ValueType(.integer, isOptional: true))
        #expect(Int?.decoded(from: nil) == .some(nil))
        #expect(Int?.decoded(from: .null) == .some(nil))
        #expect(Int?.decoded(from: .number("4")) == .some(4))
        #expect(Int?.decoded(from: .string("4")) == nil)
        #expect(4.expressionValue == .integer(4))
        #expect(Decimal(string: "0.5")?.expressionValue == .decimal(Decimal(string: "0.5") ?? 0))
        #expect("a".expressionValue == .string("a"))
        #expect(true.expressionValue == .boolean(true))
        #expect((nil as Bool?).expressionValue == .null)
        #expect((7 as Int?).expressionValue == .integer(7))
    }
}
