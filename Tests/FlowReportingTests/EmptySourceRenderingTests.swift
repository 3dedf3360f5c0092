import FlowSource
import Testing
@testable import FlowReporting

/// A file with no bytes has no line to quote (QA finding 8: an io-error showed a caret
/// under an empty "line 1").
@Suite("Text diagnostics of files with no bytes")
struct EmptySourceRenderingTests {
    @Test("an unreadable or empty file's diagnostic at 1:1 has its header and hint, no quoted line", arguments: [
        ("io-error", "cannot read file 'gone.yaml': No such file or directory"),
        ("empty-document", "the file holds no document"),
    ])
    func noExcerpt(code: String, message: String) {
        let report = DiagnosticReport(files: [.init(
            path: "gone.yaml", source: SourceFile(path: "gone.yaml", bytes: []),
            diagnostics: [.error(code, message, at: diagnosticSpan("gone.yaml", 1, 1, 1, 1), hint: "a hint")])])
        let expected = """
            gone.yaml:1:1: error: \(message) [\(code)]
            hint: a hint

            """
        #expect(TextDiagnosticRenderer(showsSummary: false).render(report) == expected)
    }
}
