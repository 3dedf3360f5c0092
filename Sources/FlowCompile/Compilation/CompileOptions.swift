/// What a host tells compilation about itself, as one value: the template variables it
/// provides, the custom steps it registers handlers for, and the URL schemes it opens.
///
/// ``FlowCompiler`` hands it to ``FlowValidator``. Give the runtime's registry the same
/// value (`ActionHandlerRegistry(urlHandler:feedbackSink:options:)` in FlowRuntime), so
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

    /// Options with the given host variables, handlers and schemes; each defaults to what
    /// a host that declares nothing gets: no variables, no handlers, and
    /// ``URLSchemePolicy/defaultAllowedSchemes``.
    public init(
        additionalVariables: [String] = [], knownHandlers: Set<String> = [],
        allowedURLSchemes: Set<String> = URLSchemePolicy.defaultAllowedSchemes
    ) {
        self.additionalVariables = additionalVariables
        self.knownHandlers = knownHandlers
        self.allowedURLSchemes = allowedURLSchemes
    }
}
