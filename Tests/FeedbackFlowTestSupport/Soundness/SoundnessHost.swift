import FeedbackFlowCore
import FlowCompile
import FlowSource
import Foundation

/// The host the soundness checker runs flows in: a handler for every custom step the
/// flow declares or names, a feedback sink, a URL handler and the values of the flow's
/// `context:`.
///
/// Its failures are deliberate and told apart by their message, which starts with
/// ``failurePrefix``:
/// - the handler of a step named `broken…` always throws, the one of `flaky…` throws on
///   its first call and every other one after; the others succeed (and return a value of
///   each declared type under `returns:`);
/// - the sink refuses a submission whose `custom` has `host: refuse`;
/// - the URL handler fails for URLs starting with `https://down.example`.
///
/// Each run gets new handlers (``registry(for:)``), so a run replays alone.
public enum SoundnessHost {
    /// How every failure the host causes on purpose starts.
    public static let failurePrefix = "host failure: "

    /// A failure the host causes on purpose.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        init(_ what: String) {
            description = SoundnessHost.failurePrefix + what
        }
    }

    /// A registry for one run of `flow`, with the checker's compile options.
    public static func registry(for flow: Flow) -> ActionHandlerRegistry {
        var registry = ActionHandlerRegistry(urlHandler: URLs(), feedbackSink: Sink(), options: SoundnessChecker.options)
        var names = Set(flow.handlers.map(\.name))
        for screen in flow.screens {
            for action in screen.actions { collectCustomNames(action.steps, into: &names) }
        }
        for name in names {
            let returns = flow.handlers.first { $0.name == name }?.returns ?? []
            registry.register(name, Handler(name: name, returns: returns))
        }
        return registry
    }

    /// A value of each type the flow's `context:` declares: `3`, `1.5`, `ctx`, `true`.
    public static func context(for flow: Flow) -> [String: ExpressionValue] {
        Dictionary(flow.context.map { ($0.name, sample(of: $0.type)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value the host gives a name of `type`.
    static func sample(of type: ValueType) -> ExpressionValue {
        switch type.base {
        case .integer: .integer(3)
        case .decimal: .decimal(1.5)
        case .string: .string("ctx")
        case .boolean: .boolean(true)
        }
    }

    /// Adds the name of every custom step of `steps`, in `if` branches too.
    static func collectCustomNames(_ steps: [Step], into names: inout Set<String>) {
        for step in steps {
            switch step.kind {
            case .custom(let name, _): names.insert(name)
            case .branch(let branch):
                collectCustomNames(branch.then, into: &names)
                collectCustomNames(branch.otherwise, into: &names)
            case .navigate, .finish, .openURL, .collectUserFeedback, .assign, .perform: break
            }
        }
    }

    /// The handler of one custom step name.
    final class Handler: ActionHandler, Sendable {
        let name: String
        let returns: [ValueDeclaration]
        private let calls = LockedBox(0)

        init(name: String, returns: [ValueDeclaration]) {
            self.name = name
            self.returns = returns
        }

        func perform(_ invocation: ActionInvocation) async throws {
            _ = try await performReturningValues(invocation)
        }

        func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if name.hasPrefix("broken") { throw Failure("handler '\(name)' failed on purpose") }
            if name.hasPrefix("flaky"), call % 2 == 1 { throw Failure("handler '\(name)' failed on purpose (call \(call))") }
            let values = returns.map { ($0.name, SoundnessHost.sample(of: $0.type)) }
            return Dictionary(values, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The feedback sink: takes every submission but those whose `custom` has `host: refuse`.
    struct Sink: FeedbackSink {
        func submit(_ feedback: FeedbackSubmission) async throws {
            if feedback.custom["host"] == .string("refuse") { throw Failure("the feedback sink refused the submission") }
        }
    }

    /// The URL handler: opens every URL but those of `https://down.example`.
    struct URLs: URLHandler {
        func open(_ url: String) async throws {
            if url.hasPrefix("https://down.example") { throw Failure("the URL handler could not open '\(url)'") }
        }
    }
}
