import FlowSource

/// What one diagnostic code means, for `feedbackflow explain CODE`, `docs/rules.md` and
/// the rule descriptors of SARIF output (SARIF 2.1.0 §3.49, `reportingDescriptor`).
package struct DiagnosticRule: Sendable, Hashable {
    /// Where a rule's problem comes from: which stage of the tool reports it.
    package enum Stage: String, Sendable, Hashable, CaseIterable {
        /// Reading the bytes and parsing YAML or JSON.
        case loading
        /// Reading the document's shape into the model.
        case decoding
        /// Checking what the flow means, expressions included.
        case validation
        /// The command line itself (folders, limits).
        case commandLine = "command line"
    }

    /// A file that has the problem, and the same file fixed.
    package struct Example: Sendable, Hashable {
        /// The file name the example is read under (its base name is a single screen's id).
        package var fileName: String
        /// A file that gets the rule's diagnostic.
        package var before: String
        /// The same file without the problem: it gets no diagnostic of this rule.
        package var after: String

        package init(fileName: String = "example.yaml", before: String, after: String) {
            self.fileName = fileName
            self.before = before
            self.after = after
        }
    }

    /// The stable kebab-case code (`unknown-key`).
    package var code: String
    /// The severity the code is reported with.
    package var severity: Severity
    /// Which stage reports it.
    package var stage: Stage
    /// One line: what the code means (the code enum's `summary`).
    package var summary: String
    /// Why it matters and how to fix it: a few sentences of plain text.
    package var explanation: String
    /// Whether the rule runs without a configuration naming it; an opt-in rule is off
    /// until `rules: {CODE: LEVEL}` turns it on.
    package var isEnabledByDefault = true
    /// A file with the problem and the same file fixed; `nil` when no short text file
    /// shows it (a read failure, bytes that are not UTF-8, a limit of millions of nodes),
    /// and then ``explanation`` says how it arises.
    package var example: Example?

    package init(
        code: String, severity: Severity, stage: Stage, summary: String, explanation: String, example: Example?
    ) {
        self.code = code
        self.severity = severity
        self.stage = stage
        self.summary = summary
        self.explanation = explanation
        self.example = example
    }

    /// The anchor of the rule's section in `docs/rules.md`: its code, which is already
    /// lower-case letters, digits and `-`, as Markdown renderers make heading anchors.
    package var anchor: String { code }
}
