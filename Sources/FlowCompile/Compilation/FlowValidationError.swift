import FlowSource

/// A flow built in Swift that `validate` would refuse: its error diagnostics, in the
/// order ``FlowCompiler/check(_:options:)`` gives them (screen by screen, as the flow
/// lists them). A diagnostic of a flow built in Swift has no place in a file; its
/// message names the screen (`unknown screen 'thanks' ('push' target on screen 'rate')`).
public struct FlowValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors found (at least one); warnings are not errors and are left out.
    public var diagnostics: [Diagnostic]

    /// The errors `diagnostics` holds.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One line per error, e.g.
    /// `error: unknown screen 'thanks' ('push' target on screen 'rate') [unknown-screen]`.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension FlowCompiler {
    /// Checks a flow built in Swift as `validate` checks a file (the same rules and
    /// codes; diagnostics have no place in a file, so the message of a missing target
    /// names the screen whose step names it), with
    /// `options` (default none). O(screens + steps), as validating a file.
    /// - Returns: every diagnostic, errors and warnings, sorted by screen as written.
    public static func check(_ flow: Flow, options: CompileOptions = CompileOptions()) -> [Diagnostic] {
        var bag = DiagnosticBag()
        FlowValidator.validate(flow, diagnostics: &bag, options: options)
        return ordered(bag.diagnostics)
    }
}

extension Flow {
    /// A flow of `screens` built in Swift, checked as `validate` checks a file, so that a
    /// button that pushes a screen no one built is an error here, when the flow is made,
    /// never at a tap after its feedback went out. Its trigger, context, events, variables
    /// and handlers get the checks a file's get: the trigger's event must be declared, its
    /// condition must type-check against the context and the event's payload, its
    /// validator and every custom step must be a declared handler (when handlers are
    /// declared), and so on.
    ///
    /// ```swift
    /// let flow = try Flow(
    ///     checking: "call-feedback", screens: [rate, thanks],
    ///     context: [ValueDeclaration(name: "user.isEmployee", type: ValueType(.boolean))],
    ///     events: [EventDeclaration(name: "callEnded", payload: [ValueDeclaration(name: "participants", type: ValueType(.integer))])],
    ///     trigger: PresentationTrigger(event: "callEnded", when: "event.participants > 1"))
    /// let front = FeedbackNavigator(flow: flow, registry: registry)
    /// let decision = await front.handle(event: "callEnded", context: ["event.participants": 3])
    /// ```
    /// - Parameters:
    ///   - id: the flow's id, which its submissions carry (``FeedbackSubmission/flowID``).
    ///   - start: the first screen's id; default the first screen's.
    ///   - presentation: how the start screen enters (default presented).
    ///   - context: the values the host provides, typed (`context:` of a file).
    ///   - events: the events the flow reacts to, with their payloads (`events:`).
    ///   - variables: the flow variables `set` steps give values (`variables:`).
    ///   - trigger: when the flow is presented (`trigger:`); `nil` when the host shows it.
    ///   - handlers: the custom handlers its steps and trigger run (`handlers:`).
    ///   - options: what the host provides (template variables, custom step names).
    /// - Throws: ``FlowValidationError`` with every error; warnings do not throw (read
    ///   them with ``FlowCompiler/check(_:options:)``).
    public init(
        checking id: String, start: String? = nil, presentation: Presentation = .present,
        screens: [FeedbackConfiguration], context: [ValueDeclaration] = [], events: [EventDeclaration] = [],
        variables: [ValueDeclaration] = [], trigger: PresentationTrigger? = nil, handlers: [HandlerDeclaration] = [],
        options: CompileOptions = CompileOptions()
    ) throws(FlowValidationError) {
        self.init(
            id: id, start: start ?? screens.first?.id ?? "", presentation: presentation, screens: screens, context: context,
            events: events, variables: variables, trigger: trigger, handlers: handlers)
        let errors = FlowCompiler.check(self, options: options).filter { $0.severity == .error }
        if !errors.isEmpty { throw FlowValidationError(diagnostics: errors) }
    }
}
