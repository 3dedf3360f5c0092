import FeedbackFlow
import FeedbackFlowTestSupport
import FlowCodeGeneration
import FlowCompile
import FlowSource
import Foundation
import Testing

/// What the build does with one flow file (`FlowCodeGenerator`): checks it as `validate`
/// does from its folder, reports problems as compilers do, and writes Swift only for a
/// flow without errors.
@Suite("Generating a flow's Swift")
struct GenerationTests {
    /// The path of fixture `name` of this target.
    static func fixture(_ name: String) -> String {
        BuiltTool.repositoryRoot.appendingPathComponent("Tests/FlowCodeGenerationTests/Fixtures/\(name)").path
    }

    /// Generates fixture `name`'s Swift as the build does, from the repository's root.
    static func generate(_ name: String, access: GeneratedAccess = .internal) -> FlowCodeGenerator.Result {
        FlowCodeGenerator.generate(path: fixture(name), workingDirectory: BuiltTool.repositoryRoot.path, access: access)
    }

    @Test("a flow with an error gives validate's diagnostics, at the flow's file, line and column in the compilers' form, and no Swift")
    func errorsStopTheBuild() throws {
        let result = Self.generate("unknown-screen.flow.yaml")
        #expect(result.swift == nil)
        #expect(result.failed)
        #expect(DecodingFixture.places(result.diagnostics) == ["8:58 unknown-screen"])
        let path = Self.fixture("unknown-screen.flow.yaml")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(
            BuildDiagnosticText.lines(of: diagnostic, file: path)
                == "\(path):8:58: error: unknown screen 'thankz' [unknown-screen]\n\(path):8:58: note: 'push' target: did you mean 'thanks'?\n")
    }

    @Test("an id that gets no Swift name is an error at the id; a clash with a second choice free is settled")
    func nameClash() throws {
        let result = Self.generate("clash.flow.yaml")
        #expect(result.swift == nil)
        #expect(DecodingFixture.places(result.diagnostics) == ["20:3 swift-name-clash"])
        #expect(
            result.diagnostics.first?.message
                == "screen 'rate.call' gets no Swift name: 'rateCall' is taken by screen 'rate-call'; 'rate_call' is taken by screen 'rate_call'")
        #expect(result.diagnostics.first?.severity == .error)
        // The names that could be given, and the fields': contactEmail keeps its spelling.
        let flow = try #require(FlowCompiler.compile(contentsOf: URL(filePath: Self.fixture("clash.flow.yaml"))).flow)
        let text = FlowSwiftSource(.init(flow: flow, json: "{}\n", fileName: "clash.flow.yaml")).text
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("case rate_call"))
        #expect(lines.contains(#"case rateCall = "rate-call""#))
        #expect(!lines.contains { $0.contains(#""rate.call""#) && $0.hasPrefix("case ") })
        #expect(lines.contains(#"static let contact_email: FeedbackFlowCore.FieldID = "contact.email""#))
        #expect(lines.contains(#"static let contactEmail: FeedbackFlowCore.FieldID = "contactEmail""#))
    }

    @Test("the nearest .feedbackflow.yaml above the flow applies: its context names and its rule levels")
    func configurationApplies() throws {
        let greeting = Self.generate("configured/greeting.flow.yaml")
        // user.name is the configuration's; user.nickname is no one's, a warning there.
        #expect(DecodingFixture.places(greeting.diagnostics) == ["9:46 unknown-reference"])
        #expect(greeting.diagnostics.first?.severity == .warning)
        let swift = try #require(greeting.swift)
        #expect(swift.contains(#"FeedbackFlowCore.CompileOptions(additionalVariables: ["user.name"])"#))
        // The JSON compiled at run time reports what the build was told to accept: not an error there either.
        #expect(swift.contains(#"let errors = compilation.diagnostics.filter { $0.severity == .error && !["unknown-reference"].contains($0.code) }"#))
        let unused = Self.generate("configured/unused.flow.yaml")
        #expect(DecodingFixture.places(unused.diagnostics) == ["6:3 unused-handler"])
        #expect(unused.diagnostics.first?.severity == .error)
        #expect(unused.swift == nil)
    }

    @Test("the flow's JSON is what 'feedbackflow convert --to json' writes", arguments: [
        "flows/call-quality-rating.flow.yaml", "flows/network-error.flow.yaml", "flows/rating-branches.flow.yaml",
        "flows/simple-success.flow.yaml", "flows/style-gallery.flow.yaml", "Tests/FlowCodeGenerationTests/Fixtures/every-type.flow.yaml",
    ])
    func jsonIsConvertOutput(_ path: String) async throws {
        let converted = try await BuiltTool.run(["convert", "--to", "json", path])
        #expect(converted.status == 0, "\(converted.standardError)")
        let compilation = FlowCompiler.compile(path: path, keepingTree: true)
        let root = try #require(compilation.document.root)
        let json = try FlowJSONText.text(of: root, flowID: compilation.flow?.id, path: path, maximumDepth: LoadingLimits().maximumNestingDepth)
        #expect(json == converted.standardOutput)
        // The generated Swift holds it line for line.
        let swift = try #require(FlowCodeGenerator.generate(path: path, workingDirectory: BuiltTool.repositoryRoot.path).swift)
        for line in json.split(separator: "\n") {
            #expect(swift.contains("        " + line + "\n"), "\(line)")
        }
    }
}
