import FeedbackFlow
import FlowSource
import Foundation
import Testing

/// Access to this target's YAML/JSON fixtures: the decoding and validation tests
/// (`Fixtures/decoding/…`, `Fixtures/validation/…`) and the flows the navigator tests
/// run (`Fixtures/navigator/…`).
enum DecodingFixture {
    /// The path of fixture `name`, e.g. `decoding/acceptance.yaml`.
    static func path(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)").path
    }

    /// Loads, decodes and validates fixture `name`.
    static func compile(_ name: String) -> FlowCompilation {
        FlowCompiler.compile(path: path(name))
    }

    /// The flow of fixture `name`, e.g. `navigator/steps.yaml`, which must compile
    /// without any diagnostic (a failed expectation at the caller otherwise).
    static func flow(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Flow {
        let compilation = compile(name)
        #expect(
            compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return try #require(compilation.flow, sourceLocation: sourceLocation)
    }

    /// `line:column code` for each diagnostic, the compact form the tests compare with
    /// positions counted by hand from the fixture.
    static func places(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in
            let place = d.span.map { "\($0.start.line):\($0.start.column)" } ?? "-"
            return "\(place) \(d.code)"
        }
    }

    /// The diagnostic at `line:column` with `code`, if any.
    static func find(_ diagnostics: [Diagnostic], _ place: String, _ code: String) -> Diagnostic? {
        diagnostics.first { d in
            guard let span = d.span else { return false }
            return "\(span.start.line):\(span.start.column)" == place && d.code == code
        }
    }
}
