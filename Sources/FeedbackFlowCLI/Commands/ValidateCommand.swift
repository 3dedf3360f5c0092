import Foundation
import FeedbackFlow
import FlowDocument
import FlowTerminal

/// `feedbackflow validate PATH…`: load, decode and validate flow files and report
/// every problem, like a compiler.
public struct ValidateCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check flow files and folders; report every problem at file:line:column.",
        discussion: """
            Folders are searched recursively for .yaml, .yml and .json files (names starting
            with '.' are skipped) and checked in sorted order; files named on the command
            line are checked whatever their extension. At least one path is required: a
            folder such as '.' usually holds JSON files that are not flows.

            EXIT STATUS: 0 no error (warnings allowed), 1 at least one error,
            2 usage error (unknown option, missing path), 3 internal failure.
            """,
        options: [
            .value(
                "format", valueName: "format", allowed: DiagnosticFormat.allCases.map(\.rawValue),
                help: "Output format, text by default."),
            .flag("quiet", short: "q", help: "Report errors only: no warnings, notes or summary line."),
        ],
        positional: PositionalSpec(name: "path", count: .oneOrMore, help: "Flow files or folders to check."))

    public var paths: [String]
    public var format: DiagnosticFormat
    public var quiet: Bool

    public init(paths: [String], format: DiagnosticFormat = .text, quiet: Bool = false) {
        self.paths = paths
        self.format = format
        self.quiet = quiet
    }

    public init(arguments: ParsedArguments) throws(UsageError) {
        self.init(
            paths: arguments.positionals,
            format: arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .text,
            quiet: arguments.flag("quiet"))
    }

    public func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let files = try FlowFileFinder.files(for: paths)
        let report = DiagnosticReport(files: await Self.compile(files))
        let shown = quiet ? report.filtered(minimumSeverity: .error) : report
        let renderer = format.renderer(style: environment.outputStyle, summary: !quiet)
        environment.output.write(renderer.render(shown))
        return report.counts.errors > 0 ? .findings : .clean
    }

    /// Compiles `files` on up to one task per processor core, keeping their order.
    static func compile(_ files: [String]) async -> [DiagnosticReport.File] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [DiagnosticReport.File?](repeating: nil, count: files.count)
        await withTaskGroup(of: (Int, DiagnosticReport.File).self) { group in
            var next = 0
            func addNext() {
                guard next < files.count else { return }
                let index = next
                let path = files[index]
                next += 1
                group.addTask {
                    let compilation = FlowCompiler.compile(path: path)
                    return (index, DiagnosticReport.File(
                        path: path, source: compilation.document.source, diagnostics: compilation.diagnostics))
                }
            }
            for _ in 0..<width { addNext() }
            for await (index, file) in group {
                results[index] = file
                addNext()
            }
        }
        return results.compactMap { $0 }
    }
}
