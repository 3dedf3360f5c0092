import FlowCompile
import FlowSource

/// Renders a report as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange
/// Format, Version 2.1.0), the format code-scanning services read.
///
/// A minimal valid log: one run whose `tool.driver` names the tool and lists one rule
/// per diagnostic code used; one result per diagnostic with `ruleId`, `ruleIndex`,
/// `level` (`error`, `warning`, `note`; SARIF §3.27.10), `message.text`, and a
/// physical location whose region uses the span (SARIF §3.30: `endColumn` is the column
/// after the last character, as our spans are exclusive). Columns count Unicode
/// scalars, so the run says `"columnKind": "unicodeCodePoints"` (§3.14.17). Notes
/// become `relatedLocations`; the hint goes in the result's `properties.hint`. Every
/// file checked is listed in `artifacts`. Paths become URI references (RFC 3986):
/// relative paths stay relative with reserved characters percent-encoded, absolute
/// paths become `file://` URIs.
package struct SARIFDiagnosticRenderer: DiagnosticRenderer {
    package var toolName: String
    package var toolVersion: String
    package var informationURI: String?

    package init(toolName: String, toolVersion: String, informationURI: String? = nil) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.informationURI = informationURI
    }

    package func render(_ report: DiagnosticReport) -> String {
        let entries = report.entries
        let diagnostics = entries.map(\.diagnostic)
        var ruleIndex: [String: Int] = [:]
        var rules: [JSONValue] = []
        for diagnostic in diagnostics where ruleIndex[diagnostic.code] == nil {
            ruleIndex[diagnostic.code] = rules.count
            rules.append(.object([("id", .string(diagnostic.code))]))
        }

        var driver: [(key: String, value: JSONValue)] = [
            ("name", .string(toolName)),
            ("version", .string(toolVersion)),
        ]
        if let informationURI { driver.append(("informationUri", .string(informationURI))) }
        driver.append(("rules", .array(rules)))

        let results = entries.map { file, diagnostic -> JSONValue in
            var result: [(key: String, value: JSONValue)] = [
                ("ruleId", .string(diagnostic.code)),
                ("ruleIndex", .int(ruleIndex[diagnostic.code] ?? 0)),
                ("level", .string(Self.level(diagnostic.severity))),
                ("message", .object([("text", .string(diagnostic.message))])),
            ]
            if let span = diagnostic.span {
                result.append(("locations", .array([.object([("physicalLocation", Self.physicalLocation(span))])])))
            } else if let file {
                // The file without a region (SARIF §3.29.2: a region is optional).
                let artifact = JSONValue.object([("artifactLocation", .object([("uri", .string(Self.uri(forPath: file)))]))])
                result.append(("locations", .array([.object([("physicalLocation", artifact)])])))
            }
            let related = diagnostic.notes.enumerated().compactMap { index, note -> JSONValue? in
                guard let span = note.span else { return nil }
                return .object([
                    ("id", .int(index)),
                    ("message", .object([("text", .string(note.message))])),
                    ("physicalLocation", Self.physicalLocation(span)),
                ])
            }
            if !related.isEmpty { result.append(("relatedLocations", .array(related))) }
            if let hint = diagnostic.hint {
                result.append(("properties", .object([("hint", .string(hint))])))
            }
            return .object(result)
        }

        let run = JSONValue.object([
            ("tool", .object([("driver", .object(driver))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(report.files.map { file in
                .object([("location", .object([("uri", .string(Self.uri(forPath: file.path)))]))])
            })),
            ("results", .array(results)),
        ])
        let log = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.serialized(indent: 2) + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func physicalLocation(_ span: SourceSpan) -> JSONValue {
        .object([
            ("artifactLocation", .object([("uri", .string(uri(forPath: span.file)))])),
            ("region", .object([
                ("startLine", .int(span.start.line)),
                ("startColumn", .int(span.start.column)),
                ("endLine", .int(max(span.end.line, span.start.line))),
                ("endColumn", .int(max(span.end.column, 1))),
            ])),
        ])
    }

    /// `path` as a URI reference (RFC 3986 §4.1): bytes outside the unreserved set
    /// (§2.3) and `/` are percent-encoded (§2.1, ``FeedbackFlow/PercentEncoding``); an
    /// absolute path gets `file://`.
    static func uri(forPath path: String) -> String {
        let out = PercentEncoding.encoded(path, keeping: ["/"])
        return path.hasPrefix("/") ? "file://" + out : out
    }
}
