import FeedbackFlowTestSupport
import FlowCodeGeneration
import Foundation
import Testing

/// The generated Swift compiled as an app's target would compile it, outside this package
/// (so only FeedbackFlowCore's public API is in reach): Swift 6 mode with `ExistentialAny`
/// and `MemberImportVisibility`, warnings as errors, and a host that registers every
/// handler with a closure reading each argument as its declared type.
@Suite("Generated Swift type-checks")
struct GeneratedSwiftTypeCheckTests {
    /// Uses every name `every-type.flow.yaml` gets: each argument read as its declared type.
    static let host = """
        import FeedbackFlowCore
        #if canImport(FoundationEssentials)
        import FoundationEssentials
        #else
        import Foundation
        #endif

        func register(in registry: inout ActionHandlerRegistry) {
            registry.register(_2faCheckFlow.Record.self) { arguments in
                let count: Int = arguments.count
                let limit: Int? = arguments.limit
                let ratio: Decimal = arguments.ratio
                let scale: Decimal? = arguments.scale
                let label: String = arguments.label
                let note: String? = arguments.note
                let urgent: Bool = arguments.urgent
                let silent: Bool? = arguments.silent
                print(count, limit ?? 0, ratio, scale ?? 0, label, note ?? "", urgent, silent ?? false)
                return _2faCheckFlow.Record.Returns(reference: "R-1", accepted: true)
            }
            registry.register(_2faCheckFlow.Ping.self) { _ in }
        }

        func names() throws -> [String] {
            let flow = try _2faCheckFlow.flow()
            let payload = _2faCheckFlow.Event.CodeSent(attempt: 2, delay: 0.5)
            let ids = [_2faCheckFlow.Screen.default.rawValue, _2faCheckFlow.Screen.allSet.rawValue]
            return [flow.id, _2faCheckFlow.id, _2faCheckFlow.Field.code.rawValue, _2faCheckFlow.Event.CodeSent.name] + ids
                + payload.context.keys.sorted()
        }

        """

    /// Type-checks `files` against the modules the tests were built with, with the flags
    /// of the package's own targets, warnings as errors, and `flags`; the compiler's
    /// temporary files go into `folder`.
    static func typeCheck(_ files: [String], flags: [String] = [], in folder: URL) async throws -> BuiltTool.Result {
        let root = BuiltTool.repositoryRoot
        return try await BuiltTool.runProgram(
            "/usr/bin/env",
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-I", BuiltTool.productsFolder.appendingPathComponent("Modules").path,
                "-I", root.appendingPathComponent("Sources/CYAML").path, "-I", root.appendingPathComponent("Sources/CCurl").path,
                "-enable-upcoming-feature", "ExistentialAny", "-enable-upcoming-feature", "MemberImportVisibility", "-warnings-as-errors",
            ] + flags + files,
            environment: ["TMPDIR": folder.path])
    }

    /// Writes every-type.flow.yaml's Swift (with `access`) and `host` into a new folder and
    /// type-checks them with `flags`.
    static func check(host: String, access: GeneratedAccess = .internal, flags: [String] = []) async throws -> BuiltTool.Result {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = try #require(GenerationTests.generate("every-type.flow.yaml", access: access).swift)
        let generated = folder.appendingPathComponent("every-type.flow.yaml.swift")
        let hostFile = folder.appendingPathComponent("Host.swift")
        try swift.write(to: generated, atomically: true, encoding: .utf8)
        try host.write(to: hostFile, atomically: true, encoding: .utf8)
        return try await typeCheck([generated.path, hostFile.path], flags: flags, in: folder)
    }

    @Test("a host registers each declared handler with a closure that reads every argument as its declared type, without a warning")
    func hostCompiles() async throws {
        let run = try await Self.check(host: Self.host)
        #expect(run.status == 0, "\(run.standardError)")
    }

    @Test("public declarations type-check too, for a library target whose clients use the flow")
    func publicAccess() async throws {
        let run = try await Self.check(host: Self.host, access: .public)
        #expect(run.status == 0, "\(run.standardError)")
    }

    #if compiler(>=6.2)
    @Test("in a target whose declarations are main-actor isolated by default, the generated types still conform and compile")
    func mainActorByDefault() async throws {
        let run = try await Self.check(host: Self.host, flags: ["-default-isolation", "MainActor"])
        #expect(run.status == 0, "\(run.standardError)")
    }
    #endif

    @Test("a closure that reads an argument as another type than the flow declares does not compile, at that line")
    func wrongTypeFails() async throws {
        let host = """
            import FeedbackFlowCore

            func register(in registry: inout ActionHandlerRegistry) {
                registry.register(_2faCheckFlow.Record.self) { arguments in
                    let count: String = arguments.count
                    print(count)
                    return _2faCheckFlow.Record.Returns(reference: "R-1", accepted: true)
                }
            }

            """
        let run = try await Self.check(host: host)
        #expect(run.status != 0)
        #expect(run.standardError.contains("Host.swift:5:"))
        #expect(run.standardError.contains("error: cannot convert value of type 'Int' to specified type 'String'"))
    }

    @Test("a handler or argument the flow does not have does not compile")
    func renamedFails() async throws {
        let host = """
            import FeedbackFlowCore

            func register(in registry: inout ActionHandlerRegistry) {
                registry.register(_2faCheckFlow.Record.self) { arguments in
                    print(arguments.amount)
                    return _2faCheckFlow.Record.Returns(reference: "R-1", accepted: true)
                }
                registry.register(_2faCheckFlow.Recorder.self) { _ in }
            }

            """
        let run = try await Self.check(host: host)
        #expect(run.status != 0)
        #expect(run.standardError.contains("Host.swift:5:") && run.standardError.contains("has no member 'amount'"))
        #expect(run.standardError.contains("Host.swift:8:") && run.standardError.contains("has no member 'Recorder'"))
    }
}
