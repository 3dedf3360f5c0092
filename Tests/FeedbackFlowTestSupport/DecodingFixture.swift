import FeedbackFlow
import FlowSource
import Foundation
import Testing

/// The YAML/JSON fixtures of the compiler's and the runtime's tests, as files beside
/// them: the decoding, validation and expression fixtures of `FlowCompileTests`
/// (`decoding/…`, `validation/…`, `expressions/…`) and the flows the navigator tests of
/// `FeedbackFlowTests` run (`navigator/…`).
package enum DecodingFixture {
    /// The test targets whose `Fixtures/` folders hold them, looked in in this order.
    static let folders = ["Tests/FlowCompileTests/Fixtures", "Tests/FeedbackFlowTests/Fixtures"]

    /// The path of fixture `name`, e.g. `decoding/acceptance.yaml`, or of a folder of
    /// them, e.g. `navigator`: in the first target's folder that has it.
    package static func path(_ name: String) -> String {
        let candidates = folders.map { BuiltTool.repositoryRoot.appendingPathComponent("\($0)/\(name)").path }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    /// Loads, decodes and validates fixture `name`.
    package static func compile(_ name: String) -> FlowCompilation {
        FlowCompiler.compile(contentsOf: URL(filePath: path(name)))
    }

    /// The flow of fixture `name`, e.g. `navigator/steps.yaml`, which must compile
    /// without any diagnostic (a failed expectation at the caller otherwise).
    package static func flow(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Flow {
        let compilation = compile(name)
        #expect(
            compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return try #require(compilation.flow, sourceLocation: sourceLocation)
    }

    /// `line:column code` for each diagnostic, the compact form the tests compare with
    /// positions counted by hand from the fixture.
    package static func places(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in
            let place = d.span.map { "\($0.start.line):\($0.start.column)" } ?? "-"
            return "\(place) \(d.code)"
        }
    }

    /// The diagnostic at `line:column` with `code`, if any.
    package static func find(_ diagnostics: [Diagnostic], _ place: String, _ code: String) -> Diagnostic? {
        diagnostics.first { d in
            guard let span = d.span else { return false }
            return "\(span.start.line):\(span.start.column)" == place && d.code == code
        }
    }
}
