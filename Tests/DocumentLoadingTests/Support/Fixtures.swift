import Foundation
import FeedbackFlow
import FlowSource

/// Access to the files in this target's `Fixtures/` folder.
enum Fixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)")
    }

    static func bytes(_ name: String) -> [UInt8] {
        [UInt8](try! Data(contentsOf: url(name)))
    }

    /// Loads fixture `name` with the path `name` (so spans read `name`), format from its extension.
    static func load(_ name: String, limits: LoadingLimits = LoadingLimits()) -> LoadedDocument {
        DocumentLoader.load(SourceFile(path: name, bytes: bytes(name)), limits: limits)
    }
}

/// Compact views of loader results for expectations.
extension LoadedDocument {
    /// `code@line:column` of every diagnostic, in order.
    var codes: [String] {
        diagnostics.map { d in
            d.span.map { "\(d.code)@\($0.start.line):\($0.start.column)" } ?? d.code
        }
    }
}

extension Node {
    /// `line:column` of the start.
    var at: String { "\(span.start.line):\(span.start.column)" }
    /// `line:column-line:column` of the span.
    var range: String { "\(span.start.line):\(span.start.column)-\(span.end.line):\(span.end.column)" }
}
