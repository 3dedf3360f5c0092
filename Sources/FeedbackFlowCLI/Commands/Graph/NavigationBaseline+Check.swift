import FlowReporting
import FlowSource
import FlowSystem
import FlowWorkspace

/// `validate --baseline FILE`: reading a committed baseline and comparing the flows'
/// navigation with it.
extension NavigationBaseline {
    /// The lines of the baseline file at `path`.
    /// - Throws: ``UsageError`` when it cannot be read.
    static func readLines(_ path: String) throws(UsageError) -> [String] {
        do throws(Diagnostic) {
            let source = try SourceFile.read(path: path)
            // Lines end at LF or CRLF (a checkout on Windows); split as bytes, since "\r\n"
            // is one Character.
            return source.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
        } catch {
            throw UsageError("--baseline: \(error.message)")
        }
    }

    /// `navigation-changed` when `facts` differ from the `baseline` file's lines (at
    /// `path`). Only the baseline's lines of the files `checked` count (a shard, or a
    /// hook given some files, checks part of them), and, with `reportsDeleted`, those of
    /// files that no longer exist under `base`: a flow deleted or renamed is reported
    /// once, by the first shard.
    static func compare(
        _ facts: [String], with baseline: [String], at path: String, checked: Set<String>, base: SARIFLocationBase,
        reportsDeleted: Bool
    ) -> Diagnostic? {
        var gone: [String: Bool] = [:]
        let lines = baseline.map { line -> String in
            guard let file = file(of: line) else { return line }
            if checked.contains(file) { return line }
            guard reportsDeleted else { return "" }
            let deleted = gone[file] ?? (PathKind(SettingsPath.resolve(file, in: base.baseDirectory)) == .missing)
            gone[file] = deleted
            return deleted ? line : ""
        }
        let (removed, added) = difference(baseline: lines, facts: facts)
        guard !removed.isEmpty || !added.isEmpty else { return nil }
        let code = CommandDiagnosticCode.navigationChanged
        let notes =
            removed.map { Diagnostic.Note(message: "- " + $0.text, span: SourceSpan(file: path, at: SourcePosition(line: $0.line, column: 1))) }
            + added.map { Diagnostic.Note(message: "+ " + $0, span: nil) }
        return Diagnostic(
            severity: code.severity, code: code.rawValue,
            message: "the flows' navigation differs from the baseline '\(path)': \(removed.count) removed, \(added.count) added",
            span: SourceSpan(file: path, at: SourcePosition(line: removed.first?.line ?? 1, column: 1)), notes: notes,
            hint: "if the change is intended, write the baseline again (validate --write-baseline \(path) …) and commit it with the change")
    }
}
