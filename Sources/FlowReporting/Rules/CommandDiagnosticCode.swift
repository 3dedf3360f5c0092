import FlowSource

/// The stable codes of the diagnostics the command line reports itself, besides those of
/// loading (``FlowSource/LoadDiagnosticCode``), decoding and validation
/// (`FlowDiagnosticCode`). ``summary`` is the line docs/diagnostic-codes.md's table
/// for the command line shows.
package enum CommandDiagnosticCode: String, Sendable, Hashable, CaseIterable {
    /// A folder entry that is not a regular file (a fifo, socket or device), which
    /// `validate`'s folder search does not open; or a file `fmt` found in a folder that
    /// is not a flow, which it does not rewrite.
    case skippedFile = "skipped-file"
    /// The navigation of the flows checked differs from the `--baseline` file.
    case navigationChanged = "navigation-changed"
    /// `fmt --check`: a file not in `fmt`'s layout, at its first line that would change.
    case notFormatted = "not-formatted"
    /// `fmt` left a file as it was because its layout cannot hold something the file has,
    /// or writing it again would not keep its meaning or comments; at the cause.
    case formatRefused = "format-refused"
    /// `test`: a scenario of a flow test failed, at the step or expectation that did.
    case scenarioFailed = "scenario-failed"
    /// `test`: a flow test's flow does not compile, so none of its scenarios runs.
    case flowNotTestable = "flow-not-testable"
    /// `test --coverage-min N`: the scenarios took less than N% of the flows' items.
    case coverageBelowMinimum = "coverage-below-minimum"
    /// `test`: a flow found in the paths has no flow test.
    case untestedFlow = "untested-flow"

    /// The severity the code is reported with.
    package var severity: Severity {
        switch self {
        case .skippedFile: .note
        case .untestedFlow: .warning
        case .navigationChanged, .notFormatted, .formatRefused, .scenarioFailed, .flowNotTestable, .coverageBelowMinimum: .error
        }
    }

    /// One line saying what the code means.
    package var summary: String {
        switch self {
        case .skippedFile: "a fifo, socket or device found in a folder by `validate`, not opened; a file found in a folder by `fmt` that is not a flow, not rewritten"
        case .navigationChanged: "the flows' navigation (screens, edges, exits, triggers) differs from the `--baseline` file; the notes list each fact removed and added"
        case .notFormatted: "`fmt --check`: the file is not in `fmt`'s layout; reported at its first line that would change"
        case .formatRefused: "`fmt` left the file as it was: its layout cannot hold something the file has, said at its place, or the file changed while `fmt` ran"
        case .scenarioFailed: "`test`: a scenario failed, at its step or expectation, saying what happened instead"
        case .flowNotTestable: "`test`: the flow a flow test names does not compile (or cannot be read), so none of its scenarios ran"
        case .coverageBelowMinimum: "`test --coverage-min N`: the scenarios took less than N% of the flows' screens, buttons, branches, exits and routes"
        case .untestedFlow: "`test`: a flow in the paths given has no flow test (`NAME.flowtest.yaml` naming it)"
        }
    }
}
