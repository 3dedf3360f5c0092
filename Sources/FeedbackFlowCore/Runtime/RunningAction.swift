import FlowCompile
import FlowSystem

/// The action of a button built in Swift, as it runs: what its closure gets to submit
/// feedback and navigate the way the steps of a file do.
///
/// ```swift
/// primaryAction: .button(title: "Submit") { call in
///     try await call.collectUserFeedback(
///         rating: 5, reason: "it worked great!", custom: ["callWasAwesome": true])
///     try await call.navigator.navigate(.dismiss)
/// }
/// ```
///
/// A closure runs as one step (`perform`): what it throws fails that step, with the
/// error's message on the screen, and its ``NavigatorEvent/handlerResult(_:)`` reports
/// the closure as a whole. The closure runs inside the action, so its calls to
/// ``navigator`` are the action's own (allowed while the screen is busy). A running
/// action is bound to the one run of the action it was made for: kept and used after
/// that run ended (in a task that outlives it, or inside a later action, even on the same
/// screen), ``collectUserFeedback(rating:reason:custom:)`` throws `CancellationError` and
/// submits nothing; and it submits at most once (a second call throws
/// ``StepError/alreadySubmitted`` and sends nothing), so a tap submits at most once.
///
/// Navigation a closure does itself is not seen by ``FlowCompiler/check(_:options:)``;
/// to have a flow built in Swift checked, put the navigation in steps after the closure:
/// `action: [.perform(StepClosure { call in … }), .push("thanks")]`.
public struct RunningAction: Sendable {
    /// The navigator running the action: its fields, stacks and navigation.
    public let navigator: FlowNavigator
    /// The id of the flow the action belongs to (a ``FeedbackSubmission/flowID``).
    public let flowID: String
    /// The screen instance whose button was tapped.
    public let screen: ScreenInstance
    /// The number the navigator gave the run of the action this value was made for.
    let run: UInt64

    /// The action running in the current task, set by the navigator around a closure step
    /// (and inherited by tasks the closure starts).
    @TaskLocal static var current: RunningAction?

    /// Submits one feedback as the `collectUserFeedback` step does: the same rule for the
    /// rating (a whole number from 1 to 5), a new idempotency key
    /// (``FeedbackSubmission/newID()``), this flow's id and this screen's id, the
    /// navigator's clock, handed to the registry's ``FeedbackSink`` (an
    /// ``OutboxFeedbackSink`` keeps it until delivered), reported to the presenters as a
    /// ``NavigatorEvent/handlerResult(_:)`` named `collectUserFeedback`. A flow presented
    /// by its trigger records the response, as the step does. `reason` and `custom` are
    /// taken as given, not rendered as templates (a value from Swift is already the value).
    /// - Throws: `CancellationError` when the action this value was made for no longer
    ///   runs when called (it ended, the flow ended, the host closed its screen, or another
    ///   action runs now; nothing is submitted), or when the host closed the screen while
    ///   the sink took the submission (the submission stands); ``StepError/alreadySubmitted``
    ///   when this run of the action has submitted, or is submitting (nothing more is sent);
    ///   ``StepError/invalidRating(_:)`` for a rating outside 1...5 (nothing is
    ///   submitted); or what the sink throws.
    public func collectUserFeedback(rating: Int, reason: String? = nil, custom: [String: FlowValue] = [:]) async throws {
        try await navigator.submit(rating: rating, reason: reason, custom: custom, from: screen, run: run)
    }

    /// The current value of field `id`; `nil` when no screen defines it.
    public func value(of id: FieldID) async -> FieldValue? {
        await navigator.value(of: id)
    }

    /// The current value of the field whose id a `String` holds; a string literal is a
    /// ``FieldID`` and takes ``value(of:)-(FieldID)``.
    @_disfavoredOverload
    public func value(of id: String) async -> FieldValue? {
        await value(of: FieldID(id))
    }

    /// The stars of rating field `id`; `nil` when it is not rated or no rating has the id.
    public func rating(_ id: FieldID) async -> Int? {
        await value(of: id)?.ratingValue
    }

    /// The text of text field or editor `id`; `nil` when no text field has the id.
    public func text(_ id: FieldID) async -> String? {
        await value(of: id)?.textValue
    }

    /// Whether toggle `id` is on; `nil` when no toggle has the id.
    public func isOn(_ id: FieldID) async -> Bool? {
        await value(of: id)?.isOn
    }

    /// Runs `body` with the action running in the current task, for the closures of
    /// buttons built in Swift.
    /// - Throws: what `body` throws; `CancellationError` without a running action, which
    ///   cannot happen (only a navigator runs a closure step, and it sets ``current``).
    static func withCurrent(_ body: (RunningAction) async throws -> Void) async throws {
        guard let action = current else { throw CancellationError() }
        try await body(action)
    }
}

extension StepClosure {
    /// A closure step that gets the ``RunningAction``, for an action of several steps:
    /// `[.perform(StepClosure { call in try await call.collectUserFeedback(rating: 5) }),
    /// .push("thanks")]`. A throw fails the step.
    public convenience init(_ body: @escaping @Sendable (_ call: RunningAction) async throws -> Void) {
        self.init { try await RunningAction.withCurrent(body) }
    }
}

extension FeedbackPrimaryAction {
    /// A button built in Swift whose closure gets the ``RunningAction``: it can submit
    /// feedback (``RunningAction/collectUserFeedback(rating:reason:custom:)``) and navigate.
    /// A throw fails the step; `title` is read as a template.
    public static func button(
        title: String, completion: @escaping @Sendable (_ call: RunningAction) async throws -> Void
    ) -> FeedbackPrimaryAction {
        .button(.running(StepClosure(completion), title: title))
    }
}

extension FeedbackSecondaryAction {
    /// A secondary button built in Swift whose closure gets the ``RunningAction``.
    public static func button(
        title: String, completion: @escaping @Sendable (_ call: RunningAction) async throws -> Void
    ) -> FeedbackSecondaryAction {
        .button(.running(StepClosure(completion), title: title))
    }

    /// A link built in Swift whose closure gets the ``RunningAction``.
    public static func link(
        title: String, completion: @escaping @Sendable (_ call: RunningAction) async throws -> Void
    ) -> FeedbackSecondaryAction {
        .link(.running(StepClosure(completion), title: title))
    }
}
