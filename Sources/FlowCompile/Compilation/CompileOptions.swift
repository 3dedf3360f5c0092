import FlowSource

/// What a host tells compilation about itself, as one value: the template variables it
/// provides, the custom steps it registers handlers for, and the URL schemes it opens.
///
/// ``FlowCompiler`` validates with it. Give the runtime's registry the same
/// value (`ActionHandlerRegistry(urlHandler:feedbackSink:options:)` in FeedbackFlowCore), so
/// that a URL validation accepts is one the navigator opens, and the other way round.
public struct CompileOptions: Sendable, Hashable {
    /// Template names the host provides besides field ids and the context variables
    /// (`flow.id`, `screen.id`): a `${name}` naming one is not an `unknown-reference`.
    /// Their order is the order "did you mean" considers them in, after the field ids.
    public var additionalVariables: [String]
    /// Custom step names the host registers handlers for (case-sensitive): a step with
    /// such a name is never reported as `unknown-step`, however close it is to a built-in
    /// step's name.
    public var knownHandlers: Set<String>
    /// The URL schemes an `openURL` step may use (case-insensitive): a constant scheme
    /// outside them is `disallowed-url-scheme`. By default
    /// ``URLSchemePolicy/defaultAllowedSchemes``.
    public var allowedURLSchemes: Set<String>
    /// The most diagnostics one file's compilation keeps, like a compiler's error limit:
    /// the first this many in order of position are kept, then one note
    /// (`too-many-diagnostics`) says how many more were found and of which severities
    /// (``FlowCompilation/omitted``). `nil`, `0` or a negative number: no limit. By default
    /// ``defaultMaxDiagnostics``.
    public var maxDiagnostics: Int?
    /// The bounds loading a file applies (size, nesting, nodes, aliases, scalar length,
    /// mapping entries); by default ``LoadingLimits/init(maximumBytes:maximumNestingDepth:maximumNodes:maximumAliasExpansion:maximumScalarBytes:maximumMappingEntries:)``'s.
    public var loadingLimits: LoadingLimits
    /// The handlers the host provides, with their arguments and returned values (a
    /// manifest: `validate --handlers FILE`, or `ActionHandlerRegistry.manifest()`).
    /// With any declared (here or in the flow's `handlers:`), every custom step must name
    /// one and pass its arguments with their types. Empty by default.
    public var handlerManifest: [HandlerDeclaration]

    /// The default of ``maxDiagnostics``: 200 diagnostics per file.
    public static let defaultMaxDiagnostics = 200

    /// Options with the given host variables, handlers, schemes and diagnostic limit;
    /// each defaults to what a host that declares nothing gets: no variables, no
    /// handlers, ``URLSchemePolicy/defaultAllowedSchemes`` and
    /// ``defaultMaxDiagnostics`` diagnostics per file, the default loading limits, no
    /// handler manifest.
    public init(
        additionalVariables: [String] = [], knownHandlers: Set<String> = [],
        allowedURLSchemes: Set<String> = URLSchemePolicy.defaultAllowedSchemes,
        maxDiagnostics: Int? = CompileOptions.defaultMaxDiagnostics,
        loadingLimits: LoadingLimits = LoadingLimits(), handlerManifest: [HandlerDeclaration] = []
    ) {
        self.handlerManifest = handlerManifest
        self.additionalVariables = additionalVariables
        self.knownHandlers = knownHandlers
        self.allowedURLSchemes = allowedURLSchemes
        self.maxDiagnostics = maxDiagnostics
        self.loadingLimits = loadingLimits
    }

    /// ``loadingLimits`` with the loader's own diagnostic limit set to ``diagnosticLimit``:
    /// what ``FlowCompiler`` loads a file with.
    package var limitsForLoading: LoadingLimits {
        var limits = loadingLimits
        limits.diagnosticLimit = diagnosticLimit
        return limits
    }

    /// ``maxDiagnostics`` as a limit: `nil` when there is none (`nil`, `0` or negative).
    package var diagnosticLimit: Int? {
        maxDiagnostics.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The level of each code a configuration changes (`validate`'s `.feedbackflow.yaml`),
    /// by code; codes not listed keep their own severity. Applied before the diagnostic
    /// limit, so a rule turned off does not count towards it.
    package var ruleLevels: [String: RuleLevel] = [:]

    /// Whether the rule of `code` runs: an opt-in rule only when ``ruleLevels`` gives it
    /// a severity (``FlowDiagnosticCode/isOptIn``), any other unless it is `off`.
    package func runs(_ code: FlowDiagnosticCode) -> Bool {
        switch ruleLevels[code.rawValue] {
        case .off?: false
        case .severity?: true
        case nil: !code.isOptIn
        }
    }

    /// `diagnostics` with ``ruleLevels`` applied: a code that is `off` dropped, another
    /// reported with its new severity. An error that stopped loading keeps its severity:
    /// there is nothing after it to check, so it cannot pass for a clean file.
    package func applyRuleLevels(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            guard let level = ruleLevels[diagnostic.code], !FlowCompiler.stopsLoading(diagnostic) else { return diagnostic }
            switch level {
            case .off: return nil
            case .severity(let severity):
                var changed = diagnostic
                changed.severity = severity
                return changed
            }
        }
    }
}

/// What a configuration makes of a diagnostic code: another severity, or nothing.
package enum RuleLevel: Sendable, Hashable {
    /// Not reported.
    case off
    /// Reported with this severity.
    case severity(Severity)

    /// `error`, `warning`, `note` or `off`.
    package init?(name: String) {
        if name == "off" {
            self = .off
        } else if let severity = Severity(rawValue: name) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    /// The names ``init(name:)`` reads, in order of severity.
    package static let names = ["error", "warning", "note", "off"]

    /// The level's name.
    package var name: String {
        switch self {
        case .off: "off"
        case .severity(let severity): severity.rawValue
        }
    }
}
