import FlowSource

/// The built-in steps of the format, one row each: the name written in files, the
/// argument it takes, and (for navigation steps) the ``NavigationOperation`` it runs.
///
/// This table is the one place a built-in step is written down: the decoder reads a
/// step's argument by ``argument``, the validator and the graph writers find navigation
/// steps through ``Step/operation``, ``NavigationOperation/name`` and ``Step/name`` read
/// ``rawValue``, and a test checks every row against the JSON Schema
/// (`schemas/feedbackflow.schema.json`, `$defs.step`). Any other name is a custom step,
/// run by a handler the host registers. Step names are case-sensitive.
package enum BuiltInStep: String, Sendable, Hashable, CaseIterable {
    /// The steps by name (their ``rawValue``): one hashed lookup for a step the decoder
    /// reads, where `init(rawValue:)` compares the name with each case in turn.
    package static let byName: [String: BuiltInStep] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// `push: ID`: push screen ID on the top stack.
    case push
    /// `present: ID`: present screen ID modally, as a new stack on top.
    case present
    /// `replace: ID`: replace the top screen of the top stack.
    case replace
    /// `pop`: remove the top screen; a stack left empty is removed (as `dismiss`).
    case pop
    /// `popTo: ID`: pop down to the nearest ID in the top stack; fails if it is not there.
    case popTo
    /// `popToRoot`: keep only the first screen of the top stack.
    case popToRoot
    /// `dismiss`: remove the whole top stack.
    case dismiss
    /// `finish` or `finish: OUTCOME`: end the flow now, with an outcome name.
    case finish
    /// `openURL: URL`: hand the rendered URL to the URL handler.
    case openURL
    /// `collectUserFeedback: {rating, reason, custom}`: submit feedback to the feedback sink.
    case collectUserFeedback
    /// `if: {condition, then, else}`: run `then` when the condition is true, else `else`.
    case `if`
    /// `set: {NAME: EXPRESSION, …}`: give declared flow variables new values, in order.
    case set

    /// The names of all built-in steps, in table order.
    package static let names: [String] = allCases.map(\.rawValue)

    /// What may follow a step's name.
    package enum Argument: Sendable, Hashable {
        /// A screen id (required; a name, never a template).
        case screenID
        /// Nothing: the bare name (a null argument, `pop: ~`, is the same).
        case none
        /// An optional outcome name (`finish` alone ends with `finished`).
        case optionalOutcome
        /// A URL template (required).
        case url
        /// A `{rating, reason, custom}` mapping; written bare, the request is empty (and
        /// validation then reports the missing `rating`).
        case feedbackRequest
        /// A `{condition, then, else}` mapping.
        case conditional
        /// A mapping of variable names to expressions.
        case assignments
    }

    /// The argument this step takes.
    package var argument: Argument {
        switch self {
        case .push, .present, .replace, .popTo: .screenID
        case .pop, .popToRoot, .dismiss: .none
        case .finish: .optionalOutcome
        case .openURL: .url
        case .collectUserFeedback: .feedbackRequest
        case .if: .conditional
        case .set: .assignments
        }
    }

    /// The navigation operation of this step with `target` (the screen id, for steps
    /// whose ``argument`` is ``Argument/screenID``); `nil` for the steps that do not
    /// navigate (`finish`, `openURL`, `collectUserFeedback`).
    package func operation(target: String) -> NavigationOperation? {
        switch self {
        case .push: .push(target)
        case .present: .present(target)
        case .replace: .replace(target)
        case .popTo: .popTo(target)
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .dismiss: .dismiss
        case .finish, .openURL, .collectUserFeedback, .if, .set: nil
        }
    }
}
