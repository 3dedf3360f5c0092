/// How serious a diagnostic is. Ordered: `note < warning < error`.
///
/// Exit codes follow from the most severe finding: any `error` (or a `warning` under
/// `--strict`, when added) makes `validate` exit 1.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case note
    case warning
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
