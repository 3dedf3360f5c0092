import FeedbackFlow
import FeedbackFlowCore
import Testing

/// The navigator's state machine as a value: changes applied to a ``FlowState`` without an
/// actor, a task or a presenter. Expected stacks, events and refusals follow the rules of
/// docs/navigation.md (sections 1–7 and 11).
@Suite("FlowState")
struct FlowStateTests {
    /// One line per event, e.g. `stackChanged push: b [2]`.
    private func lines(_ events: [NavigatorEvent]) -> [String] {
        events.map(\.description)
    }

    /// Screen ids of each stack, bottom first.
    private func stacks(_ state: FlowState) -> [[String]] {
        state.navigation.stacks.map { $0.map(\.screenID) }
    }

    /// The instance on top.
    private func top(_ state: FlowState) throws -> ScreenInstance {
        try #require(state.navigation.top)
    }

    /// Expects `change` to be refused with `expected` and the state to be exactly as before.
    private func expectRefused(
        _ change: FlowChange, with expected: FlowChangeError, in state: inout FlowState,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = state
        do {
            let events = try state.apply(change)
            Issue.record("\(change) was applied, giving \(lines(events))", sourceLocation: sourceLocation)
        } catch {
            #expect(error == expected, sourceLocation: sourceLocation)
        }
        #expect(state == before, "a refused \(change) changed the state", sourceLocation: sourceLocation)
    }

    /// A started state of `screens` (the first presented).
    private func started(_ screens: FeedbackConfiguration...) throws -> FlowState {
        var state = FlowState(flow: Flow(id: "f", start: screens.first?.id ?? "", screens: screens))
        try state.apply(.start)
        return state
    }

    /// A screen with a custom step `name` as its primary action.
    private func handlerScreen(_ id: String, _ name: String, then steps: Step.Kind...) -> FeedbackConfiguration {
        let kinds = [Step.Kind.custom(name: name, argument: nil)] + steps
        return FeedbackConfiguration(
            id: id, style: .informative, title: "Title",
            primaryAction: .button(ActionButton(title: "Go", action: FlowAction(kinds.map { Step($0) }))))
    }

    // MARK: Lifecycle

    @Test("start presents the start screen: stackChanged, then screenShown, and the flow has started")
    func startPresents() throws {
        var state = FlowState(flow: flow(screen("a"), screen("b")))
        #expect(!state.hasStarted)
        #expect(state.snapshot() == nil)
        let events = try state.apply(.start)
        #expect(lines(events) == ["stackChanged present: a [1]", "screenShown a"])
        #expect(stacks(state) == [["a"]])
        #expect(state.hasStarted)
        #expect(state.navigation.top?.id.rawValue == 1)
    }

    @Test("start with presentation push pushes the start screen, which then starts a stack")
    func startPushes() throws {
        var state = FlowState(flow: flow(screen("a"), presentation: .push))
        #expect(lines(try state.apply(.start)) == ["stackChanged push: a [1]", "screenShown a"])
        #expect(stacks(state) == [["a"]])
    }

    @Test("a start whose screen is missing is refused and leaves the state unstarted; a second start is refused too")
    func startRefusals() throws {
        var missing = FlowState(flow: Flow(id: "f", start: "missing", screens: [screen("a")]))
        expectRefused(.start, with: .navigator(.unknownScreen("missing")), in: &missing)
        #expect(!missing.hasStarted)

        var state = try started(screen("a"))
        expectRefused(.start, with: .navigator(.alreadyStarted), in: &state)
    }

    @Test("a refused navigation before start does not start the flow, so start still works")
    func refusedNavigationBeforeStart() throws {
        var state = FlowState(flow: flow(screen("a"), screen("b")))
        expectRefused(.navigate(.pop, by: .host), with: .navigator(.navigation(.noStack(operation: "pop"))), in: &state)
        expectRefused(.navigate(.dismiss, by: .host), with: .navigator(.navigation(.noStack(operation: "dismiss"))), in: &state)
        expectRefused(.navigate(.push("nowhere"), by: .host), with: .navigator(.unknownScreen("nowhere")), in: &state)
        #expect(!state.hasStarted)
        #expect(lines(try state.apply(.start)) == ["stackChanged present: a [1]", "screenShown a"])
    }

    @Test("pop on the last root ends the flow dismissed: stackChanged then flowEnded, and then nothing changes")
    func lastRootPopEndsTheFlow() throws {
        var state = try started(screen("a"), screen("b"))
        let events = try state.apply(.navigate(.pop, by: .host))
        #expect(lines(events) == ["stackChanged pop []", "flowEnded dismissed"])
        #expect(state.navigation.isEmpty)
        #expect(state.outcome == .dismissed)

        expectRefused(.navigate(.push("b"), by: .host), with: .navigator(.flowEnded), in: &state)
        expectRefused(.setField("x", to: .text("y")), with: .field(.flowEnded), in: &state)
        let id = ScreenInstanceID(rawValue: 1)
        expectRefused(.beginAction(id, .primary), with: .tap(.ignoredFlowEnded), in: &state)
        let before = state
        #expect(try state.apply(.conclude(.quit)).isEmpty)
        #expect(state == before)
        #expect(state.outcome == .dismissed)
    }

    @Test("finish leaves the stacks as they are and only sets the outcome; the action then ends without an update")
    func finishKeepsStacks() throws {
        var state = try started(screen("a", .push("b")), screen("b", .finish(nil)))
        try state.apply(.navigate(.push("b"), by: .host))
        let b = try top(state)
        try state.apply(.beginAction(b.id, .primary))
        #expect(lines(try state.apply(.conclude(.finished))) == ["flowEnded finished"])
        #expect(stacks(state) == [["a", "b"]])
        #expect(state.outcome == .finished)
        #expect(state.isBusy)
        // The action ends after the flow: no update, no error kept, nothing busy.
        #expect(try state.apply(.endAction(of: b.id, errorMessage: "late")).isEmpty)
        #expect(!state.isBusy)
        #expect(state.errors.isEmpty)
    }

    // MARK: Navigation

    @Test("a navigation that leaves the same instance on top gives stackChanged but no screenShown")
    func sameTopNoScreenShown() throws {
        var state = try started(screen("a"))
        #expect(lines(try state.apply(.navigate(.popToRoot, by: .host))) == ["stackChanged popToRoot [1]"])
        #expect(lines(try state.apply(.navigate(.popTo("a"), by: .host))) == ["stackChanged popTo: a [1]"])
    }

    @Test("pop reveals the same instance below and shows it again; push and present mint new ids")
    func popRevealsSameInstance() throws {
        var state = try started(screen("a"), screen("b"))
        let a = try top(state)
        #expect(lines(try state.apply(.navigate(.push("b"), by: .host))) == ["stackChanged push: b [2]", "screenShown b"])
        #expect(lines(try state.apply(.navigate(.present("b"), by: .host))) == ["stackChanged present: b [2, 1]", "screenShown b"])
        #expect(state.navigation.stacks.joined().map(\.id.rawValue) == [1, 2, 3])
        try state.apply(.navigate(.dismiss, by: .host))
        #expect(lines(try state.apply(.navigate(.pop, by: .host))) == ["stackChanged pop [1]", "screenShown a"])
        #expect(try top(state) == a)
    }

    @Test("popTo a screen missing from the top stack is refused and changes nothing")
    func popToMissing() throws {
        var state = try started(screen("a"), screen("b"))
        try state.apply(.navigate(.present("b"), by: .host))
        expectRefused(
            .navigate(.popTo("a"), by: .host),
            with: .navigator(.navigation(.screenNotInTopStack(screenID: "a", topStack: ["b"]))), in: &state)
    }

    // MARK: Screens built in Swift

    @Test("configurations built in code with a taken id get fresh ids: feedback, feedback-2, feedback-3")
    func freshIDs() throws {
        var state = FlowState(flow: Flow(id: "feedback", start: "", screens: []))
        let configuration = FeedbackConfiguration(style: .informative, title: "A", primaryAction: .none)
        var shown: [String] = []
        for presenting in [true, false, false] {
            try state.apply(.show(configuration, presenting: presenting, by: .host))
            shown.append(try top(state).screenID)
        }
        #expect(shown == ["feedback", "feedback-2", "feedback-3"])
        #expect(stacks(state) == [["feedback", "feedback-2", "feedback-3"]])
        #expect(state.screens.keys.sorted() == ["feedback", "feedback-2", "feedback-3"])
        #expect(state.hasStarted)
    }

    @Test("a code-built screen redefining a known field is refused, fresh-id counter included; the same definition is shared")
    func conflictingFieldRefused() throws {
        var state = FlowState(flow: Flow(id: "f", start: "", screens: []))
        let a = FeedbackConfiguration(
            id: "a", style: .informative, title: "A", primaryAction: .none,
            extraContent: [ContentBlock(.field(.textField(id: "email", maxLength: 3)))])
        var other = a
        other.extraContent = [ContentBlock(.field(.textField(id: "email", required: true, format: .email)))]
        try state.apply(.show(a, presenting: true, by: .host))
        // `other` reuses the id "a", so it would be "a-2": refused before anything changes.
        expectRefused(
            .show(other, presenting: false, by: .host),
            with: .navigator(.conflictingField(field: "email", screen: "a-2")), in: &state)
        try state.apply(.show(a, presenting: false, by: .host))
        #expect(try top(state).screenID == "a-2")
        #expect(state.fieldDefinitions.count == 1)
    }

    // MARK: Form

    @Test("setField stores the value and updates the top screen; a refused value changes nothing")
    func setField() throws {
        let rated = screen("a", content: [ContentBlock(.field(.rating(id: "r", min: 1, max: 5)))])
        var state = try started(rated)
        #expect(state.values["r"] == .rating(1))
        #expect(lines(try state.apply(.setField("r", to: .rating(4)))) == ["screenUpdated a"])
        #expect(state.snapshot()?.fields.first?.value == .rating(4))
        expectRefused(.setField("r", to: .rating(9)), with: .field(.outOfRange(field: "r", value: 9, min: 1, max: 5)), in: &state)
        expectRefused(.setField("r", to: .text("4")), with: .field(.wrongKind(field: "r", expected: .rating(min: 1, max: 5, value: nil))), in: &state)
        expectRefused(.setField("nope", to: .text("x")), with: .field(.unknownField("nope")), in: &state)
    }

    @Test("the primary waits for the form of its own screen; the secondary does not")
    func primaryWaitsForTheForm() throws {
        let form = screen(
            "a", .finish(nil), secondary: link("Contact", .finish("contact")),
            content: [ContentBlock(.field(.textField(id: "email", required: true, format: .email)))])
        var state = try started(form)
        let a = try top(state)
        #expect(!state.isFormComplete(form))
        #expect(state.snapshot()?.primary?.isEnabled == false)
        #expect(state.snapshot()?.secondary?.isEnabled == true)
        expectRefused(.beginAction(a.id, .primary), with: .tap(.ignoredDisabled), in: &state)
        #expect(state.tapRefusal(.secondary, on: a.id) == nil)

        try state.apply(.setField("email", to: .text("not an email")))
        #expect(state.tapRefusal(.primary, on: a.id) == .ignoredDisabled)
        try state.apply(.setField("email", to: .text("a@b.co")))
        #expect(state.isFormComplete(form))
        #expect(state.tapRefusal(.primary, on: a.id) == nil)
    }

    // MARK: Taps and the busy rule

    @Test("a tap that runs gives actionTapped with the tapped title and the busy update; every other tap is then busy")
    func beginActionMarksBusy() throws {
        var state = try started(screen("a", title: "A", .finish(nil), secondary: link("Help", .finish(nil))))
        let a = try top(state)
        let events = try state.apply(.beginAction(a.id, .primary))
        #expect(lines(events) == ["actionTapped primary Go", "screenUpdated a busy"])
        #expect(state.running?.instance == a)
        #expect(state.running?.slot == .primary)
        #expect(state.snapshot()?.primary?.isEnabled == false)
        #expect(state.snapshot()?.primary?.isLoading == true)
        expectRefused(.beginAction(a.id, .primary), with: .tap(.ignoredBusy), in: &state)
        expectRefused(.beginAction(a.id, .secondary), with: .tap(.ignoredBusy), in: &state)
    }

    @Test("tap checks in order: stale before busy, busy before a slot without action")
    func tapChecks() throws {
        var state = try started(screen("a", .push("b")), screen("b", .finish(nil)))
        let a = try top(state)
        try state.apply(.navigate(.push("b"), by: .host))
        let b = try top(state)
        try state.apply(.beginAction(b.id, .primary))
        expectRefused(.beginAction(a.id, .primary), with: .tap(.ignoredStale), in: &state)
        expectRefused(.beginAction(ScreenInstanceID(rawValue: 99), .primary), with: .tap(.ignoredStale), in: &state)
        expectRefused(.beginAction(b.id, .secondary), with: .tap(.ignoredBusy), in: &state)
        try state.apply(.endAction(of: b.id, errorMessage: nil))
        expectRefused(.beginAction(b.id, .secondary), with: .tap(.ignoredNoAction), in: &state)
        #expect(state.tapRefusal(.primary, on: b.id) == nil)
    }

    @Test("a retry button shows its loading title while its primary runs and its title again after")
    func loadingTitle() throws {
        let retry = FeedbackConfiguration(
            id: "a", style: .error, title: "Offline",
            primaryAction: .retryButton(ActionButton(
                title: "Try again", loadingTitle: "Trying…",
                action: FlowAction([Step(.custom(name: "reload", argument: nil))]))))
        var state = try started(retry)
        let a = try top(state)
        try state.apply(.beginAction(a.id, .primary))
        #expect(state.snapshot()?.primary?.title == "Trying…")
        try state.apply(.endAction(of: a.id, errorMessage: nil))
        #expect(state.snapshot()?.primary?.title == "Try again")
        #expect(state.snapshot()?.primary?.isEnabled == true)
    }

    @Test("fields can be set while an action runs; the update shows the screen busy")
    func setFieldWhileBusy() throws {
        var state = try started(screen("a", .finish(nil), content: [ContentBlock(.field(.toggle(id: "t")))]))
        try state.apply(.beginAction(try top(state).id, .primary))
        #expect(lines(try state.apply(.setField("t", to: .toggle(true)))) == ["screenUpdated a busy"])
        #expect(state.values["t"] == .toggle(true))
    }

    // MARK: Running an action

    @Test("a failing step: stepRun, handlerResult, stepFailed; the error stays on the screen until the next tap")
    func failedStepKeepsError() throws {
        var state = try started(handlerScreen("a", "reload"))
        let a = try top(state)
        let step = Step(.custom(name: "reload", argument: nil))
        try state.apply(.beginAction(a.id, .primary))
        #expect(lines(try state.apply(.runStep(step, of: a.id, isOnFailure: false))) == ["stepRun reload"])
        #expect(
            lines(try state.apply(.recordResult(step: "reload", of: a, outcome: .failure("offline"))))
                == ["handlerResult reload failure: offline"])
        #expect(lines(try state.apply(.failStep("reload", of: a.id, message: "offline"))) == ["stepFailed reload: offline"])
        #expect(lines(try state.apply(.endAction(of: a.id, errorMessage: "offline"))) == ["screenUpdated a"])
        #expect(!state.isBusy)
        #expect(state.snapshot()?.errorMessage == "offline")
        #expect(state.snapshot()?.primary?.isEnabled == true)

        // The next tap that runs on the instance clears it.
        try state.apply(.beginAction(a.id, .primary))
        #expect(state.snapshot()?.errorMessage == nil)
    }

    @Test("the action's own navigation is allowed while it runs; a later failure waits on the tapped instance below")
    func errorUnderTheNewTop() throws {
        var state = try started(handlerScreen("a", "fail"), screen("b"))
        let a = try top(state)
        try state.apply(.beginAction(a.id, .primary))
        #expect(
            lines(try state.apply(.navigate(.push("b"), by: .action))) == ["stackChanged push: b [2]", "screenShown b"])
        #expect(state.isRunning(a.id))
        // A screen shown by the running action is not tappable until the action ends.
        let b = try top(state)
        #expect(state.tapRefusal(.primary, on: b.id) == .ignoredBusy)
        #expect(lines(try state.apply(.endAction(of: a.id, errorMessage: "boom"))) == ["screenUpdated b"])
        #expect(state.snapshot(of: a.id)?.errorMessage == "boom")
        #expect(state.snapshot(of: a.id)?.isOnTop == false)
        #expect(state.snapshot()?.errorMessage == nil)
    }

    @Test("a step argument is rendered in stepRun: the target screen, the finish outcome, the URL")
    func stepArguments() throws {
        var state = try started(screen("a", .push("b")), screen("b"))
        let a = try top(state)
        try state.apply(.beginAction(a.id, .primary))
        #expect(lines(try state.apply(.runStep(Step(.navigate(.push("b"))), of: a.id, isOnFailure: false))) == ["stepRun push b"])
        #expect(lines(try state.apply(.runStep(Step(.finish("done")), of: a.id, isOnFailure: true))) == ["stepRun finish done"])
        let url = Step(.openURL("https://example.com/${screen.id}"))
        #expect(lines(try state.apply(.runStep(url, of: a.id, isOnFailure: false))) == ["stepRun openURL https://example.com/a"])
    }

    // MARK: Host navigation while busy

    @Test("host navigation that leaves the busy screen in place is refused as busy and changes nothing")
    func hostNavigationRefusedWhileBusy() throws {
        var state = try started(screen("root", .push("form")), handlerScreen("form", "slow"), screen("next"))
        try state.apply(.navigate(.push("form"), by: .host))
        let form = try top(state)
        try state.apply(.beginAction(form.id, .primary))
        try state.apply(.navigate(.push("next"), by: .action))
        // A pop now removes 'next' only: the busy 'form' would stay.
        expectRefused(.navigate(.pop, by: .host), with: .navigator(.busy), in: &state)
        expectRefused(.navigate(.push("root"), by: .host), with: .navigator(.busy), in: &state)
        expectRefused(.navigate(.replace("root"), by: .host), with: .navigator(.busy), in: &state)
        expectRefused(.navigate(.popTo("nowhere"), by: .host), with: .navigator(.busy), in: &state)
        let extra = FeedbackConfiguration(style: .informative, title: "X", primaryAction: .none)
        expectRefused(.show(extra, presenting: true, by: .host), with: .navigator(.busy), in: &state)
        // The action's own code-built screen is allowed.
        try state.apply(.show(extra, presenting: true, by: .action))
        #expect(stacks(state) == [["root", "form", "next"], ["feedback"]])
    }

    @Test(
        "a host pop, popTo, popToRoot or dismiss that removes the busy screen ends its action; the screen below is tappable",
        arguments: [NavigationOperation.pop, .popTo("root"), .popToRoot, .dismiss])
    func hostClosesBusyScreen(operation: NavigationOperation) throws {
        var state = FlowState(flow: flow(screen("root", .push("form")), handlerScreen("form", "slow"), presentation: .push))
        try state.apply(.start)
        try state.apply(.navigate(.push("form"), by: .host))
        let form = try top(state)
        try state.apply(.beginAction(form.id, .primary))
        let events = try state.apply(.navigate(operation, by: .host))
        #expect(!state.isBusy)
        if operation == .dismiss {
            #expect(lines(events) == ["stackChanged dismiss []", "flowEnded dismissed"])
        } else {
            #expect(lines(events) == ["stackChanged \(operation) [1]", "screenShown root"])
            #expect(state.snapshot()?.primary?.isEnabled == true)
            if case .screenShown(let shown) = events.last { #expect(shown.primary?.isEnabled == true) }
        }
    }

    @Test("after the host closed the busy screen, a late result is recorded as stale and the action's steps give nothing")
    func lateResultIsStale() throws {
        var state = try started(screen("root", .push("form")), handlerScreen("form", "slow", then: .push("root")))
        try state.apply(.navigate(.push("form"), by: .host))
        let form = try top(state)
        try state.apply(.beginAction(form.id, .primary))
        try state.apply(.navigate(.pop, by: .host))
        let closed = state
        #expect(
            lines(try state.apply(.recordResult(step: "slow", of: form, outcome: .success)))
                == ["handlerResult slow success (stale)"])
        #expect(try state.apply(.runStep(Step(.navigate(.push("root"))), of: form.id, isOnFailure: false)).isEmpty)
        #expect(try state.apply(.failStep("slow", of: form.id, message: "late")).isEmpty)
        #expect(try state.apply(.endAction(of: form.id, errorMessage: "late")).isEmpty)
        #expect(state == closed)
        #expect(state.snapshot()?.errorMessage == nil)
    }

    // MARK: Ending while busy

    @Test("the host ends the flow while an action runs: cancelAction clears busy, conclude gives flowEnded, nothing after")
    func endWhileBusy() throws {
        var state = try started(handlerScreen("a", "slow"))
        let a = try top(state)
        try state.apply(.beginAction(a.id, .primary))
        #expect(try state.apply(.cancelAction).isEmpty)
        #expect(!state.isBusy)
        #expect(lines(try state.apply(.conclude(.quit))) == ["flowEnded quit"])
        let ended = state
        // What the cancelled action would still report gives nothing and changes nothing.
        #expect(try state.apply(.recordResult(step: "slow", of: a, outcome: .failure("cancelled"))).isEmpty)
        #expect(try state.apply(.failStep("slow", of: a.id, message: "cancelled")).isEmpty)
        #expect(try state.apply(.endAction(of: a.id, errorMessage: "cancelled")).isEmpty)
        #expect(try state.apply(.conclude(.finished)).isEmpty)
        #expect(state == ended)
        #expect(state.outcome == .quit)
        #expect(stacks(state) == [["a"]])
    }
}
