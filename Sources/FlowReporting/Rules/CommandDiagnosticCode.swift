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

    /// The severity the code is reported with.
    package var severity: Severity {
        switch self {
        case .skippedFile: .note
        case .navigationChanged, .notFormatted, .formatRefused: .error
        }
    }

    /// One line saying what the code means.
    package var summary: String {
        switch self {
        case .skippedFile: "a fifo, socket or device found in a folder by `validate`, not opened; a file found in a folder by `fmt` that is not a flow, not rewritten"
        case .navigationChanged: "the flows' navigation (screens, edges, exits, triggers) differs from the `--baseline` file; the notes list each fact removed and added"
        case .notFormatted: "`fmt --check`: the file is not in `fmt`'s layout; reported at its first line that would change"
        case .formatRefused: "`fmt` left the file as it was: its layout cannot hold something the file has, said at its place, or the file changed while `fmt` ran"
        }
    }
}
