import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowSystem
import FlowWorkspace

/// Runs a flow test's scenarios against the real navigator, as `run` plays a flow, with
/// no terminal: each scenario on a navigator of its own, its submissions and opened URLs
/// kept (``ScenarioOutlet``), its custom steps answered by its stubs (or by the handler
/// programs given), what happened recorded (``ScenarioObserver``).
///
/// A scenario is strict: it fails at the first step that cannot be done or expectation
/// that does not hold, at that place of the test file, saying what happened instead;
/// a submission no `submitted:` expected fails it at the next tap (or at its name, at
/// the end), and so does a trigger's refusal no `decision:` expected, and a custom step
/// that ran with neither a stub nor a program. Messages are built in
/// ``ScenarioMessages``.
package struct ScenarioRunner: Sendable {
    /// The compiled flow.
    package let flow: Flow
    /// Handlers of custom steps the scenarios do not stub (`--handler` programs), by name.
    package let programs: [String: any ActionHandler]

    /// A runner of scenarios of `flow`.
    package init(flow: Flow, programs: [String: any ActionHandler] = [:]) {
        self.flow = flow
        self.programs = programs
    }

    /// Runs `scenario`. Never throws: a failure is the result's diagnostic. Bounded by the
    /// scenario's steps and its stubs' delays (each at most
    /// ``HandlerAnswer/maximumDelaySeconds``).
    package func run(_ scenario: Scenario) async -> ScenarioResult {
        let started = ContinuousClock.now
        let observer = ScenarioObserver()
        let outlet = ScenarioOutlet()
        var registry = ActionHandlerRegistry(urlHandler: outlet, feedbackSink: outlet)
        let unstubbed = MissingStubs()
        for name in FlowNames(flow).customSteps {
            if let answers = scenario.handlers[name] {
                registry.register(name, StubActionHandler(answers: answers))
            } else if let program = programs[name] {
                registry.register(name, program)
            } else {
                registry.register(name, MissingStubHandler(missing: unstubbed))
            }
        }
        for (name, answer) in scenario.trigger?.validators ?? [:] {
            registry.registerValidator(name, AnsweringTriggerValidator(answer))
        }
        let now = scenario.trigger?.now ?? TriggerInputs.defaultDayZero
        let navigator = FlowNavigator(
            flow: flow, registry: registry, presenters: [observer], context: scenario.context, now: { now },
            history: InMemoryPresentationHistory(records: scenario.trigger?.history ?? []), quietPeriod: scenario.trigger?.quietPeriod)
        var run = Run(navigator: navigator, outlet: outlet, missing: unstubbed, flow: flow)
        let failure = await run.play(scenario)
        if await navigator.outcome == nil { await navigator.end(.quit) }
        return ScenarioResult(
            name: scenario.name, span: scenario.span, failure: failure, trace: await observer.trace,
            duration: ContinuousClock.now - started)
    }

    /// One scenario's run: the navigator and what the steps left to check.
    private struct Run {
        let navigator: FlowNavigator
        let outlet: ScenarioOutlet
        let missing: MissingStubs
        /// The flow, for what a message says of its screens.
        let flow: Flow
        /// The trigger's last decision.
        var decision: TriggerDecision?
        /// A refusal by the trigger that no `decision:` expected yet.
        var unexpectedRefusal: TriggerDecision?

        init(navigator: FlowNavigator, outlet: ScenarioOutlet, missing: MissingStubs, flow: Flow) {
            self.flow = flow
            self.navigator = navigator
            self.outlet = outlet
            self.missing = missing
        }

        /// Plays the scenario's steps; the failure, or `nil` when it passed.
        mutating func play(_ scenario: Scenario) async -> Diagnostic? {
            if let trigger = scenario.trigger {
                decide(await navigator.handle(event: trigger.event, context: trigger.context))
            } else {
                do {
                    try await navigator.start()
                } catch {
                    return ScenarioMessages.failure(ScenarioMessages.notStarted(error), at: scenario.span)
                }
            }
            for step in scenario.steps {
                if let (message, span) = await perform(step) { return ScenarioMessages.failure(message, at: span) }
            }
            if let refusal = unexpectedRefusal {
                return ScenarioMessages.failure(ScenarioMessages.unexpectedRefusal(refusal), at: scenario.span)
            }
            if let unexpected = await unexpectedEffect(ScenarioMessages.atTheEnd) { return ScenarioMessages.failure(unexpected, at: scenario.span) }
            return nil
        }

        /// A submission or an opened URL no expectation took, said as a failure `place`
        /// (`before tapping 'Done'`).
        private func unexpectedEffect(_ place: String) async -> String? {
            if let submission = await outlet.takeSubmission() { return ScenarioMessages.unexpectedSubmission(submission, place) }
            if let url = await outlet.takeOpened() { return ScenarioMessages.unexpectedOpened(url, place) }
            return nil
        }

        private mutating func decide(_ decision: TriggerDecision) {
            self.decision = decision
            unexpectedRefusal = decision.isPresented ? nil : decision
        }

        /// Does one step; what went wrong and where, or `nil`.
        private mutating func perform(_ step: ScenarioStep) async -> (String, SourceSpan)? {
            if case .expect(let expectations) = step.kind {
                for expectation in expectations {
                    if let message = await check(expectation) { return (message, expectation.span) }
                }
                return nil
            }
            if case .set(let settings) = step.kind {
                for setting in settings {
                    if let message = await set(setting) { return (message, setting.span) }
                }
                return nil
            }
            return await act(step).map { ($0, step.span) }
        }

        /// Sets one field; what went wrong, or `nil`.
        private func set(_ setting: ScenarioStep.FieldSetting) async -> String? {
            if let refusal = unexpectedRefusal { return ScenarioMessages.unexpectedRefusal(refusal) }
            guard let top = await navigator.snapshot() else { return await ScenarioMessages.nothingShown(navigator) }
            // A person sets only what the screen on top shows.
            guard top.fields.contains(where: { $0.id == setting.field.rawValue }) else {
                return ScenarioMessages.fieldNotShown(setting.field.rawValue, on: top, flow: flow)
            }
            do {
                try await navigator.setField(setting.field, to: setting.value)
            } catch {
                return ScenarioMessages.setRefused(setting.field.rawValue, on: top.instance.screenID, error)
            }
            return nil
        }

        /// Taps or reports an event; what went wrong, or `nil`.
        private mutating func act(_ step: ScenarioStep) async -> String? {
            if let refusal = unexpectedRefusal { return ScenarioMessages.unexpectedRefusal(refusal) }
            switch step.kind {
            case .tap(let title):
                if let unexpected = await unexpectedEffect(ScenarioMessages.before(tapping: title)) { return unexpected }
                guard let top = await navigator.snapshot() else { return await ScenarioMessages.nothingShown(navigator) }
                let buttons = [top.primary, top.secondary].compactMap { $0 }
                guard let button = buttons.first(where: { $0.title == title }) else {
                    return ScenarioMessages.noButton(title, on: top)
                }
                let result = await navigator.tap(button.slot, on: top.instance.id)
                if let name = await missing.first { return ScenarioMessages.missingStub(name) }
                guard result == .ran || result == .closedWhileRunning else { return ScenarioMessages.tapIgnored(title, result, on: top) }
                return nil
            case .back:
                if let unexpected = await unexpectedEffect(ScenarioMessages.beforeBack) { return unexpected }
                do {
                    _ = try await navigator.navigate(.pop)
                } catch {
                    return ScenarioMessages.backRefused(error)
                }
                return nil
            case .event(let name, let context):
                decide(await navigator.handle(event: name, context: context))
                return nil
            case .set, .expect:
                return nil
            }
        }

        /// Checks one expectation; what was found instead, or `nil` when it holds.
        private mutating func check(_ expectation: ScenarioExpectation) async -> String? {
            let top = await navigator.snapshot()
            switch expectation.kind {
            case .decision(let presented, let reason):
                unexpectedRefusal = nil
                return ScenarioMessages.decisionMismatch(decision, presented: presented, reason: reason)
            case .outcome(let name):
                return ScenarioMessages.outcomeMismatch(await navigator.outcome, expected: name, top: top)
            case .submitted(let expected):
                return ScenarioMessages.submissionMismatch(await outlet.takeSubmission(), expected: expected)
            case .opened(let url):
                return ScenarioMessages.openedMismatch(await outlet.takeOpened(), expected: url)
            case .stacks(let expected):
                return ScenarioMessages.stacksMismatch(await navigator.flowSnapshot().stacks.map { $0.map(\.screenID) }, expected: expected)
            default:
                break
            }
            if let refusal = unexpectedRefusal { return ScenarioMessages.unexpectedRefusal(refusal) }
            guard let top else { return await ScenarioMessages.nothingShown(navigator) }
            return ScenarioMessages.screenMismatch(expectation.kind, on: top)
        }
    }
}

/// The custom steps that ran with neither a stub nor a program, first one first.
private actor MissingStubs {
    private(set) var first: String?

    func record(_ name: String) {
        if first == nil { first = name }
    }
}

/// Stands in for a custom step a scenario did not stub: it records the step and fails it.
private struct MissingStubHandler: ActionHandler {
    let missing: MissingStubs

    func perform(_ invocation: ActionInvocation) async throws {
        await missing.record(invocation.name)
        throw StubActionHandler.Failure(description: "no stub for '\(invocation.name)'")
    }
}
