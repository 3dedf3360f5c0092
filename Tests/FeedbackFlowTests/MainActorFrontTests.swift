import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Testing

/// The main-actor front (`FeedbackNavigator`): async calls that throw the navigator's
/// refusal, and plain properties that follow every change.
@MainActor
struct MainActorFrontTests {
    static func screen(_ id: String, _ action: FeedbackPrimaryAction = .none) -> FeedbackConfiguration {
        FeedbackConfiguration(id: id, style: .informative, title: id.uppercased(), primaryAction: action)
    }

    /// The call-quality screen and its thanks, with a trigger on a call that ended with
    /// more than one participant.
    static func callQuality(handler: (any ActionHandler)? = nil) throws -> (Flow, ActionHandlerRegistry) {
        let rate = FeedbackConfiguration(
            id: "rate", style: .feedback(image: "feedbackLogo"), title: "How is your call going?",
            primaryAction: .button(ActionButton(title: "Submit", action: [
                .collectUserFeedback(rating: "${rating}", reason: "${comment}"), .custom(name: "upload", argument: nil), .push("thanks"),
            ])),
            extraContent: [
                .textEditor(id: "comment", placeholder: "Message"), .rating(id: "rating", label: "Rate Quality", value: 1),
                .toggle(id: "contact", label: "Contact me"),
            ])
        let thanks = FeedbackConfiguration(
            id: "thanks", style: .success, title: "Thank you!", primaryAction: .button(ActionButton(title: "Done", action: [.dismiss])))
        let flow = try Flow(
            checking: "call-quality", screens: [rate, thanks],
            events: [EventDeclaration(name: "callEnded", payload: [ValueDeclaration(name: "participants", type: ValueType(.integer))])],
            trigger: PresentationTrigger(event: "callEnded", when: "event.participants > 1"),
            handlers: [HandlerDeclaration(name: "upload")])
        var registry = ActionHandlerRegistry()
        registry.register("upload", handler ?? RecordingActionHandler())
        return (flow, registry)
    }

    @Test("the front's calls throw the navigator's refusal and its stacks follow each call")
    func callsThrowRefusals() async throws {
        let front = FeedbackNavigator()
        try await front.presentFeedback(configuration: Self.screen("a"))
        try await front.pushFeedback(configuration: Self.screen("b"))
        try await front.presentFeedback(configuration: Self.screen("c"))
        #expect(front.stacks.map { $0.map(\.screenID) } == [["a", "b"], ["c"]])
        #expect(front.top?.title == "C")
        try await front.navigate(.dismiss)
        #expect(front.stacks.map { $0.map(\.screenID) } == [["a", "b"]])
        try await front.navigate(.dismiss)  // the last stack leaves: the flow ends
        #expect(front.outcome == .dismissed)
        await #expect(throws: NavigatorError.flowEnded) { try await front.pushFeedback(configuration: Self.screen("d")) }
        await #expect(throws: FieldError.flowEnded) { try await front.setField("rating", to: .rating(3)) }
    }

    @Test("an event the trigger refuses says why and shows nothing; one it accepts starts the flow")
    func eventDecisions() async throws {
        let (flow, registry) = try Self.callQuality()
        let alone = FeedbackNavigator(flow: flow, registry: registry)
        let refused = await alone.handle(event: "callEnded", context: ["event.participants": 1])
        guard case .suppressed(.conditionFalse(let condition)) = refused else {
            Issue.record("expected a false condition, got \(refused)")
            return
        }
        #expect(condition.condition == "event.participants > 1")
        #expect(alone.top == nil && alone.stacks.isEmpty)

        let group = FeedbackNavigator(flow: flow, registry: registry)
        #expect(await group.handle(event: "callEnded", context: ["event.participants": 3]) == .present)
        #expect(group.top?.instance.screenID == "rate")
        #expect(await group.handle(event: "callEnded", context: ["event.participants": 3]) == .suppressed(.alreadyStarted))
    }

    @Test("typed reads give each kind's value and nil for another kind or an unknown id")
    func typedReads() async throws {
        let (flow, registry) = try Self.callQuality()
        let front = FeedbackNavigator(flow: flow, registry: registry)
        try await front.start()
        try await front.setField("rating", to: .rating(4))
        try await front.setField("comment", to: .text("Loud echo"))
        try await front.setField("contact", to: .toggle(true))
        #expect(front.rating("rating") == 4)
        #expect(front.text("comment") == "Loud echo")
        #expect(front.isOn("contact") == true)
        #expect(front.rating("comment") == nil)
        #expect(front.text("nowhere") == nil)
        #expect(await front.navigator.rating("rating") == 4)
        await #expect(throws: FieldError.self) { try await front.setField("rating", to: .rating(9)) }
        #expect(front.rating("rating") == 4)
    }

    @Test("a front made with the flow shows an action's busy state while the action runs")
    func followsARunningAction() async throws {
        let handler = SuspendingHandler()
        let (flow, registry) = try Self.callQuality(handler: handler)
        let front = FeedbackNavigator(flow: flow, registry: registry)
        try await front.start()
        let tap = Task { await front.tap(.primary) }
        await handler.waitUntilStarted()
        #expect(front.isBusy)
        #expect(front.top?.isBusy == true)
        handler.release()
        #expect(await tap.value == .ran)
        #expect(!front.isBusy)
        #expect(front.top?.instance.screenID == "thanks")
    }

    @Test("a required rating starts unrated: the primary action waits until it is rated, then submits it")
    func requiredRatingWaits() async throws {
        let sink = RecordingFeedbackSink()
        let rate = FeedbackConfiguration(
            id: "rate", style: .informative, title: "Rate",
            primaryAction: .button(ActionButton(title: "Send", action: [.collectUserFeedback(rating: "${stars}")])),
            extraContent: [.rating(id: "stars", label: "Stars", required: true)])
        let flow = try Flow(checking: "rating", screens: [rate])
        #expect(FlowCompiler.check(flow).isEmpty)
        let front = FeedbackNavigator(flow: flow, registry: ActionHandlerRegistry(feedbackSink: sink))
        try await front.start()
        #expect(front.value(of: "stars") == .unrated)
        #expect(front.rating("stars") == nil)
        #expect(front.top?.primary?.isEnabled == false)
        #expect(front.top?.fields.first?.isComplete == false)
        #expect(await front.tap(.primary) == .ignoredDisabled)
        // A rating is never set back to unrated.
        await #expect(throws: FieldError.self) { try await front.setField("stars", to: .unrated) }
        try await front.setField("stars", to: .rating(2))
        #expect(front.top?.primary?.isEnabled == true)
        #expect(await front.tap(.primary) == .ran)
        #expect(sink.submissions.map(\.rating) == [2])
    }

    @Test("a presenter isolated to the main actor conforms to Presenter and sees every event in order")
    func mainActorPresenter() async throws {
        let presenter = MainActorLines()
        let front = FeedbackNavigator(presenters: [presenter])
        try await front.presentFeedback(configuration: Self.screen("a"))
        try await front.navigate(.dismiss)
        #expect(presenter.lines == ["stackChanged present: a [1]", "screenShown a", "stackChanged dismiss []", "flowEnded dismissed"])
    }
}

/// A UI presenter as an app writes one: a main-actor class whose `present` is plain code.
@MainActor
final class MainActorLines: Presenter {
    private(set) var lines: [String] = []

    func present(_ event: NavigatorEvent) {
        lines.append(event.description)
    }
}
