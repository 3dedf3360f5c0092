#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// The options that put a flow's trigger to the test, shared by `trigger` and `run`:
/// the event, the values the host gives with it, the validators' answers, the history,
/// the time and the quiet period. Each option is named here once.
package struct TriggerOptions: Sendable {
    package static let event = OptionSpec.value(
        "event", valueName: "name", help: "The event that happened; the flow's trigger decides whether it presents the flow.")
    package static let context = OptionSpec.value(
        "context", valueName: "key=value", repeatable: true,
        help: "Give a value the flow reads: a declared context value (typed as declared), an event's payload as event.NAME, or a template variable ${key}; repeatable, each key once.")
    package static let contextFile = OptionSpec.value(
        "context-file", valueName: "file", help: "Read values like --context from a JSON or YAML mapping; --context wins for a key in both.")
    package static let validator = OptionSpec.value(
        "validator", valueName: "name=true|false", repeatable: true,
        help: "The answer of the host validator NAME (a validator with no answer given fails); repeatable.")
    package static let history = OptionSpec.value(
        "history", valueName: "file", help: "The presentation history (JSON lines); a presentation is recorded in it. Default: empty, in memory.")
    package static let now = OptionSpec.value(
        "now", valueName: "iso8601", help: "The time of the event, e.g. 2026-12-01T10:00:00Z (default: now).")
    package static let quietPeriod = OptionSpec.value(
        "quiet-period", valueName: "duration", help: "No flow is presented within this time (30s, 15m, 12h, 7d) after any flow of the history was.")

    /// The options `run` takes beside its own `--context`.
    package static let runSpecs = [event, contextFile, validator, history, now, quietPeriod]

    package var event: String?
    package var context: ContextDeclaration
    package var contextFile: String?
    package var validators: [String: Bool]
    package var history: String?
    package var now: Date?
    package var quietPeriod: Int?

    package init(
        event: String? = nil, context: ContextDeclaration = .init(), contextFile: String? = nil, validators: [String: Bool] = [:],
        history: String? = nil, now: Date? = nil, quietPeriod: Int? = nil
    ) {
        self.event = event
        self.context = context
        self.contextFile = contextFile
        self.validators = validators
        self.history = history
        self.now = now
        self.quietPeriod = quietPeriod
    }

    /// Reads the options from `arguments`.
    /// - Throws: ``UsageError`` for a malformed `--context`, `--validator`, `--now` or
    ///   `--quiet-period`.
    package init(arguments: ParsedArguments) throws(UsageError) {
        var validators: [String: Bool] = [:]
        for item in arguments.allValues(Self.validator.name) {
            guard let equals = item.firstIndex(of: "="), let answer = Bool(String(item[item.index(after: equals)...])) else {
                throw UsageError("invalid --validator '\(item)'", hint: "write '--validator NAME=true' or '--validator NAME=false'")
            }
            let name = String(item[..<equals])
            guard validators[name] == nil else { throw UsageError("--validator '\(name)' given more than once") }
            validators[name] = answer
        }
        var now: Date?
        if let text = arguments.value(Self.now.name) {
            guard let date = Self.date(text) else {
                throw UsageError("invalid --now '\(text)'", hint: "write an ISO 8601 time such as 2026-12-01T10:00:00Z")
            }
            now = date
        }
        var quietPeriod: Int?
        if let text = arguments.value(Self.quietPeriod.name) {
            guard let seconds = DurationText.seconds(text) else {
                throw UsageError("invalid --quiet-period '\(text)'", hint: "write a whole number and a unit: 30s, 15m, 12h or 7d")
            }
            quietPeriod = seconds
        }
        self.init(
            event: arguments.value(Self.event.name),
            context: try ContextDeclaration(parsing: arguments.allValues(Self.context.name), valueRequired: true),
            contextFile: arguments.value(Self.contextFile.name), validators: validators,
            history: arguments.value(Self.history.name), now: now, quietPeriod: quietPeriod)
    }

    /// An ISO 8601 time with a zone (`2026-12-01T10:00:00Z`, `…+02:00`, fractional
    /// seconds allowed).
    package static func date(_ text: String) -> Date? {
        (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// The values given: `--context-file`'s, then `--context`'s over them, each typed by
    /// what `flow` declares for it (``ContextDeclaration/values(declaredIn:event:file:)``).
    /// - Throws: ``UsageError`` for a value of the wrong type or an unreadable context file.
    package func values(for flow: Flow, file: String, event: String?) throws(UsageError) -> [String: ExpressionValue] {
        let declaration = flow.events.first { $0.name == event }
        var values: [String: ExpressionValue] = [:]
        if let contextFile {
            values = try ContextFileReader.values(path: contextFile, flow: flow, event: declaration)
        }
        values.merge(try context.values(declaredIn: flow, event: declaration, file: file)) { $1 }
        return values
    }

    /// The validators answering as given.
    package func registering(into registry: inout ActionHandlerRegistry) {
        for (name, answer) in validators { registry.registerValidator(name, AnsweringTriggerValidator(answer)) }
    }

    /// The history to decide with: the `--history` file, or a new one in memory.
    package var presentationHistory: any PresentationHistory {
        history.map { JSONFilePresentationHistory(path: $0) } ?? InMemoryPresentationHistory()
    }

    /// What `--event` decides for `flow` at ``now`` (default the current time) with the
    /// values given; a presentation is recorded in the history.
    /// - Throws: ``UsageError`` for values that are not of their declared types.
    package func decide(flow: Flow, file: String, event: String) async throws(UsageError) -> (TriggerDecision, [String: ExpressionValue]) {
        let values = try values(for: flow, file: file, event: event)
        var registry = ActionHandlerRegistry()
        registering(into: &registry)
        let date = now ?? Date()
        let navigator = FlowNavigator(flow: flow, registry: registry, now: { date }, history: presentationHistory, quietPeriod: quietPeriod)
        let decision = await navigator.handle(event: event, context: values)
        await navigator.end(.quit)
        return (decision, values)
    }
}
