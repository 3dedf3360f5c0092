/// How serious a diagnostic is. Ordered: `note < warning < error`.
///
/// Exit codes follow from the most severe finding: any `error` (or a `warning` under
/// `--strict`, when added) makes `validate` exit 1.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// Information only; the least severe. Also the label of ``Diagnostic/Note`` lines in
    /// text output. The loaders and the validator report no diagnostic of this severity.
    case note
    /// A likely mistake that does not stop the flow from running (e.g. `unreachable-screen`);
    /// on its own it leaves `validate`'s exit status at 0.
    case warning
    /// A problem that must be fixed: `validate` exits 1 and `run` refuses the flow.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
