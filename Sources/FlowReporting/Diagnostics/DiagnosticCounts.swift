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

    package init(errors: Int = 0, warnings: Int = 0, notes: Int = 0, files: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.files = files
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
    /// (`1 warning in 1 file`), and a clean run reads `no problems in 3 files`.
    package var summary: String {
        var parts: [String] = []
        if errors > 0 { parts.append(Self.plural(errors, "error")) }
        if warnings > 0 { parts.append(Self.plural(warnings, "warning")) }
        if notes > 0 { parts.append(Self.plural(notes, "note")) }
        let what = parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
        return "\(what) in \(Self.plural(files, "file"))"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
