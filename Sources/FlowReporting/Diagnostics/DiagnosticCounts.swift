import FlowCompile
import FlowSource

/// Tallies of a report, and the summary line a person reads last:
/// `2 errors, 1 warning in 3 files`.
package struct DiagnosticCounts: Sendable, Hashable {
    package var errors: Int
    package var warnings: Int
    package var notes: Int
    /// Files checked, clean or not.
    package var files: Int
    /// The part of `errors`, `warnings` and `notes` that was left out by the diagnostic
    /// limit (found, counted, but not in the output).
    package var omitted: OmittedDiagnostics

    package init(errors: Int = 0, warnings: Int = 0, notes: Int = 0, files: Int = 0, omitted: OmittedDiagnostics = .init()) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.files = files
        self.omitted = omitted
    }

    /// Counts diagnostics left out by the limit: in the totals, and in ``omitted``.
    package mutating func add(omitted other: OmittedDiagnostics) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
        omitted.add(other)
    }

    /// Adds every count of `other` (a file's counts to the run's).
    package mutating func add(_ other: DiagnosticCounts) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
        files += other.files
        omitted.add(other.omitted)
    }

    /// Counts one more diagnostic of `severity`.
    package mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    /// `2 errors, 1 warning in 3 files`; severities with a zero count are left out
    /// (`1 warning in 1 file`), and a clean run reads `no problems in 3 files`. When the
    /// limit left diagnostics out, the counts include them and the line ends with how
    /// many were not shown: `2100000 errors, 1 note in 1 file (2099900 not shown)`.
    package var summary: String {
        var parts: [String] = []
        if errors > 0 { parts.append(Self.plural(errors, "error")) }
        if warnings > 0 { parts.append(Self.plural(warnings, "warning")) }
        if notes > 0 { parts.append(Self.plural(notes, "note")) }
        let what = parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
        let notShown = omitted.total > 0 ? " (\(omitted.total) not shown)" : ""
        return "\(what) in \(Self.plural(files, "file"))\(notShown)"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
