import FlowCompile

/// The handlers a navigator runs steps with, passed in explicitly (no global
/// registration, like swift-log's handlers are passed to a logger).
///
/// - The built-in `openURL` step goes through ``urlHandler``, after checking the URL's
///   scheme against ``allowedURLSchemes``.
/// - The built-in `collectUserFeedback` step goes through ``feedbackSink``.
/// - Any other step name is looked up among the handlers added with
///   ``register(_:_:)-(String,_)``; a name without a handler fails the step with
///   "no handler registered for 'NAME'" (``StepError/noHandler(_:)``).
///
/// Navigation steps (`push`, `pop`, …) and `finish` are run by the navigator itself and
/// never reach a handler, so registering one of those names has no effect.
public struct ActionHandlerRegistry: Sendable {
    /// Opens the URL of each `openURL` step whose scheme is in ``allowedURLSchemes``.
    public var urlHandler: any URLHandler
    /// Receives the submission of each `collectUserFeedback` step.
    public var feedbackSink: any FeedbackSink
    /// Lower-case schemes (RFC 3986 §3.1 schemes are case-insensitive).
    public var allowedURLSchemes: Set<String>
    private var handlers: [String: any ActionHandler] = [:]
    private var validators: [String: any TriggerValidator] = [:]
    private var declarations: [String: HandlerDeclaration] = [:]

    /// A registry with `urlHandler` and `feedbackSink` and no custom handlers (add them with
    /// ``register(_:_:)-(String,_)``). Both default to handlers that do nothing
    /// (``IgnoringURLHandler``, ``DiscardingFeedbackSink``), so `ActionHandlerRegistry()`
    /// serves screens built in Swift, whose buttons run their own closures.
    ///
    /// `options` is the value the flow was compiled with: the registry opens its
    /// ``CompileOptions/allowedURLSchemes`` (stored lower-cased; by default
    /// ``URLSchemePolicy/defaultAllowedSchemes``: `http`, `https`, `mailto`, `tel`), so that a
    /// URL validation accepts is one this registry opens. Its known handlers are names the
    /// host promises to ``register(_:_:)-(String,_)``; they are not registered here.
    public init(
        urlHandler: any URLHandler = IgnoringURLHandler(), feedbackSink: any FeedbackSink = DiscardingFeedbackSink(),
        options: CompileOptions = CompileOptions()
    ) {
        self.urlHandler = urlHandler
        self.feedbackSink = feedbackSink
        self.allowedURLSchemes = Set(options.allowedURLSchemes.map { $0.lowercased() })
    }

    /// Adds (or replaces) the handler of custom steps named `name` (case-sensitive).
    public mutating func register(_ name: String, _ handler: any ActionHandler) {
        handlers[name] = handler
    }

    /// Adds (or replaces) the handler of `declaration.name`, with the arguments and
    /// returned values it declares, which ``manifest()`` exports.
    public mutating func register(_ declaration: HandlerDeclaration, _ handler: any ActionHandler) {
        handlers[declaration.name] = handler
        declarations[declaration.name] = declaration
    }

    /// The declarations of the handlers registered with one
    /// (``register(_:_:)-(HandlerDeclaration,_)``), sorted by name: what
    /// `CompileOptions(handlerManifest:)` takes, so validation checks steps against
    /// exactly the handlers this registry runs.
    public var handlerManifest: [HandlerDeclaration] {
        declarations.keys.sorted().compactMap { declarations[$0] }
    }

    /// ``handlerManifest`` as JSON text, the shape of a flow's `handlers:` and of
    /// `validate --handlers FILE`:
    /// `{"reconnect":{"arguments":{"timeout":"integer"},"description":"…","returns":{"connected":"boolean"}}}`
    /// (keys sorted; parts a declaration does not have are left out). So an app and CI
    /// check flows against one file.
    public func manifest() -> String {
        var members: [String: FlowValue] = [:]
        for declaration in handlerManifest {
            var parts: [String: FlowValue] = [:]
            func types(_ values: [ValueDeclaration]) -> FlowValue {
                .object(Dictionary(values.map { ($0.name, FlowValue.string($0.type.description)) }, uniquingKeysWith: { first, _ in first }))
            }
            if !declaration.arguments.isEmpty { parts["arguments"] = types(declaration.arguments) }
            if !declaration.returns.isEmpty { parts["returns"] = types(declaration.returns) }
            if let description = declaration.description { parts["description"] = .string(description) }
            members[declaration.name] = .object(parts)
        }
        return FlowValue.object(members).jsonText
    }

    /// Adds (or replaces) the validator a trigger names as `validator: name`
    /// (case-sensitive).
    public mutating func registerValidator(_ name: String, _ validator: any TriggerValidator) {
        validators[name] = validator
    }

    /// The validator registered for `name`, if any.
    package func validator(named name: String) -> (any TriggerValidator)? {
        validators[name]
    }

    /// The handler registered for `name`, if any.
    package func handler(named name: String) -> (any ActionHandler)? {
        handlers[name]
    }

    /// Runs a custom step and returns the values its handler returned, by name.
    /// - Throws: ``StepError/noHandler(_:)`` when no handler has the name, or whatever
    ///   the handler throws.
    package func perform(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
        guard let handler = handlers[invocation.name] else { throw StepError.noHandler(invocation.name) }
        return try await handler.performReturningValues(invocation)
    }

    /// Checks `url`'s scheme and hands it to the URL handler.
    /// - Throws: ``StepError/invalidURL(_:)`` when there is no scheme (RFC 3986 §3.1:
    ///   a letter, then letters, digits, `+`, `-`, `.`, then `:`) or the text holds
    ///   whitespace or control characters; ``StepError/urlSchemeNotAllowed(url:scheme:allowed:)``;
    ///   or whatever the URL handler throws.
    package func openURL(_ url: String) async throws {
        guard let scheme = URLSchemePolicy.scheme(of: url) else { throw StepError.invalidURL(url) }
        guard allowedURLSchemes.contains(scheme) else {
            throw StepError.urlSchemeNotAllowed(url: url, scheme: scheme, allowed: allowedURLSchemes.sorted())
        }
        try await urlHandler.open(url)
    }

    /// Hands `feedback` to the feedback sink.
    package func submit(_ feedback: FeedbackSubmission) async throws {
        try await feedbackSink.submit(feedback)
    }
}
