import FlowCompile
import FlowSource

/// The diagnostics of one run over several files, with the sources to quote.
///
/// Files keep the order given (the CLI sorts paths); each file's diagnostics keep
/// theirs (the compiler sorts them by position). A file with no diagnostics still
/// counts: it was checked and is clean (JUnit shows it as a passing test case).
package struct DiagnosticReport: Sendable {
    /// One checked file.
    package struct File: Sendable {
        /// The path as given by the user, e.g. `flows/a.yaml`.
        package var path: String
        /// The file's text, for quoting lines; `nil` when it could not be read.
        package var source: SourceFile?
        package var diagnostics: [Diagnostic]
        /// The diagnostics the compilation found but left out by its limit
        /// (``FlowCompile/FlowCompilation/omitted``); counted in ``DiagnosticReport/counts``.
        package var omitted: OmittedDiagnostics

        /// A file with its diagnostics; `omitted` defaults to nothing left out.
        package init(path: String, source: SourceFile?, diagnostics: [Diagnostic], omitted: OmittedDiagnostics = .init()) {
            self.path = path
            self.source = source
            self.diagnostics = diagnostics
            self.omitted = omitted
        }

        /// Whether the file has an error, shown or left out by the limit.
        package var hasErrors: Bool {
            omitted.errors > 0 || diagnostics.contains { $0.severity == .error }
        }
    }

    package var files: [File]
    /// Diagnostics that belong to no checked file (e.g. a problem with the run itself).
    package var general: [Diagnostic]

    package init(files: [File], general: [Diagnostic] = []) {
        self.files = files
        self.general = general
    }

    /// Every diagnostic: the general ones first, then file by file.
    package var allDiagnostics: [Diagnostic] {
        general + files.flatMap(\.diagnostics)
    }

    /// Every diagnostic with the path of the file it belongs to (`nil` for the general
    /// ones), in the order of ``allDiagnostics``. Renderers use the path for a
    /// diagnostic that has no span (e.g. a parser failure without a position), so the
    /// reader still learns which file it is about.
    package var entries: [(file: String?, diagnostic: Diagnostic)] {
        general.map { (nil, $0) } + files.flatMap { file in file.diagnostics.map { (file.path, $0) } }
    }

    /// How many diagnostics of each severity, and how many files were checked. The counts
    /// include the diagnostics left out by the limit (``File/omitted``, also counted
    /// apart in ``DiagnosticCounts/omitted``), so they are those of every problem found.
    package var counts: DiagnosticCounts {
        var counts = DiagnosticCounts(files: files.count)
        for diagnostic in general { counts.add(diagnostic.severity) }
        for file in files {
            for diagnostic in file.diagnostics { counts.add(diagnostic.severity) }
            counts.add(omitted: file.omitted)
        }
        return counts
    }

    /// The source of `path`, when it is one of the report's files and was read.
    package func source(for path: String) -> SourceFile? {
        files.first { $0.path == path }?.source
    }

    /// A copy keeping only the diagnostics whose severity is at least `minimum`
    /// (`--quiet` keeps errors only). Notes inside a kept diagnostic stay, and so does the
    /// `too-many-diagnostics` note, which says that diagnostics are missing.
    package func filtered(minimumSeverity minimum: Severity) -> DiagnosticReport {
        let tooMany = FlowDiagnosticCode.tooManyDiagnostics.rawValue
        return DiagnosticReport(
            files: files.map { file in
                var file = file
                file.diagnostics.removeAll { $0.severity < minimum && $0.code != tooMany }
                return file
            },
            general: general.filter { $0.severity >= minimum })
    }
}
