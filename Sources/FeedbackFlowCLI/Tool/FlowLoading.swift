import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSource
import FlowSystem
import FlowWorkspace

/// Compiling the one file that `run` and `graph` work on.
enum FlowLoading {
    /// The flow in `path` when it compiles without error. Otherwise its diagnostics
    /// are written to the error output (text, with the error output's colours) and the
    /// result is `nil` (status 1). Warnings of a good flow are written too.
    /// - Parameter options: what the host provides (`--context` names as template variables).
    /// - Parameter flagHint: the command's options that declare what hints ask to declare.
    /// - Parameter allowsStandardInput: whether `-` may name standard input (not for
    ///   `run`, which reads its answers from there).
    /// - Throws: ``UsageError`` when `path` is not a file.
    static func compiledFlow(
        path: String, options: CompileOptions = CompileOptions(), flagHint: FlagHint = .none,
        allowsStandardInput: Bool = true, environment: CommandEnvironment
    ) throws -> Flow? {
        try compiled(
            path: path, options: options, flagHint: flagHint, allowsStandardInput: allowsStandardInput, keepingTree: false,
            environment: environment)?.flow
    }

    /// The compilation of `path` when it has no error (its flow and loaded document), as
    /// ``compiledFlow(path:options:flagHint:allowsStandardInput:environment:)`` says; its
    /// document keeps the node tree unless `keepingTree` is `false`.
    static func compiled(
        path: String, options: CompileOptions = CompileOptions(), flagHint: FlagHint = .none,
        allowsStandardInput: Bool = true, keepingTree: Bool = true, environment: CommandEnvironment
    ) throws -> FlowCompilation? {
        if StandardInput.isNamed(by: path) {
            guard allowsStandardInput else {
                throw UsageError(
                    "'run' reads its answers from standard input, so the flow cannot come from there",
                    hint: "save the flow to a file and give its path")
            }
        } else if PathKind(path) == .missing {
            throw UsageError(PathKind.unreachable(path))
        }
        guard PathKind(path) != .directory else {
            throw UsageError("'\(path)' is a folder, not a flow file", hint: "to check a folder use 'feedbackflow validate \(path)'")
        }
        let compilation = FlowCompiler.compile(path: path, options: options, keepingTree: keepingTree)
        let report = DiagnosticReport(files: [
            .init(
                path: path, source: compilation.document.source, diagnostics: flagHint.adding(to: compilation.diagnostics),
                omitted: compilation.omitted)
        ])
        if !compilation.diagnostics.isEmpty {
            let renderer = TextDiagnosticRenderer(style: environment.errorStyle, showsSummary: compilation.hasErrors)
            environment.errorOutput.write(renderer.render(report))
        }
        guard !compilation.hasErrors else { return nil }
        guard compilation.flow != nil else {
            throw InternalFailure("'\(path)' compiled without errors but gave no flow")
        }
        return compilation
    }
}
