import FlowCompile
import FlowSource

/// Renders a report as JUnit XML, the test-report format most CI servers display:
/// one `testcase` per checked file (passing when it has no error), one `failure` per
/// error (its `type` is the code, its `message` `line:col: message`, its text the full
/// `file:line:col: error: message [code]` with notes and hint), warnings and notes in
/// the test case's `system-out`.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="feedbackflow" tests="2" failures="1" errors="0">
///   <testsuite name="feedbackflow validate" tests="2" failures="1" errors="0" skipped="0">
///     <testcase classname="feedbackflow.validate" name="flows/bad.yaml">
///       <failure type="unknown-key" message="7:5: unknown key 'titel'">…</failure>
///     </testcase>
///     <testcase classname="feedbackflow.validate" name="flows/good.yaml"/>
///   </testsuite>
/// </testsuites>
/// ```
///
/// `tests` counts files, `failures` counts files with at least one error (the Ant JUnit
/// schema counts failed tests, not failure elements), including errors the diagnostic
/// limit left out (the file's `too-many-diagnostics` note, in `system-out`, says how
/// many; when every error of the file was left out, that note is its `failure`). Diagnostics that belong to no
/// file form one more test case named `(run)`. Text is escaped per XML 1.0 (see
/// `XMLText`).
package struct JUnitDiagnosticRenderer: DiagnosticRenderer {
    /// The name of the suite and of the `classname` prefix.
    package var suiteName: String

    package init(suiteName: String = "feedbackflow") {
        self.suiteName = suiteName
    }

    package func render(_ report: DiagnosticReport) -> String {
        var cases: [(name: String, diagnostics: [Diagnostic], hasErrors: Bool)] = []
        if !report.general.isEmpty {
            cases.append(("(run)", report.general, report.general.contains { $0.severity == .error }))
        }
        cases += report.files.map { ($0.path, $0.diagnostics, $0.hasErrors) }
        let failed = cases.filter(\.hasErrors).count
        let attribute = XMLText.escapedAttribute
        let counts = "tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\""

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(attribute(suiteName))\" \(counts)>\n"
        out += "  <testsuite name=\"\(attribute(suiteName + " validate"))\" \(counts) skipped=\"0\">\n"
        for testCase in cases {
            let open = "    <testcase classname=\"\(attribute(suiteName + ".validate"))\" name=\"\(attribute(testCase.name))\""
            // A file whose only errors were left out by the limit still fails: its
            // too-many-diagnostics note is then its failure.
            let tooMany = FlowDiagnosticCode.tooManyDiagnostics.rawValue
            let failsByNote = testCase.hasErrors && !testCase.diagnostics.contains { $0.severity == .error }
            let isFailure = { (d: Diagnostic) in d.severity == .error || (failsByNote && d.code == tooMany) }
            let errors = testCase.diagnostics.filter(isFailure)
            let others = testCase.diagnostics.filter { !isFailure($0) }
            if errors.isEmpty && others.isEmpty {
                out += open + "/>\n"
                continue
            }
            out += open + ">\n"
            for error in errors {
                let place = error.span.map { "\($0.start.line):\($0.start.column): " } ?? ""
                out += "      <failure type=\"\(attribute(error.code))\" message=\"\(attribute(place + error.message))\">"
                out += XMLText.escaped(Self.fullText(error)) + "</failure>\n"
            }
            if !others.isEmpty {
                out += "      <system-out>" + XMLText.escaped(others.map(Self.fullText).joined(separator: "\n"))
                out += "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `file:line:col: severity: message [code]`, then `note:` and `hint:` lines.
    static func fullText(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.description
        for note in diagnostic.notes {
            let place = note.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
            text += "\n\(place)note: \(note.message)"
        }
        if let hint = diagnostic.hint { text += "\nhint: \(hint)" }
        return text
    }
}
