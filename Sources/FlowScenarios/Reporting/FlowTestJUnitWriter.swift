import FlowReporting
import FlowSource

/// `test --format junit`: one test case per scenario (`classname` its test file, `name`
/// the scenario's name, `time` how long it ran, a `failure` with its diagnostic when it
/// failed), and one failed test case per error of a test file whose scenarios could not
/// run (`name` `line:column code: message`), in the shape Ant's and Jenkins' JUnit schemas
/// accept (``FlowReporting/JUnitDocument``). Warnings (untested flows) go to the suite's
/// `system-out`.
package struct FlowTestJUnitWriter: Sendable {
    /// The suite's attributes.
    package var document: JUnitDocument

    /// A writer of suites with `document`'s attributes.
    package init(document: JUnitDocument) {
        self.document = document
    }

    /// The report as JUnit XML.
    package func render(_ report: FlowTestReport) -> String {
        var cases: [JUnitDocument.TestCase] = []
        var others: [Diagnostic] = report.untested
        for file in report.files {
            for diagnostic in file.diagnostics {
                guard diagnostic.severity == .error else {
                    others.append(diagnostic)
                    continue
                }
                let place = diagnostic.span.map { "\($0.start.line):\($0.start.column) " } ?? ""
                cases.append(JUnitDocument.TestCase(classname: file.path, name: "\(place)\(diagnostic.code): \(diagnostic.message)", seconds: 0, failure: diagnostic))
            }
            for scenario in file.scenarios {
                let seconds = Double(FlowTestTextWriter.milliseconds(scenario.duration)) / 1000
                cases.append(JUnitDocument.TestCase(classname: file.path, name: scenario.name, seconds: seconds, failure: scenario.failure))
            }
        }
        for diagnostic in report.general {
            cases.append(JUnitDocument.TestCase(classname: "(run)", name: "\(diagnostic.code): \(diagnostic.message)", seconds: 0, failure: diagnostic))
        }
        return document.render(cases: cases, systemOut: others.map(JUnitDocument.fullText).joined(separator: "\n"))
    }
}
