import FeedbackFlow
import FeedbackFlowTestSupport
import Foundation

/// Builds flows in Swift for the navigator tests and wires a navigator to recording
/// doubles.
struct NavigatorTestHarness {
    let navigator: FlowNavigator
    let presenter = RecordingPresenter()
    let sink: RecordingFeedbackSink
    let urls = RecordingURLHandler()

    /// The fixed clock of submissions: 2024-05-01T12:00:00Z (1714564800 s after 1970,
    /// by `date -u -d 2024-05-01T12:00:00Z +%s`).
    static let clock = Date(timeIntervalSince1970: 1_714_564_800)

    init(
        _ flow: Flow, handlers: [String: any ActionHandler] = [:], sink: RecordingFeedbackSink = RecordingFeedbackSink(),
        context: [String: ExpressionValue] = [:], presentation: Presentation? = nil
    ) {
        var flow = flow
        if let presentation { flow.presentation = presentation }
        self.sink = sink
        var registry = ActionHandlerRegistry(urlHandler: urls, feedbackSink: sink)
        for (name, handler) in handlers { registry.register(name, handler) }
        navigator = FlowNavigator(
            flow: flow, registry: registry, presenters: [presenter], context: context, now: { Self.clock })
    }

    /// Starts the flow and returns the start screen's instance id.
    func start() async throws -> ScreenInstanceID {
        try await navigator.start()
        return try await topID()
    }

    func topID() async throws -> ScreenInstanceID {
        let top = await navigator.state.navigation.top
        guard let top else { throw TestFailure("nothing shown") }
        return top.id
    }

    /// Taps `slot` of the screen on top.
    @discardableResult
    func tapTop(_ slot: ActionSlot = .primary) async throws -> TapResult {
        await navigator.tap(slot, on: try await topID())
    }

    /// The screen ids of each stack.
    func stacks() async -> [[String]] {
        await navigator.state.navigation.stacks.map { $0.map(\.screenID) }
    }
}

/// A flow of `screens`, starting at the first.
func flow(_ screens: FeedbackConfiguration..., id: String = "test-flow", presentation: Presentation = .present) -> Flow {
    Flow(id: id, start: screens.first?.id ?? "", presentation: presentation, screens: screens)
}

/// A screen with a primary button running `steps`.
func screen(
    _ id: String, title: String = "Title", _ steps: Step.Kind..., onFailure: [Step.Kind]? = nil,
    secondary: FeedbackSecondaryAction = .none, content: [ContentBlock] = []
) -> FeedbackConfiguration {
    let primary: FeedbackPrimaryAction =
        steps.isEmpty
        ? .none
        : .button(ActionButton(
            title: "Go", action: FlowAction(steps.map { Step($0) }),
            onFailure: onFailure.map { FlowAction($0.map { Step($0) }) }))
    return FeedbackConfiguration(
        id: id, style: .informative, title: TemplateString(title), subtitle: nil, primaryAction: primary,
        secondaryAction: secondary, extraContent: content, span: nil)
}

/// A secondary link running `steps`.
func link(_ title: String, _ steps: Step.Kind...) -> FeedbackSecondaryAction {
    .link(ActionButton(title: TemplateString(title), action: FlowAction(steps.map { Step($0) })))
}
