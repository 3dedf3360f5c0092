import FeedbackFlow
import FlowDocument
import Foundation

/// Access to the YAML/JSON fixtures of the decoding and validation tests
/// (`Fixtures/decoding/…`, `Fixtures/validation/…`).
enum DecodingFixture {
    /// The path of fixture `name`, e.g. `decoding/acceptance.yaml`.
    static func path(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)").path
    }

    /// Loads, decodes and validates fixture `name`.
    static func compile(_ name: String) -> FlowCompilation {
        FlowCompiler.compile(path: path(name))
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
