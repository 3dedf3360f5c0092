import FlowSource
import FlowWorkspace

/// One `--format` of `validate`: a format, written to standard output or to a file
/// (`--format sarif=results.sarif`). Several may be given; at most one without a file.
package struct ReportOutput: Sendable, Hashable {
    package var format: DiagnosticFormat
    /// The file the report is written to; `nil` for standard output.
    package var path: String?

    package init(format: DiagnosticFormat, path: String? = nil) {
        self.format = format
        self.path = path
    }

    /// The `--format FORMAT[=FILE]` option of a command that writes `formats`
    /// (`validate` every one, `test` some).
    package static func option(writing formats: [DiagnosticFormat]) -> CommandOption<[ReportOutput]> {
        .texts(
            "format", valueName: "format[=file]",
            help: "Output format: \(formats.map(\.rawValue).joined(separator: ", ")); text by default, github when GITHUB_ACTIONS=true. FORMAT=FILE writes that format to FILE; repeatable, at most one to standard output.",
            notGiven: [], reading: outputs)
    }

    /// `FORMAT` or `FORMAT=FILE`.
    /// - Throws: ``UsageError`` for an unknown format or an empty file name.
    package init(parsing text: String) throws(UsageError) {
        let name: Substring
        var path: String?
        if let equals = text.firstIndex(of: "=") {
            name = text[..<equals]
            path = String(text[text.index(after: equals)...])
            guard path?.isEmpty == false else {
                throw UsageError("missing file name in '--format \(text)'", hint: "write --format \(name)=FILE, or --format \(name) for standard output")
            }
        } else {
            name = Substring(text)
        }
        guard let format = DiagnosticFormat(rawValue: String(name)) else {
            let names = DiagnosticFormat.allCases.map(\.rawValue)
            throw UsageError(
                "invalid value '\(name)' for '--format'",
                hint: Suggestion.hint(for: String(name), among: names)
                    ?? "expected one of \(names.joined(separator: ", ")), optionally followed by =FILE")
        }
        self.init(format: format, path: path)
    }

    /// The output when no `--format` is given: `github` on standard output when
    /// `GITHUB_ACTIONS` is `true` in `environment` (GitHub sets it in every job), else `text`.
    package static func standard(environment: [String: String]) -> ReportOutput {
        ReportOutput(format: environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
    }

    /// The outputs of `texts` (every `--format`), checked: at most one on standard
    /// output and no file twice; empty when none is given (``standard(environment:)``).
    package static func outputs(_ texts: [String]) throws(UsageError) -> [ReportOutput] {
        var outputs: [ReportOutput] = []
        for text in texts { outputs.append(try ReportOutput(parsing: text)) }
        if outputs.filter({ $0.path == nil }).count > 1 {
            throw UsageError("more than one --format writes to standard output", hint: "give all but one a file: --format sarif=results.sarif")
        }
        var paths: Set<String> = []
        for case let path? in outputs.map(\.path) where !paths.insert(path).inserted {
            throw UsageError("two --format options write to '\(path)'")
        }
        return outputs
    }
}
