/// One problem found in an input, reported like a compiler does.
///
/// A `Diagnostic` is a value: it can be collected in a list (the normal
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
        /// What the note says about its place, one lowercase phrase without a trailing period
        /// (`first defined here`, `value defined here`).
        public var message: String
        /// The related place; `nil` when the note has no location (then renderers print the
        /// message alone).
        public var span: SourceSpan?

        /// A note saying `message` about `span` (default `nil`: a note without a location).
        package init(message: String, span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }
    }

    /// How serious the problem is: any `error` makes `validate` exit 1; a `warning` does not.
    public var severity: Severity
    /// The stable kebab-case identifier of the kind of problem, e.g. `duplicate-key` or
    /// `unknown-screen` (the full list is in docs/diagnostic-codes.md). Printed as
    /// `[code]` in text output and as the rule id in SARIF.
    public var code: String
    /// One lowercase sentence without a trailing period, e.g. `expected a string, found null`.
    public var message: String
    /// Where the problem is; `nil` only for problems that belong to no file (e.g. usage).
    public var span: SourceSpan?
    /// Related places, in the order they are printed after the diagnostic (each with its own
    /// location); empty when there are none.
    public var notes: [Note]
    /// How to fix the problem, e.g. `did you mean 'title'?`; `nil` when there is no advice.
    public var hint: String?

    /// A diagnostic of `severity` with `code` and `message` at `span` (`nil` for a problem
    /// that belongs to no file); `notes` default to none and `hint` to `nil`.
    package init(
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
