import FlowSource

/// Renders a report as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange
/// Format, Version 2.1.0), the format code-scanning services read, with what GitHub code
/// scanning documents that it uses ("SARIF support for code scanning"):
///
/// - `tool.driver` names the tool and its version and lists **every** rule of
///   ``rules`` (not only those that fired), each a `reportingDescriptor` (§3.49) with
///   `shortDescription` (the summary), `fullDescription` (the explanation), `help`
///   (`text` and `markdown`: the rule's section of `docs/rules.md`), `helpUri` (that
///   section, when ``rulesDocumentationURI`` is set), `defaultConfiguration.level` and
///   `properties` (`tags`: the stage; `problem.severity`: `error`, `warning` or
///   `recommendation`, GitHub's names).
/// - One result per diagnostic with `ruleId`, `ruleIndex`, `level` (§3.27.10),
///   `message.text`, a physical location, and `partialFingerprints`
///   (``fingerprintKey``: a hash of the rule, the file's URI, the message and how many
///   identical results came before, so it survives lines moving; §3.27.17).
/// - Regions use the span (§3.30; `endColumn` is the column after the last character)
///   and are never empty: a point (a missing key, at the start of its mapping) covers
///   the one character there. Columns count Unicode scalars (`columnKind`, §3.14.17).
/// - Paths: with a ``base``, every path is made absolute against the working directory,
///   `.` and `..` resolved, and one under the base directory is written relative to it
///   with `uriBaseId` ``SARIFLocationBase/uriBaseID`` (§3.4.4), which
///   `originalUriBaseIds` maps to the base directory's `file://` URI (§3.14.14); a path
///   outside it is an absolute `file://` URI. Without a base, paths are written as
///   given. Either way they are URI references (RFC 3986), reserved bytes
///   percent-encoded. Every file checked is listed in `artifacts`.
/// - `invocations` (§3.20) says whether the run succeeded, its exit code and working
///   directory, when ``exitCode`` is set.
/// - Notes become `relatedLocations`; the hint goes in the result's `properties.hint`.
package struct SARIFDiagnosticRenderer: DiagnosticRenderer {
    /// The key of the result fingerprint in `partialFingerprints`, versioned as SARIF
    /// asks (§3.27.17): a change of the hashed parts gets a new version.
    package static let fingerprintKey = "feedbackflow/v1"

    package var toolName: String
    package var toolVersion: String
    package var informationURI: String?
    /// The rules listed in `tool.driver.rules`: every code the tool can report.
    package var rules: [DiagnosticRule]
    /// The absolute URI of `docs/rules.md`; each rule's `helpUri` is it with the rule's
    /// anchor. `nil`: no `helpUri`.
    package var rulesDocumentationURI: String?
    /// What paths are written relative to; `nil` writes them as given.
    package var base: SARIFLocationBase?
    /// The process's exit status, for `invocations`; `nil` leaves `invocations` out.
    package var exitCode: Int32?

    package init(
        toolName: String, toolVersion: String, informationURI: String? = nil, rules: [DiagnosticRule] = DiagnosticRuleCatalog.all,
        rulesDocumentationURI: String? = nil, base: SARIFLocationBase? = nil, exitCode: Int32? = nil
    ) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.rules = rules
        self.rulesDocumentationURI = rulesDocumentationURI
        self.base = base
        self.exitCode = exitCode
    }

    package func render(_ report: DiagnosticReport) -> String {
        let entries = report.entries
        var ruleIndex: [String: Int] = [:]
        var descriptors: [JSONValue] = []
        for rule in rules where ruleIndex[rule.code] == nil {
            ruleIndex[rule.code] = descriptors.count
            descriptors.append(descriptor(rule))
        }
        // A code outside the catalogue (a host's own) still gets a descriptor.
        for (_, diagnostic) in entries where ruleIndex[diagnostic.code] == nil {
            ruleIndex[diagnostic.code] = descriptors.count
            descriptors.append(.object([
                ("id", .string(diagnostic.code)),
                ("defaultConfiguration", .object([("level", .string(Self.level(diagnostic.severity)))])),
            ]))
        }

        var driver: [(key: String, value: JSONValue)] = [
            ("name", .string(toolName)),
            ("version", .string(toolVersion)),
            ("semanticVersion", .string(toolVersion)),
        ]
        if let informationURI { driver.append(("informationUri", .string(informationURI))) }
        driver.append(("rules", .array(descriptors)))

        var seen: [String: Int] = [:]
        let results = entries.map { file, diagnostic -> JSONValue in
            var result: [(key: String, value: JSONValue)] = [
                ("ruleId", .string(diagnostic.code)),
                ("ruleIndex", .int(ruleIndex[diagnostic.code] ?? 0)),
                ("level", .string(Self.level(diagnostic.severity))),
                ("message", .object([("text", .string(diagnostic.message))])),
            ]
            let path = diagnostic.span?.file ?? file
            if let span = diagnostic.span {
                result.append(("locations", .array([.object([("physicalLocation", physicalLocation(span))])])))
            } else if let file {
                // The file without a region (SARIF §3.29.2: a region is optional).
                let artifact = JSONValue.object([("artifactLocation", artifactLocation(file))])
                result.append(("locations", .array([.object([("physicalLocation", artifact)])])))
            }
            let related = diagnostic.notes.enumerated().compactMap { index, note -> JSONValue? in
                guard let span = note.span else { return nil }
                return .object([
                    ("id", .int(index)),
                    ("message", .object([("text", .string(note.message))])),
                    ("physicalLocation", physicalLocation(span)),
                ])
            }
            if !related.isEmpty { result.append(("relatedLocations", .array(related))) }
            let identity = [diagnostic.code, path.map { uriAndBase(forPath: $0).uri } ?? "", diagnostic.message].joined(separator: "\u{0}")
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            result.append(("partialFingerprints", .object([
                (Self.fingerprintKey, .string(Self.fingerprint(identity + "\u{0}" + String(occurrence)))),
            ])))
            if let hint = diagnostic.hint {
                result.append(("properties", .object([("hint", .string(hint))])))
            }
            return .object(result)
        }

        var run: [(key: String, value: JSONValue)] = [("tool", .object([("driver", .object(driver))]))]
        if let exitCode, let base {
            run.append(("invocations", .array([.object([
                ("executionSuccessful", .bool(exitCode == 0 || exitCode == 1)),
                ("exitCode", .int(Int(exitCode))),
                ("workingDirectory", .object([("uri", .string(Self.directoryURI(base.workingDirectory)))])),
            ])])))
        }
        if let base {
            run.append(("originalUriBaseIds", .object([
                (SARIFLocationBase.uriBaseID, .object([("uri", .string(Self.directoryURI(base.baseDirectory)))])),
            ])))
        }
        run += [
            ("columnKind", .string("unicodeCodePoints")),
            ("artifacts", .array(report.files.map { file in .object([("location", artifactLocation(file.path))]) })),
            ("results", .array(results)),
        ]
        let log = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return log.serialized(indent: 2) + "\n"
    }

    /// The `reportingDescriptor` of `rule`.
    private func descriptor(_ rule: DiagnosticRule) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("id", .string(rule.code)),
            ("name", .string(rule.code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.explanation))])),
            ("help", .object([
                ("text", .string(DiagnosticRuleDocument.text(rule))),
                ("markdown", .string(DiagnosticRuleDocument.section(rule))),
            ])),
        ]
        if let rulesDocumentationURI { fields.append(("helpUri", .string(rulesDocumentationURI + "#" + rule.anchor))) }
        var configuration: [(key: String, value: JSONValue)] = [("level", .string(Self.level(rule.severity)))]
        if !rule.isEnabledByDefault { configuration.append(("enabled", .bool(false))) }
        fields.append(("defaultConfiguration", .object(configuration)))
        let problemSeverity = switch rule.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "recommendation"
        }
        fields.append(("properties", .object([
            ("tags", .array([.string(rule.stage.rawValue)])),
            ("problem.severity", .string(problemSeverity)),
        ])))
        return .object(fields)
    }

    /// 64-bit FNV-1a of the UTF-8 of `text`, as 16 lower-case hex digits: stable across
    /// runs, machines and Swift versions (unlike `Hasher`, which is seeded per process).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private func physicalLocation(_ span: SourceSpan) -> JSONValue {
        // Never an empty region: a point covers the character at it.
        let endLine = max(span.end.line, span.start.line)
        var endColumn = max(span.end.column, 1)
        if endLine == span.start.line, endColumn <= span.start.column { endColumn = span.start.column + 1 }
        return .object([
            ("artifactLocation", artifactLocation(span.file)),
            ("region", .object([
                ("startLine", .int(span.start.line)),
                ("startColumn", .int(span.start.column)),
                ("endLine", .int(endLine)),
                ("endColumn", .int(endColumn)),
            ])),
        ])
    }

    private func artifactLocation(_ path: String) -> JSONValue {
        let (uri, isRelative) = uriAndBase(forPath: path)
        var fields: [(key: String, value: JSONValue)] = [("uri", .string(uri))]
        if isRelative { fields.append(("uriBaseId", .string(SARIFLocationBase.uriBaseID))) }
        return .object(fields)
    }

    /// `path`'s URI, and whether it is relative to the base (then with `uriBaseId`).
    private func uriAndBase(forPath path: String) -> (uri: String, relative: Bool) {
        // Standard input has no place on disk: it stays `-`.
        guard path != "-", let base, let relative = base.relativePath(of: path) else {
            return (Self.uri(forPath: path == "-" ? path : base.map { $0.absolutePath(of: path) } ?? path), false)
        }
        return (Self.uri(forPath: relative), true)
    }

    /// `path` as a URI reference (RFC 3986 §4.1): bytes outside the unreserved set
    /// (§2.3) and `/` are percent-encoded (§2.1, ``FeedbackFlow/PercentEncoding``); an
    /// absolute path gets `file://`.
    static func uri(forPath path: String) -> String {
        let out = PercentEncoding.encoded(path, keeping: ["/"])
        return path.hasPrefix("/") ? "file://" + out : out
    }

    /// A directory's `file://` URI, ending in `/` as base URIs must (SARIF §3.14.14).
    static func directoryURI(_ directory: String) -> String {
        let uri = uri(forPath: directory)
        return uri.hasSuffix("/") ? uri : uri + "/"
    }
}
