import Foundation
import Testing
import FlowSource
@testable import FlowReporting

/// Loads a fixture of `Fixtures/diagnostics/` as a source file whose path is `display`.
func diagnosticsFixture(_ name: String, as display: String) throws -> SourceFile {
    SourceFile(path: display, bytes: [UInt8](try Data(contentsOf: Fixtures.url("diagnostics/\(name)"))))
}

func diagnosticSpan(_ file: String, _ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> SourceSpan {
    SourceSpan(
        file: file, start: SourcePosition(line: line, column: column),
        end: SourcePosition(line: endLine, column: endColumn))
}

@Suite("Text diagnostics: file:line:col, source line, caret, notes, hint, summary")
struct DiagnosticRenderingTextTests {
    @Test("a diagnostic with a note and a hint renders like a compiler")
    func fullDiagnostic() throws {
        let source = try diagnosticsFixture("duplicate-title.yaml", as: "flows/dup.yaml")
        let diagnostic = Diagnostic.error(
            "duplicate-key", "duplicate key 'title'", at: diagnosticSpan("flows/dup.yaml", 4, 1, 4, 6),
            notes: [.init(message: "first defined here", span: diagnosticSpan("flows/dup.yaml", 3, 1, 3, 6))],
            hint: "remove one of the two")
        let report = DiagnosticReport(files: [.init(path: "flows/dup.yaml", source: source, diagnostics: [diagnostic])])
        let expected = """
            flows/dup.yaml:4:1: error: duplicate key 'title' [duplicate-key]
             4 | title: Again
               | ^~~~~
            flows/dup.yaml:3:1: note: first defined here
             3 | title: Hello
               | ^~~~~
            hint: remove one of the two

            1 error in 1 file

            """
        #expect(TextDiagnosticRenderer().render(report) == expected)
    }

    @Test("the caret lines up after a tab and wide characters in a real file")
    func tabAndWideFile() throws {
        let source = try diagnosticsFixture("tab-and-wide.yaml", as: "a.yaml")
        // Line 3 is `title:<TAB>"Café 日本" # tab`; the quoted string is columns 8..<17
        // (" C a f é space 日 本 " = 9 scalars) and cells 8..<19 (the tab fills 6–7, each
        // ideograph takes two cells).
        // Line 4 is `primaryAction: nope`; `nope` is columns 16..<20.
        let diagnostics = [
            Diagnostic.warning("odd-title", "odd title", at: diagnosticSpan("a.yaml", 3, 8, 3, 17)),
            Diagnostic.error("invalid-value", "expected 'none', 'button' or 'retryButton'", at: diagnosticSpan("a.yaml", 4, 16, 4, 20)),
        ]
        let report = DiagnosticReport(files: [.init(path: "a.yaml", source: source, diagnostics: diagnostics)])
        let expected = """
            a.yaml:3:8: warning: odd title [odd-title]
             3 | title:  "Café 日本" # tab
               |         ^~~~~~~~~~~

            a.yaml:4:16: error: expected 'none', 'button' or 'retryButton' [invalid-value]
             4 | primaryAction: nope
               |                ^~~~

            1 error, 1 warning in 1 file

            """
        #expect(TextDiagnosticRenderer(tabWidth: 4).render(report) == expected)
    }

    @Test("the gutter is as wide as the line number")
    func wideGutter() {
        let text = (1...120).map { "line \($0)" }.joined(separator: "\n")
        let source = SourceFile(path: "long.yaml", text: text)
        let report = DiagnosticReport(files: [.init(
            path: "long.yaml", source: source,
            diagnostics: [.error("x", "bad", at: diagnosticSpan("long.yaml", 117, 6, 117, 9))])])
        let lines = TextDiagnosticRenderer(showsSummary: false).render(report).split(separator: "\n")
        #expect(lines == ["long.yaml:117:6: error: bad [x]", " 117 | line 117", "     |      ^~~"])
    }

    @Test("a diagnostic without a location or a readable source has only its header")
    func noSource() {
        let report = DiagnosticReport(
            files: [.init(path: "gone.yaml", source: nil, diagnostics: [
                .error("io-error", "cannot read file 'gone.yaml'", at: diagnosticSpan("gone.yaml", 1, 1, 1, 1)),
            ])],
            general: [Diagnostic(severity: .warning, code: "no-files", message: "nothing to check", span: nil)])
        let expected = """
            warning: nothing to check [no-files]

            gone.yaml:1:1: error: cannot read file 'gone.yaml' [io-error]

            1 error, 1 warning in 1 file

            """
        #expect(TextDiagnosticRenderer().render(report) == expected)
    }

    @Test("a clean run prints only the summary")
    func clean() {
        let report = DiagnosticReport(files: [
            .init(path: "a.yaml", source: nil, diagnostics: []),
            .init(path: "b.yaml", source: nil, diagnostics: []),
        ])
        #expect(TextDiagnosticRenderer().render(report) == "no problems in 2 files\n")
    }

    @Test("summary counts each severity and the files, with plurals")
    func summaryLine() {
        #expect(DiagnosticCounts(errors: 2, warnings: 1, files: 3).summary == "2 errors, 1 warning in 3 files")
        #expect(DiagnosticCounts(errors: 1, files: 1).summary == "1 error in 1 file")
        #expect(DiagnosticCounts(warnings: 2, notes: 1, files: 2).summary == "2 warnings, 1 note in 2 files")
        #expect(DiagnosticCounts(files: 0).summary == "no problems in 0 files")
    }

    @Test("plain style writes no escape byte, even for escape sequences in the input")
    func plainHasNoEscape() {
        let source = SourceFile(path: "evil.yaml", text: "title: \u{1B}[2J\u{1B}]0;pwned\u{07}\n")
        let report = DiagnosticReport(files: [.init(path: "evil.yaml", source: source, diagnostics: [
            .error("x", "bad value '\u{1B}[2J'", at: diagnosticSpan("evil.yaml", 1, 8, 1, 12), hint: "\u{1B}[31m"),
        ])])
        let output = TextDiagnosticRenderer(style: .plain).render(report)
        #expect(!output.utf8.contains(0x1B))
        #expect(!output.utf8.contains(0x07))
        #expect(output.contains("bad value '\u{FFFD}[2J'"))
    }

    @Test("an enabled style colours the severity, and only the renderer's own escapes appear")
    func colours() {
        let report = DiagnosticReport(files: [.init(path: "a.yaml", source: nil, diagnostics: [
            .error("x", "bad", at: diagnosticSpan("a.yaml", 1, 1, 1, 2)),
            .warning("y", "meh", at: diagnosticSpan("a.yaml", 2, 1, 2, 2)),
        ])])
        let output = TextDiagnosticRenderer(style: TerminalStyle(isEnabled: true)).render(report)
        #expect(output.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(output.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
    }

    @Test("--quiet filtering keeps errors and drops warnings and notes")
    func filtering() {
        let report = DiagnosticReport(files: [.init(path: "a.yaml", source: nil, diagnostics: [
            .error("x", "bad", at: diagnosticSpan("a.yaml", 1, 1, 1, 2)),
            .warning("y", "meh", at: diagnosticSpan("a.yaml", 2, 1, 2, 2)),
            Diagnostic(severity: .note, code: "z", message: "fyi", span: nil),
        ])])
        let quiet = report.filtered(minimumSeverity: .error)
        #expect(quiet.allDiagnostics.map(\.code) == ["x"])
        #expect(quiet.counts == DiagnosticCounts(errors: 1, files: 1))
    }
}

@Suite("Text diagnostics: gutters")
struct DiagnosticRenderingGutterTests {
    @Test("a note's excerpt shares the gutter width of its diagnostic")
    func sharedGutter() {
        let text = (1...12).map { "key\($0): x" }.joined(separator: "\n")
        let source = SourceFile(path: "g.yaml", text: text)
        let diagnostic = Diagnostic.error(
            "duplicate-key", "duplicate key", at: diagnosticSpan("g.yaml", 12, 1, 12, 6),
            notes: [.init(message: "first defined here", span: diagnosticSpan("g.yaml", 5, 1, 5, 5))])
        let report = DiagnosticReport(files: [.init(path: "g.yaml", source: source, diagnostics: [diagnostic])])
        let lines = TextDiagnosticRenderer(showsSummary: false).render(report).split(separator: "\n")
        #expect(lines == [
            "g.yaml:12:1: error: duplicate key [duplicate-key]",
            " 12 | key12: x",
            "    | ^~~~~",
            "g.yaml:5:1: note: first defined here",
            "  5 | key5: x",
            "    | ^~~~",
        ])
    }
}
