import FlowCompile
import FlowSource

/// Every diagnostic code the tool reports, as a ``DiagnosticRule``: loading
/// (``FlowSource/LoadDiagnosticCode``), decoding and validation (`FlowDiagnosticCode`) and
/// the command line (``CommandDiagnosticCode``), in that order. The severity and the
/// one-line summary are read from the code enums; the explanation and the example from
/// the `explanation` tables beside them (`LoadDiagnosticCode+Explanation.swift`, …),
/// whose switches are exhaustive, so a new code cannot be added without one.
package enum DiagnosticRuleCatalog {
    /// Every rule, in the order above; codes are unique.
    package static let all: [DiagnosticRule] =
        LoadDiagnosticCode.allCases.map { code in
            DiagnosticRule(
                code: code.rawValue, severity: code.severity, stage: .loading, summary: code.summary,
                explanation: code.explanation.text, example: code.explanation.example)
        }
        + FlowDiagnosticCode.allCases.map { code in
            var rule = DiagnosticRule(
                code: code.rawValue, severity: code.severity, stage: code.isDecoding ? .decoding : .validation,
                summary: code.summary, explanation: code.explanation.text, example: code.explanation.example)
            rule.isEnabledByDefault = !code.isOptIn
            return rule
        }
        + CommandDiagnosticCode.allCases.map { code in
            DiagnosticRule(
                code: code.rawValue, severity: code.severity, stage: .commandLine, summary: code.summary,
                explanation: code.explanation.text, example: code.explanation.example)
        }

    /// The rule of `code`, `nil` for a code the tool never reports. O(rules).
    package static func rule(for code: String) -> DiagnosticRule? {
        all.first { $0.code == code }
    }
}

/// An explanation table entry: why a code matters and how to fix it, with an example.
struct RuleExplanation {
    var text: String
    var example: DiagnosticRule.Example?

    init(_ text: String, before: String, after: String, fileName: String = "example.yaml") {
        self.text = text
        example = DiagnosticRule.Example(fileName: fileName, before: before, after: after)
    }

    init(_ text: String) {
        self.text = text
        example = nil
    }

    /// A valid single-screen file, the starting point of most examples: `lines` go
    /// between `title` and `primaryAction`, `action` is the button's action.
    static func screen(_ lines: String = "", action: String = "dismiss", style: String = "success", title: String = "Thanks") -> String {
        """
        version: 1
        style: \(style)
        title: \(title)
        \(lines.isEmpty ? "" : lines + "\n")primaryAction:
          button: {title: Close, action: \(action)}

        """
    }

    /// A valid feedback screen with a 1–5 rating `rating` and a text editor `comment`;
    /// `block` goes after them in `extraContent`, `button` replaces the button's keys.
    static func form(block: String = "", button: String = "title: Send, action: dismiss") -> String {
        """
        version: 1
        style: feedback
        image: logo
        title: Rate the call
        extraContent:
          - rating: {id: rating, min: 1, max: 5}
          - textEditor: {id: comment}
        \(block.isEmpty ? "" : block + "\n")primaryAction:
          button: {\(button)}

        """
    }
}
