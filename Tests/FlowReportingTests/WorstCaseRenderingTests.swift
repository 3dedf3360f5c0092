import FeedbackFlow
import Testing
import FlowCompile
import FlowSource
@testable import FlowReporting

/// Text output of files whose lines are very long: each excerpt is a window of the line
/// around its column, never the whole line. Inputs are generated here; expectations are
/// computed from how they were generated (the window rule: 120 cells, starting 40 cells
/// before the caret). No timing is asserted; the sizes are those that used to take
/// seconds, so a return of per-diagnostic work proportional to the line would show as a
/// hang.
@Suite("Worst-case rendering: excerpts of very long lines")
struct WorstCaseRenderingTests {
    /// The source line and marker line of each excerpt in `text` (the two lines after each
    /// `file:line:col:` header), without their gutters.
    static func excerpts(_ text: String) -> [(line: String, marker: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [(String, String)] = []
        for (index, line) in lines.enumerated() where line.contains(": error: ") && index + 2 < lines.count {
            func body(_ gutterLine: String) -> String {
                guard let bar = gutterLine.firstIndex(of: "|") else { return gutterLine }
                return String(gutterLine[gutterLine.index(after: bar)...].dropFirst())
            }
            out.append((body(lines[index + 1]), body(lines[index + 2])))
        }
        return out
    }

    @Test("each of 2,000 unknown keys on one 19 KB JSON line is quoted around its own key", arguments: [2_000])
    func unknownKeysOnOneLine(count: Int) throws {
        let keys = (0..<count).map { "\"k\($0)\":1" }.joined(separator: ",")
        let text = #"{"version":1,"style":"success","title":"T","primaryAction":{"button":{"title":"D","action":"dismiss"}},"#
            + keys + "}"
        let compilation = FlowCompiler.compile(
            text: text, format: .json, name: "keys.json", options: CompileOptions(maxDiagnostics: nil))
        let report = DiagnosticReport(files: [
            .init(path: "keys.json", source: compilation.document.source, diagnostics: compilation.diagnostics),
        ])
        let rendered = TextDiagnosticRenderer().render(report)
        let excerpts = Self.excerpts(rendered)
        try #require(excerpts.count == count)
        for (k, excerpt) in excerpts.enumerated() {
            // The caret stands under the key's opening quote, and the excerpt is at most
            // 120 cells plus the two ellipses.
            let caret = try #require(excerpt.marker.firstIndex(of: "^"))
            let lead = excerpt.marker.distance(from: excerpt.marker.startIndex, to: caret)
            let shown = Array(excerpt.line)
            #expect(shown.count <= 122)
            let key = "\"k\(k)\""
            #expect(String(shown[lead..<min(shown.count, lead + key.count)]) == key, "key \(k)")
        }
    }

    @Test("on a 20 MB line, a diagnostic near the middle shows the 120 cells around its column between ellipses")
    func twentyMegabyteLine() {
        let column = 10_000_001
        let line = String(repeating: "ab", count: 5_000_000) + "HERE" + String(repeating: "cd", count: 5_000_000)
        let source = SourceFile(path: "long.yaml", text: line)
        let span = SourceSpan(
            file: "long.yaml", start: SourcePosition(line: 1, column: column, offset: column - 1),
            end: SourcePosition(line: 1, column: column + 4, offset: column + 3))
        let report = DiagnosticReport(files: [
            .init(path: "long.yaml", source: source, diagnostics: [Diagnostic.error("x", "here", at: span)]),
        ])
        let excerpts = Self.excerpts(TextDiagnosticRenderer().render(report))
        // 40 cells before the caret ("abab…", ending with "b" since 40 is even), the
        // word, then the rest of the 120 cells ("cdcd…").
        let expected = "…" + String(repeating: "ab", count: 20) + "HERE" + String(repeating: "cd", count: 38) + "…"
        #expect(excerpts.map(\.line) == [expected])
        #expect(excerpts.map(\.marker) == [String(repeating: " ", count: 41) + "^~~~"])
    }

    @Test("a window of a long line shows what the whole line would show: ASCII, two-byte and wide characters")
    func windowMatchesWholeLine() throws {
        // A 12 KB line (over SourceLines.wholeLineLimit) of mixed widths; for columns all
        // along it, the excerpt through the window equals SourceExcerpt of the whole line.
        let unit = "abcé日本-"
        let line = String(repeating: unit, count: 1_200)
        let lines = SourceLines(SourceFile(path: "mixed.yaml", text: line + "\nnext\n"))
        let scalars = line.unicodeScalars.count
        for column in stride(from: 1, through: scalars + 1, by: 331) {
            let endColumn = min(column + 5, scalars + 1)
            let window = try #require(lines.window(line: 1, column: column, endColumn: endColumn, radius: 480))
            let windowed = SourceExcerpt(
                line: window.text, column: window.column, endColumn: window.endColumn,
                clippedStart: window.clippedStart, clippedEnd: window.clippedEnd)
            let whole = SourceExcerpt(line: line, column: column, endColumn: endColumn)
            #expect(windowed == whole, "column \(column)")
        }
        // A short line is given whole.
        #expect(lines.window(line: 2, column: 2, endColumn: 3, radius: 480)?.text == "next")
    }
}
