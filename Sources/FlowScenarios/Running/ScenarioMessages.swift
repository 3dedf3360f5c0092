import FeedbackFlowCore
import FlowCompile
import FlowReporting
import FlowSource

/// Every message of a scenario's failure, built in one place: what was expected and what
/// happened instead, in the words of the flow (screen ids, titles as rendered, field ids).
package enum ScenarioMessages {
    /// The failure `message` at `span`, as the run reports it (`scenario-failed`).
    package static func failure(_ message: String, at span: SourceSpan) -> Diagnostic {
        let code = CommandDiagnosticCode.scenarioFailed
        return Diagnostic(severity: code.severity, code: code.rawValue, message: message, span: span)
    }

    /// A problem of a test file itself that no decoding rule names (an empty file).
    static func fileProblem(_ message: String, at span: SourceSpan, hint: String?) -> Diagnostic {
        Diagnostic(severity: .error, code: FlowDiagnosticCode.invalidValue.rawValue, message: message, span: span, hint: hint)
    }

    /// `flow-not-testable` at the test file's `flow:`: the flow cannot be read.
    static func untestable(_ reason: String, at span: SourceSpan) -> Diagnostic {
        let code = CommandDiagnosticCode.flowNotTestable
        return Diagnostic(severity: code.severity, code: code.rawValue, message: "\(reason); none of the scenarios ran", span: span)
    }

    /// `flow-not-testable` at the test file's `flow:`: the flow has errors, the first of
    /// which is a note.
    static func untestable(_ compilation: FlowCompilation, path: String, at span: SourceSpan) -> Diagnostic {
        let code = CommandDiagnosticCode.flowNotTestable
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
        return Diagnostic(
            severity: code.severity, code: code.rawValue, message: "the flow '\(path)' has \(count); none of the scenarios ran", span: span,
            notes: errors.prefix(1).map { Diagnostic.Note(message: $0.message, span: $0.span) },
            hint: "run 'feedbackflow validate \(path)'")
    }

    /// `untested-flow` at the start of the flow file at `path`, which no test names.
    package static func untested(flow path: String, testFile: String) -> Diagnostic {
        let code = CommandDiagnosticCode.untestedFlow
        return Diagnostic(
            severity: code.severity, code: code.rawValue, message: "no flow test names this flow",
            span: SourceSpan(file: path, at: SourcePosition(line: 1, column: 1)),
            hint: "write \(testFile) (feedbackflow test --record \(path) plays the flow and writes one)")
    }

    /// `coverage-below-minimum` for the run: `percent` (one decimal) under `minimum`.
    package static func belowMinimum(_ percent: String, minimum: Int) -> Diagnostic {
        let code = CommandDiagnosticCode.coverageBelowMinimum
        return Diagnostic(
            severity: code.severity, code: code.rawValue,
            message: "the scenarios took \(percent)% of the flows' items, under --coverage-min \(minimum)%", span: nil,
            hint: "--format json lists every item never taken, at its line and column")
    }

    /// The flow did not start (a plain start refused).
    static func notStarted(_ error: any Error) -> String {
        "the flow could not start: \(error)"
    }

    /// The trigger refused and no `decision:` expected it.
    static func unexpectedRefusal(_ decision: TriggerDecision) -> String {
        "the trigger did not present the flow (\(decision)); expect it with 'decision: {presented: false, reason: …}'"
    }

    /// Where an effect no expectation took was found: before a tap.
    static func before(tapping title: String) -> String { "before tapping '\(title)'" }
    /// Where an effect no expectation took was found: before a `back`.
    static let beforeBack = "before going back"
    /// Where an effect no expectation took was found: at the scenario's end.
    static let atTheEnd = "by the end of the scenario"

    /// Feedback was submitted and no `submitted:` expected it by `place`.
    static func unexpectedSubmission(_ submission: FeedbackSubmission, _ place: String) -> String {
        return "feedback was submitted from '\(submission.screenID)' (\(values(of: submission))) and no 'submitted:' expected it \(place)"
    }

    /// A URL was opened and no `opened:` expected it by `place`.
    static func unexpectedOpened(_ url: String, _ place: String) -> String {
        return "'\(url)' was opened and no 'opened:' expected it \(place)"
    }

    /// A step needs a screen and none is shown: why.
    static func nothingShown(_ navigator: FlowNavigator) async -> String {
        if let outcome = await navigator.outcome { return "no screen is shown: the flow ended with '\(outcome.name)'" }
        return "no screen is shown: the flow has not started"
    }

    /// A `set:` of a field the top screen does not show: hidden by its `visibleWhen`, or
    /// another screen's.
    static func fieldNotShown(_ field: String, on top: ScreenSnapshot, flow: Flow) -> String {
        let screen = top.instance.screenID
        let isHere = flow.screen(screen)?.extraContent.contains { $0.fieldID == field } ?? false
        return isHere
            ? "'\(field)' is not shown on '\(screen)' now (its visibleWhen is false): a person cannot set it"
            : "'\(screen)' has no field '\(field)': a person sets only the fields of the screen on top"
    }

    /// The navigator refused a `set:` value.
    static func setRefused(_ field: String, on screen: String, _ error: FieldError) -> String {
        "cannot set '\(field)' on '\(screen)': \(error)"
    }

    /// The top screen has no button titled `title` (as rendered): its buttons.
    static func noButton(_ title: String, on top: ScreenSnapshot) -> String {
        let titles = [top.primary, top.secondary].compactMap { $0?.title }
        let list = titles.isEmpty ? "it has no button" : "its buttons: " + NameList.joined(titles)
        return "'\(top.instance.screenID)' has no button '\(title)'; \(list)"
    }

    /// A tap the navigator ignored, and why.
    static func tapIgnored(_ title: String, _ result: TapResult, on top: ScreenSnapshot) -> String {
        let why =
            switch result {
            case .ignoredDisabled: "it is disabled (a required field is empty or a field is not valid, or its enabledWhen is false)"
            case .ignoredBusy: "an action of the screen is still running"
            case .ignoredNoAction: "it has no action"
            case .ignoredFlowEnded: "the flow has ended"
            case .ignoredStale: "the screen is no longer on top"
            case .ran, .closedWhileRunning: "it ran"
            }
        return "tapping '\(title)' on '\(top.instance.screenID)' did nothing: \(why)"
    }

    /// The navigator refused `back` (nothing to pop, or an action runs).
    static func backRefused(_ error: NavigatorError) -> String {
        "going back did nothing: \(error)"
    }

    /// A custom step ran with neither a stub nor a program.
    static func missingStub(_ name: String) -> String {
        "the custom step '\(name)' ran with no stub; add 'handlers: {\(name): {returns: {}}}' to the scenario, or give a program with --handler \(name)=COMMAND"
    }

    /// What a `decision:` found instead of `presented` (and a reason starting with
    /// `reason`); `nil` when it holds.
    static func decisionMismatch(_ decision: TriggerDecision?, presented: Bool, reason: String?) -> String? {
        guard let decision else { return "expected a trigger decision, but no event was reported to the trigger" }
        guard decision.isPresented == presented else {
            return presented ? "expected the flow to be presented, but \(decision)" : "expected the flow not to be presented, but it was"
        }
        guard let reason, case .suppressed(let found) = decision else { return nil }
        return found.description.hasPrefix(reason) ? nil : "expected the reason '\(reason)', found '\(found)'"
    }

    /// How the next submission differs from a `submitted:`; `nil` when it matches.
    static func submissionMismatch(_ submission: FeedbackSubmission?, expected: ScenarioExpectation.SubmissionExpectation) -> String? {
        guard let submission else { return "expected a submission, but no feedback was submitted" }
        var differences: [String] = []
        if let rating = expected.rating, rating != submission.rating { differences.append("rating \(submission.rating), not \(rating)") }
        if let reason = expected.reason, reason != submission.reason {
            differences.append("reason \(literal(submission.reason)), not \(literal(reason))")
        }
        for key in expected.custom.keys.sorted() where !sameValue(submission.custom[key], expected.custom[key]) {
            differences.append("custom '\(key)' \(submission.custom[key].map(\.jsonText) ?? "missing"), not \(expected.custom[key].map(\.jsonText) ?? "")")
        }
        if let screen = expected.screen, screen != submission.screenID { differences.append("from '\(submission.screenID)', not '\(screen)'") }
        guard !differences.isEmpty else { return nil }
        return "the submission differs: " + differences.joined(separator: "; ") + " (submitted: \(values(of: submission)))"
    }

    /// What an `outcome:` found instead; `nil` when the flow ended with `expected`.
    static func outcomeMismatch(_ outcome: FlowOutcome?, expected: String, top: ScreenSnapshot?) -> String? {
        guard let outcome else {
            return "expected the flow to end with '\(expected)', but it has not ended" + (top.map { ": '\($0.instance.screenID)' is on top" } ?? "")
        }
        return outcome.name == expected ? nil : "expected the flow to end with '\(expected)', found '\(outcome.name)'"
    }

    /// What an `opened:` found instead; `nil` when the next URL opened is `expected`.
    static func openedMismatch(_ opened: String?, expected: String) -> String? {
        guard let opened else { return "expected '\(expected)' to be opened, but no URL was opened" }
        return opened == expected ? nil : "expected '\(expected)' to be opened, found '\(opened)'"
    }

    /// What a `stacks:` found instead; `nil` when the stacks are `expected`.
    static func stacksMismatch(_ stacks: [[String]], expected: [[String]]) -> String? {
        stacks == expected ? nil : "expected the stacks \(Self.stacks(expected)), found \(Self.stacks(stacks))"
    }

    /// What an expectation about the top screen found instead; `nil` when it holds.
    static func screenMismatch(_ kind: ScenarioExpectation.Kind, on top: ScreenSnapshot) -> String? {
        let screen = top.instance.screenID
        switch kind {
        case .screen(let id):
            return id == screen ? nil : "expected screen '\(id)' on top, found '\(screen)' (\(literal(top.title)))"
        case .title(let title):
            return title == top.title ? nil : "expected the title \(literal(title)), found \(literal(top.title)) on '\(screen)'"
        case .error(let message):
            return message == top.errorMessage ? nil : "expected the error \(literal(message)) on '\(screen)', found \(literal(top.errorMessage))"
        case .button(let title, let enabled):
            guard let button = [top.primary, top.secondary].compactMap({ $0 }).first(where: { $0.title == title }) else {
                return noButton(title, on: top)
            }
            guard let enabled, enabled != button.isEnabled else { return nil }
            return "expected '\(title)' on '\(screen)' \(enabled ? "enabled" : "disabled"), found it \(button.isEnabled ? "enabled" : "disabled")"
        case .field(let id, let state):
            guard let field = top.fields.first(where: { $0.id == id.rawValue }) else {
                if state.isVisible == false { return nil }
                return "expected the field '\(id.rawValue)' on '\(screen)', but it is not shown there"
            }
            if state.isVisible == false { return "expected the field '\(id.rawValue)' hidden on '\(screen)', but it is shown" }
            if let value = state.value, value != field.value {
                return "expected '\(id.rawValue)' to be \(literal(value)), found \(literal(field.value))"
            }
            if let valid = state.isValid, valid != field.isComplete {
                return "expected '\(id.rawValue)' \(valid ? "valid" : "not valid"), found it \(field.isComplete ? "valid" : "not valid")"
                    + (field.problem.map { " (\($0))" } ?? "")
            }
            if let required = state.isRequired, required != field.isRequired {
                return "expected '\(id.rawValue)' \(required ? "required" : "optional"), found it \(field.isRequired ? "required" : "optional")"
            }
            if let problem = state.problem, problem != field.problem {
                return "expected the problem \(literal(problem)) under '\(id.rawValue)', found \(literal(field.problem))"
            }
            return nil
        case .stacks, .submitted, .outcome, .decision, .opened:
            return nil
        }
    }

    /// Whether a submitted value is the one expected: equal, or, for scalars, written the
    /// same (a template renders `true` as the text `true`, which a scenario writes as the
    /// boolean). O(size of the values).
    static func sameValue(_ found: FlowValue?, _ expected: FlowValue?) -> Bool {
        guard let found, let expected else { return found == nil && expected == nil }
        if found == expected { return true }
        func text(_ value: FlowValue) -> String? {
            switch value {
            case .string(let text), .number(let text): text
            case .bool(let on): on ? "true" : "false"
            case .null: "null"
            case .list, .object: nil
            }
        }
        guard let a = text(found), let b = text(expected) else { return false }
        return a == b
    }

    /// Stacks as `[rate, thanks] [sheet]`.
    static func stacks(_ stacks: [[String]]) -> String {
        stacks.isEmpty ? "none" : stacks.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: " ")
    }

    /// A submission's values as `rating 2, reason "slow"` (its custom keys named).
    static func values(of submission: FeedbackSubmission) -> String {
        var parts = ["rating \(submission.rating)", "reason \(literal(submission.reason))"]
        if !submission.custom.isEmpty { parts.append("custom " + submission.custom.keys.sorted().joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }

    /// `text` in double quotes, or `none`.
    static func literal(_ text: String?) -> String {
        guard let text else { return "none" }
        return "\"" + text.replacingScalars { $0 == "\"" ? "\\\"" : nil } + "\""
    }

    /// A field's value as a message says it.
    static func literal(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): literal(text)
        case .rating(let stars): String(stars)
        case .toggle(let on): on ? "on" : "off"
        case .unrated: "unrated"
        }
    }
}
