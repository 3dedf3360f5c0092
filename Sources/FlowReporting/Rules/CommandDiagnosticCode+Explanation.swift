import FlowSource

extension CommandDiagnosticCode {
    /// Why the code matters, how to fix it, and a file that shows it.
    var explanation: RuleExplanation {
        switch self {
        case .skippedFile:
            RuleExplanation(
                "In a folder, validate reads only regular files: a fifo, socket or device could block or never end, so it is skipped with this note rather than opened. Name it on the command line to read it anyway.")
        }
    }
}
