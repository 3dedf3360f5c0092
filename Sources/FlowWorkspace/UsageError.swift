import FeedbackFlow
import FlowCompile
import FlowSource

/// A command line that cannot be understood: unknown option or command, missing or
/// invalid value, wrong number of arguments. Always exit status 2.
///
/// `message` is one lowercase sentence (`unknown option '--fromat'`); `hint` is one line
/// (`did you mean '--format'?`).
package struct UsageError: Error, Sendable, Hashable {
    package var message: String
    package var hint: String?
    /// More problems found in the same pass (every problem of a configuration file),
    /// reported after this one, each with its own hint.
    package var others: [UsageError] = []

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// The problems a decoding of a file found (`diagnostics`, its errors) as one usage
    /// error, in the order of their places, the first with the others in ``others``, each as `SOURCE FILE:LINE:COLUMN:
    /// MESSAGE` with its hint; `nil` when there are none.
    /// - Parameter source: what the file is, in front of each message: `configuration`,
    ///   `--timeline`.
    package init?(decoding diagnostics: DiagnosticBag, source: String) {
        let errors = diagnostics.sorted.filter { $0.severity == .error }.map { problem in
            UsageError("\(source) \(problem.span?.description ?? ""): \(problem.message)", hint: problem.hint)
        }
        guard let first = errors.first else { return nil }
        self = first
        others = Array(errors.dropFirst())
    }

    /// The root of the YAML or JSON file at `path`, read as ``DocumentLoader`` reads a
    /// flow; `nil` for an empty file (or one holding only null). The problems loading found
    /// while keeping a tree (a key written twice: the first is kept) go into `session`, to
    /// be reported with the decoding's own, in one run.
    /// - Throws: the file's loading errors as one usage error (``init(decoding:source:)``)
    ///   when no tree could be read.
    package static func loadRoot(path: String, source: String, session: inout DecodingSession) throws(UsageError) -> Node? {
        let document = DocumentLoader.load(path: path)
        let loading = document.diagnostics.filter { !$0.has(.emptyDocument) }
        guard let root = document.root, !root.isNull else {
            if let problems = UsageError(decoding: DiagnosticBag(loading), source: source) { throw problems }
            return nil
        }
        for problem in loading { session.diagnostics.append(problem) }
        return root
    }
}
