import FlowReporting
import FlowSource
import FlowWorkspace

/// `feedbackflow explain [CODE…]`: what a diagnostic code means, why it matters, and an
/// example before and after the fix; without a code, the list of every code.
package struct ExplainCommand: Command {
    /// What `explain` prints.
    package enum Format: String, Sendable, CaseIterable {
        /// Plain text for the terminal.
        case text
        /// Markdown: with no code, the whole page `docs/rules.md`.
        case markdown
    }

    package static let configuration = CommandConfiguration(
        name: "explain",
        abstract: "Explain a diagnostic code, with an example before and after the fix.",
        discussion: """
            Without a code, lists every code with its severity and what it means.
            --format markdown prints the same as Markdown: without a code, the page
            docs/rules.md (one section per code, the page SARIF output links to).

            EXIT STATUS: 0 explained, 2 an unknown code or another usage error.
            """,
        options: ArgumentReading.specs { ExplainCommand() },
        positional: PositionalSpec(name: "code", count: .zeroOrMore, help: "Diagnostic codes, such as unknown-key."))

    /// The codes to explain; none: the list of every code.
    @Positionals package var codes: [String]
    /// `--format`; `nil`: text.
    @Option(.choice("format", of: Format.self, valueName: "format", help: "Output format, text by default.")) var formatGiven: Format?

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { ExplainCommand() }
        let all = DiagnosticRuleCatalog.all.map(\.code)
        for code in codes where DiagnosticRuleCatalog.rule(for: code) == nil {
            throw UsageError(
                "unknown diagnostic code '\(code)'",
                hint: Suggestion.hint(for: code, among: all) ?? "run 'feedbackflow explain' for the list of codes")
        }
    }

    /// The output format.
    package var format: Format { formatGiven ?? .text }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let rules = codes.compactMap(DiagnosticRuleCatalog.rule(for:))
        switch (format, rules.isEmpty) {
        case (.markdown, true):
            environment.output.write(DiagnosticRuleDocument.markdown(DiagnosticRuleCatalog.all))
        case (.markdown, false):
            environment.output.write(rules.map(DiagnosticRuleDocument.section).joined(separator: "\n"))
        case (.text, false):
            environment.output.write(rules.map(DiagnosticRuleDocument.text).joined(separator: "\n"))
        case (.text, true):
            let width = DiagnosticRuleCatalog.all.map(\.code.count).max() ?? 0
            var out = ""
            for stage in DiagnosticRule.Stage.allCases {
                let inStage = DiagnosticRuleCatalog.all.filter { $0.stage == stage }
                guard !inStage.isEmpty else { continue }
                out += (out.isEmpty ? "" : "\n") + stage.rawValue + ":\n"
                for rule in inStage {
                    let padding = String(repeating: " ", count: width - rule.code.count)
                    out += "  \(rule.code)\(padding)  \(rule.severity.rawValue.padding(7))  \(rule.summary)\n"
                }
            }
            out += "\nRun 'feedbackflow explain CODE' for what a code means, with an example.\n"
            environment.output.write(out)
        }
        return .clean
    }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
