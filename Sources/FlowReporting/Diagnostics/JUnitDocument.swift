import FlowCompile
import FlowSource

/// A JUnit XML document in the shape both Apache Ant's JUnit schema and the Jenkins
/// xUnit plugin's `junit-10.xsd` accept (the tests validate against our writing of each,
/// in `Tests/FeedbackFlowCLITests/Fixtures/junit/`): one `testsuites` root without
/// attributes, one `testsuite` with its counts, properties, test cases, `system-out` and
/// `system-err`. The one writer of JUnit for `validate`'s diagnostics
/// (``JUnitDiagnosticRenderer``) and `test`'s scenarios.
package struct JUnitDocument: Sendable {
    /// One test case: passed, or failed with a diagnostic.
    package struct TestCase: Sendable {
        /// The case's class: the file it belongs to.
        package var classname: String
        /// Its name, unique within the class.
        package var name: String
        /// How long it took, in seconds.
        package var seconds: Double
        /// Why it failed (`type` its code, `message` `line:col: message`, text the full
        /// diagnostic); `nil`: it passed.
        package var failure: Diagnostic?

        /// A case of `classname` named `name` that took `seconds`, failed with `failure` when given.
        package init(classname: String, name: String, seconds: Double, failure: Diagnostic?) {
            self.classname = classname
            self.name = name
            self.seconds = seconds
            self.failure = failure
        }
    }

    /// The suite's `package` (the tool's name); the suite is named after it and the command.
    package var suiteName: String
    /// The command whose run the suite reports.
    package var command: String
    /// The tool's version, written as the property `NAME.version`.
    package var toolVersion: String
    /// When the run started, `YYYY-MM-DDTHH:MM:SS` in UTC.
    package var timestamp: String
    /// The machine's name.
    package var hostname: String
    /// How long the run took, in seconds.
    package var seconds: Double

    /// A document for the run of `command` by the tool `suiteName`; an empty `hostname` is
    /// written `localhost`, a negative `seconds` 0.
    package init(suiteName: String, command: String, toolVersion: String, timestamp: String, hostname: String, seconds: Double) {
        self.suiteName = suiteName
        self.command = command
        self.toolVersion = toolVersion
        self.timestamp = timestamp
        self.hostname = hostname.isEmpty ? "localhost" : hostname
        self.seconds = max(0, seconds)
    }

    /// The document holding `cases`, in order, with `systemOut` as the suite's
    /// `system-out`. `tests` counts the cases, `failures` the failed ones, `errors` is 0.
    /// O(size of the cases).
    package func render(cases: [TestCase], systemOut: String) -> String {
        let failed = cases.filter { $0.failure != nil }.count
        let attribute = XMLText.escapedAttribute
        let counts = "tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" time=\"\(Self.decimal(seconds))\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites>\n"
        out += "  <testsuite package=\"\(attribute(suiteName))\" id=\"0\" name=\"\(attribute(suiteName + " " + command))\""
        out += " timestamp=\"\(attribute(timestamp))\" hostname=\"\(attribute(hostname))\" \(counts)>\n"
        out += "    <properties>\n"
        out += "      <property name=\"\(attribute(suiteName)).version\" value=\"\(attribute(toolVersion))\"/>\n"
        out += "    </properties>\n"
        for testCase in cases {
            let open =
                "    <testcase classname=\"\(attribute(testCase.classname))\" name=\"\(attribute(testCase.name))\" time=\"\(Self.decimal(testCase.seconds))\""
            guard let failure = testCase.failure else {
                out += open + "/>\n"
                continue
            }
            let place = failure.span.map { "\($0.start.line):\($0.start.column): " } ?? ""
            out += open + ">\n"
            out += "      <failure type=\"\(attribute(failure.code))\" message=\"\(attribute(place + failure.message))\">"
            out += XMLText.escaped(Self.fullText(failure)) + "</failure>\n"
            out += "    </testcase>\n"
        }
        out += "    <system-out>" + XMLText.escaped(systemOut) + "</system-out>\n"
        out += "    <system-err></system-err>\n"
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `seconds` with three decimals and a point (`xs:decimal`), whatever the locale.
    package static func decimal(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `file:line:col: severity: message [code]`, then `note:` and `hint:` lines.
    package static func fullText(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.description
        for note in diagnostic.notes {
            let place = note.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
            text += "\n\(place)note: \(note.message)"
        }
        if let hint = diagnostic.hint { text += "\nhint: \(hint)" }
        return text
    }
}
