import FlowSource

/// The words of ``DiagnosticRule``s for people: one rule as plain text (`feedbackflow
/// explain CODE`), and every rule as the Markdown page `docs/rules.md`, one section per
/// code whose anchor is the code (what SARIF's `helpUri` points at).
package enum DiagnosticRuleDocument {
    /// `rule` as plain text: the code, severity and stage, the summary, the explanation
    /// wrapped at 80 columns, and the example before and after, indented.
    package static func text(_ rule: DiagnosticRule) -> String {
        var out = "\(rule.code) (\(rule.severity.rawValue), \(rule.stage.rawValue)\(rule.isEnabledByDefault ? "" : ", off unless configured"))\n\n"
        out += wrapped(capitalized(rule.summary) + ".", width: 80) + "\n\n"
        out += wrapped(rule.explanation, width: 80) + "\n"
        if let example = rule.example {
            out += "\nBefore (\(example.fileName)):\n\n" + indented(example.before)
            out += "\nAfter:\n\n" + indented(example.after)
        }
        return out
    }

    /// Every rule as a Markdown page: a title, an index table, then one `## code` section
    /// per rule with its severity, stage, summary, explanation and example.
    package static func markdown(_ rules: [DiagnosticRule]) -> String {
        var out = """
            # Diagnostic rules

            Every code `feedbackflow validate` reports, with what it means, why it matters
            and an example before and after the fix. `feedbackflow explain CODE` prints the
            same text; SARIF output links each rule here. This page is generated:
            `feedbackflow explain --format markdown > docs/rules.md`.

            | code | severity | stage | summary |
            |---|---|---|---|

            """
        for rule in rules {
            let level = rule.severity.rawValue + (rule.isEnabledByDefault ? "" : " (opt-in)")
            out += "| [`\(rule.code)`](#\(rule.anchor)) | \(level) | \(rule.stage.rawValue) | \(tableCell(rule.summary)) |\n"
        }
        for rule in rules { out += "\n" + section(rule) }
        return out
    }

    /// One rule's section of the Markdown page; also SARIF's `help.markdown`.
    package static func section(_ rule: DiagnosticRule) -> String {
        var out = "## \(rule.code)\n\n"
        out += "**\(capitalized(rule.severity.rawValue))**, reported by \(rule.stage.rawValue). \(capitalized(rule.summary)).\n\n"
        if !rule.isEnabledByDefault {
            out += "Off unless the configuration turns it on: `rules: {\(rule.code): \(rule.severity.rawValue)}` in `.feedbackflow.yaml`.\n\n"
        }
        out += rule.explanation + "\n"
        if let example = rule.example {
            out += "\nBefore (`\(example.fileName)`):\n\n" + fenced(example.before)
            out += "\nAfter:\n\n" + fenced(example.after)
        }
        return out
    }

    private static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// `|` would end a table cell: escaped as Markdown allows.
    private static func tableCell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }

    /// A fenced code block long enough for any run of backticks inside `text`. Examples
    /// longer than 40 lines show their first 20 and last 10 lines around a count of the
    /// rest, so a generated example (500 nested brackets) stays readable.
    private static func fenced(_ text: String) -> String {
        let body = shortened(text)
        var longest = 0, run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "yaml\n" + body + (body.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }

    private static func indented(_ text: String) -> String {
        shortened(text).split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n"
    }

    /// At most 40 lines, and lines of at most 200 characters, as described at ``fenced(_:)``.
    private static func shortened(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.count > 200 ? line.prefix(100) + " … (\(line.count - 150) more characters) … " + line.suffix(50) : String(line)
        }
        if lines.count > 40 {
            let hidden = lines.count - 30
            lines = Array(lines.prefix(20)) + ["# … \(hidden) more lines …"] + Array(lines.suffix(10))
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with its words wrapped at `width` columns.
    private static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
