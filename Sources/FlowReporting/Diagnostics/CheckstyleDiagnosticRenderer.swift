import FlowSource

/// Renders a report as Checkstyle XML (format version 4.3), which many CI plugins and
/// review bots read (reviewdog, Jenkins' warnings plugin, GitLab and Bitbucket
/// converters):
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <checkstyle version="4.3">
///   <file name="flows/bad.yaml">
///     <error line="7" column="5" severity="error" message="unknown key 'titel'" source="feedbackflow.unknown-key"/>
///   </file>
/// </checkstyle>
/// ```
///
/// Every file checked has a `file` element, in report order (an empty one when clean).
/// `severity` is `error`, `warning` or `info` (a note); `source` is `feedbackflow.` and
/// the code; a diagnostic without a span has no `line`/`column`. The hint follows the
/// message after ` (hint: …)`. Diagnostics that belong to no file are under
/// `file name="(run)"`. Text is escaped per XML 1.0 (`XMLText`).
package struct CheckstyleDiagnosticRenderer: DiagnosticRenderer {
    /// The prefix of `source`, before the code.
    package var sourcePrefix: String

    package init(sourcePrefix: String = "feedbackflow") {
        self.sourcePrefix = sourcePrefix
    }

    package func render(_ report: DiagnosticReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var groups: [(name: String, diagnostics: [Diagnostic])] = []
        if !report.general.isEmpty { groups.append(("(run)", report.general)) }
        groups += report.files.map { ($0.path, $0.diagnostics) }
        for (name, diagnostics) in groups {
            let open = "  <file name=\"\(XMLText.escapedAttribute(name))\""
            guard !diagnostics.isEmpty else {
                out += open + "/>\n"
                continue
            }
            out += open + ">\n"
            for diagnostic in diagnostics { out += "    " + element(diagnostic) + "\n" }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    private func element(_ diagnostic: Diagnostic) -> String {
        var attributes: [(String, String)] = []
        if let span = diagnostic.span {
            attributes += [("line", String(span.start.line)), ("column", String(span.start.column))]
        }
        let severity = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
        let message = diagnostic.hint.map { "\(diagnostic.message) (hint: \($0))" } ?? diagnostic.message
        attributes += [("severity", severity), ("message", message), ("source", "\(sourcePrefix).\(diagnostic.code)")]
        return "<error " + attributes.map { "\($0.0)=\"\(XMLText.escapedAttribute($0.1))\"" }.joined(separator: " ") + "/>"
    }
}
