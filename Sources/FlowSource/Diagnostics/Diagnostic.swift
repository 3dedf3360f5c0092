/// One problem found in an input, reported like a compiler does.
///
/// A `Diagnostic` is a value: it can be collected into a ``DiagnosticBag`` (the normal
/// case, so that every problem of a file is reported in one run) or thrown as an
/// `Error` where going on makes no sense (e.g. a file that cannot be read).
///
/// - `code` is stable and kebab-case (e.g. `duplicate-key`, `unknown-key`,
///   `missing-key`, `type-mismatch`); tools and suppressions rely on it.
/// - `message` is one lowercase sentence without a trailing period, in the form
///   `expected a string, found null`.
/// - `notes` point at related places (`first defined here`).
/// - `hint` says how to fix it (`did you mean 'title'?`).
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// A related location with a short message, e.g. the first occurrence of a duplicate key.
    public struct Note: Sendable, Hashable {
        public var message: String
        public var span: SourceSpan?

        public init(message: String, span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }
    }

    public var severity: Severity
    public var code: String
    public var message: String
    /// Where the problem is; `nil` only for problems that belong to no file (e.g. usage).
    public var span: SourceSpan?
    public var notes: [Note]
    public var hint: String?

    public init(
        severity: Severity,
        code: String,
        message: String,
        span: SourceSpan?,
        notes: [Note] = [],
        hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.span = span
        self.notes = notes
        self.hint = hint
    }

    /// Convenience for an error-severity diagnostic.
    package static func error(
        _ code: String, _ message: String, at span: SourceSpan?,
        notes: [Note] = [], hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(severity: .error, code: code, message: message, span: span, notes: notes, hint: hint)
    }

    /// Convenience for a warning-severity diagnostic.
    package static func warning(
        _ code: String, _ message: String, at span: SourceSpan?,
        notes: [Note] = [], hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(severity: .warning, code: code, message: message, span: span, notes: notes, hint: hint)
    }

    /// One-line form `file:line:col: severity: message [code]`.
    public var description: String {
        let place = span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
        return "\(place)\(severity.rawValue): \(message) [\(code)]"
    }
}
