import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// The library's messages, notes and hints name what to do as a concept ("declare it as
/// a host-provided variable", "declare its handler"); command-line options are the
/// command line's to add (`FlagHint` in FeedbackFlowCLI).
@Suite("Library diagnostics name concepts, not command-line flags")
struct LibraryHintTests {
    /// Every decoding, validation and navigator fixture (``DecodingFixture``), sorted.
    static func fixtures() throws -> [String] {
        var names: [String] = []
        for folder in ["decoding", "validation", "navigator"] {
            let entries = try FileManager.default.contentsOfDirectory(atPath: DecodingFixture.path(folder))
            names += entries.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        }
        return names.sorted()
    }

    /// Whether `text` holds a long option (`--context`) or a `validate`/`run` command line.
    static func mentionsCommandLine(_ text: String) -> Bool {
        text.contains("--") || text.contains("validate ") || text.contains("feedbackflow")
    }

    @Test("no message, note or hint of loading, decoding or validation mentions a command-line option")
    func noFlagsInLibraryText() throws {
        let names = try Self.fixtures()
        #expect(names.count > 40)
        var seen = Set<String>()
        for name in names {
            for diagnostic in DecodingFixture.compile(name).diagnostics {
                seen.insert(diagnostic.code)
                let texts = [diagnostic.message, diagnostic.hint ?? ""] + diagnostic.notes.map(\.message)
                for text in texts where Self.mentionsCommandLine(text) {
                    Issue.record("\(name): [\(diagnostic.code)] '\(text)' mentions the command line")
                }
            }
        }
        // The two rules whose hints say what to declare are among those checked.
        #expect(seen.isSuperset(of: ["unknown-reference", "unknown-step"]))
    }

    @Test("the summaries of the decoding and validation codes mention no command-line option")
    func noFlagsInSummaries() {
        for code in FlowDiagnosticCode.allCases {
            #expect(!Self.mentionsCommandLine(code.summary), "\(code.rawValue)")
        }
    }
}
