import FeedbackFlow
import FlowReporting
import FlowTerminal
import Testing

/// Line mode's presenter fed by hand, with snapshots and events built from their public
/// initializers and no navigator: what a host's own presenter test looks like.
@Suite("Line mode presenter")
struct LineModePresenterTests {
    static let rate = ScreenInstance(id: ScreenInstanceID(rawValue: 1), screenID: "rate")
    static let thanks = ScreenInstance(id: ScreenInstanceID(rawValue: 2), screenID: "thanks")

    static func rateScreen(busy: Bool = false) -> ScreenSnapshot {
        ScreenSnapshot(
            instance: rate, flowID: "call", style: .informative, title: "How was the call?",
            content: [.field(FieldSnapshot(id: "stars", label: "Stars", kind: .rating(min: 1, max: 5, value: nil), value: .rating(4)))],
            primary: ActionSnapshot(slot: .primary, kind: .retryButton, title: busy ? "Sending…" : "Send", isEnabled: !busy, isLoading: busy),
            isBusy: busy)
    }

    @Test("a screen is drawn from its screenShown snapshot once, after the call, and again only on request")
    func drawsFromEvents() async {
        let output = BufferWriter()
        let presenter = LineModePresenter(output: output, style: .plain)
        await presenter.present(.stackChanged(.init(operation: .present("rate"), stacks: [[Self.rate]])))
        await presenter.present(.screenShown(Self.rateScreen()))
        #expect(output.text.isEmpty)
        await presenter.drawIfNew()
        await presenter.drawIfNew()
        // Written by hand from the layout documented on LineModeRunner.
        #expect(output.text == """

            ── ℹ informative · rate · stacks [1] ──
            How was the call?

              Stars [stars]: ★★★★☆  4 (1–5)

              1) Send
            (1 to tap, set ID VALUE to fill, help for all commands)

            """)
        #expect(await presenter.screen == Self.rateScreen())
    }

    @Test("a busy retry button says its loading title; the flow's end is written and kept")
    func loadingAndEnd() async {
        let output = BufferWriter()
        let presenter = LineModePresenter(output: output, style: .plain)
        await presenter.present(.screenShown(Self.rateScreen()))
        await presenter.drawIfNew()
        let drawn = output.text
        await presenter.present(.actionTapped(.init(slot: .primary, title: "Send", instance: Self.rate)))
        await presenter.present(.screenUpdated(Self.rateScreen(busy: true)))
        await presenter.present(.stepRun(.init(step: "collectUserFeedback", argument: nil, instance: Self.rate, isOnFailure: false)))
        await presenter.present(.handlerResult(.init(step: "collectUserFeedback", instance: Self.rate, outcome: .success)))
        await presenter.present(.stackChanged(.init(operation: .dismiss, stacks: [])))
        await presenter.present(.flowEnded("sent"))
        #expect(output.text == drawn + "… Sending…\n\nFlow ended: sent\n")
        #expect(await presenter.outcome == "sent")
        #expect(await presenter.screen == nil)
    }

    @Test("a screen pushed during an action is drawn as the action left it")
    func drawnWhenSettled() async {
        let output = BufferWriter()
        let presenter = LineModePresenter(output: output, style: .plain)
        let during = ScreenSnapshot(
            instance: Self.thanks, flowID: "call", style: .success, title: "Thank you!",
            primary: ActionSnapshot(slot: .primary, title: "Done", isEnabled: false), stackDepths: [2])
        var after = during
        after.primary?.isEnabled = true
        await presenter.present(.screenShown(during))
        await presenter.present(.screenUpdated(after))
        await presenter.drawIfNew()
        #expect(output.text.contains("1) Done\n"))
        #expect(!output.text.contains("[disabled]"))
    }
}
