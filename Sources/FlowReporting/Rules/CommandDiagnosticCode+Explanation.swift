import FlowSource

extension CommandDiagnosticCode {
    /// Why the code matters, how to fix it, and a file that shows it.
    var explanation: RuleExplanation {
        switch self {
        case .skippedFile:
            RuleExplanation(
                "In a folder, validate reads only regular files: a fifo, socket or device could block or never end, so it is skipped with this note rather than opened. Name it on the command line to read it anyway.")
        case .navigationChanged:
            RuleExplanation(
                "A navigation baseline (graph --format baseline, or validate --write-baseline) is a sorted list of the flows' screens, edges with their buttons and steps, and triggers, committed beside them so that every change of navigation shows in review. validate --baseline FILE fails when the flows no longer match it: each fact removed is a '- …' note at its line of the baseline, each one added a '+ …' note. If the change is intended, write the baseline again and commit it with the change.")
        }
    }
}
