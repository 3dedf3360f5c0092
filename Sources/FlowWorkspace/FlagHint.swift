import FlowCompile
import FlowSource

/// The command line's own addition to the library's hints. The library says what to
/// declare as a concept ("declare it as a host-provided variable", "declare its
/// handler"); a command with an option that makes that declaration names it after the
/// hint, e.g. `(with 'validate --context NAME')`.
package struct FlagHint: Sendable {
    /// How the command declares a host-provided template variable, e.g.
    /// `validate --context NAME`; `nil` when it cannot.
    package var context: String?
    /// How the command declares a custom step's handler, e.g. `validate --handler NAME`;
    /// `nil` when it cannot.
    package var handler: String?
    /// How the command sets the diagnostic limit, e.g. `validate --max-diagnostics N`;
    /// `nil` when it cannot.
    package var diagnosticLimit: String?
    /// How the command sets a loading limit, e.g. `validate --limit`; the limit's
    /// `NAME=N` is added. `nil` when it cannot.
    package var loadingLimit: String?

    /// The options a command declares names with; `nil` for what it cannot declare.
    package init(context: String? = nil, handler: String? = nil, diagnosticLimit: String? = nil, loadingLimit: String? = nil) {
        self.context = context
        self.handler = handler
        self.diagnosticLimit = diagnosticLimit
        self.loadingLimit = loadingLimit
    }

    /// A command that declares nothing: diagnostics are left as they are.
    package static let none = FlagHint()

    /// `diagnostics` with the command's option named after the hint of each
    /// `unknown-reference` (``context``), `unknown-step` (``handler``) and
    /// `too-many-diagnostics` (``diagnosticLimit``) that has a hint.
    package func adding(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard context != nil || handler != nil || diagnosticLimit != nil || loadingLimit != nil else { return diagnostics }
        return diagnostics.map { diagnostic in
            var flag: String?
            switch FlowDiagnosticCode(rawValue: diagnostic.code) {
            // Only where the hint speaks of a value the host provides: a flow variable is
            // declared in the flow, and a "did you mean" or an event's payload is not fixed
            // by declaring a host value.
            case .unknownReference: flag = diagnostic.hint?.contains("host") == true ? context : nil
            // Not when the hint names a built-in step: the fix is that step, not a handler.
            case .unknownStep, .undeclaredHandler:
                flag = diagnostic.hint?.hasPrefix(FlowValidator.builtInStepHintStart) == true ? nil : handler
            case .tooManyDiagnostics: flag = diagnosticLimit
            default: flag = nil
            }
            if diagnostic.has(.documentLimit) || diagnostic.has(.nestingDepthLimit) || diagnostic.has(.aliasExpansionLimit),
                let loadingLimit, let name = LoadingLimits.settings.first(where: { diagnostic.hint?.contains("'\($0.name)'") == true })?.name
            {
                flag = "\(loadingLimit) \(name)=N"
            }
            guard let flag, let hint = diagnostic.hint else { return diagnostic }
            var changed = diagnostic
            changed.hint = "\(hint) (with '\(flag)')"
            return changed
        }
    }
}
