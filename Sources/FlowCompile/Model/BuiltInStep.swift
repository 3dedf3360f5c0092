/// One built-in step of the format: the name written in files, the shape of the argument
/// that may follow it, and the ``Step/Kind`` that name and argument make.
///
/// ``all`` is the one table of built-in steps. The decoder reads a step's argument by its
/// row's ``argument`` and builds the step with ``make``, so it knows no step by name;
/// validation suggests among ``names``; a test checks every row against the JSON Schema
/// (`$defs.step`) and that ``make`` gives a kind of the row's name (``Step/Kind/name``).
/// Any other name is a custom step, run by a handler the host registers. Step names are
/// case-sensitive.
///
/// A new built-in step is a row here, a case of ``Step/Kind`` with its name, the
/// navigator's way of running it, and its schema entry (`docs/architecture.md`).
package struct BuiltInStep: Sendable {
    /// The name written in files.
    package let name: String
    /// What may follow the name.
    package let argument: Argument
    /// The step with its decoded argument; `nil` when `value` is not of ``argument``'s shape.
    package let make: @Sendable (Value) -> Step.Kind?
    /// The rules the step's templated arguments keep when it runs, one per argument: what
    /// the navigator refuses and `validate` checks against what the template can render
    /// (``StepArgument``).
    package let arguments: [StepArgument]

    private init(
        name: String, argument: Argument, arguments: [StepArgument] = [], make: @escaping @Sendable (Value) -> Step.Kind?
    ) {
        self.name = name
        self.argument = argument
        self.arguments = arguments
        self.make = make
    }

    /// The keys of the argument's mapping the step cannot run without, in table order
    /// (`collectUserFeedback`'s `rating`): the ``arguments`` that are
    /// ``StepArgument/isRequired`` and written under a key.
    package var requiredKeys: [String] { arguments.filter(\.isRequired).compactMap(\.key) }

    /// Whether the step needs something written after its name: its argument is required
    /// (``Argument/isRequired``), or is a mapping with ``requiredKeys``. The JSON Schema
    /// refuses the bare name of such a step.
    package var needsArgument: Bool { argument.isRequired || !requiredKeys.isEmpty }

    /// The shapes of argument a built-in step takes.
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
        /// A `{condition, then, else}` mapping (required).
        case conditional
        /// A mapping of variable names to expressions (required).
        case assignments

        /// Whether the step cannot be written as a bare name.
        package var isRequired: Bool {
            switch self {
            case .screenID, .url, .conditional, .assignments: true
            case .none, .optionalOutcome, .feedbackRequest: false
            }
        }

        /// What the argument is, for "needs …" messages, and how one is written.
        package var described: (what: String, example: String) {
            switch self {
            case .screenID: ("a screen id", "SCREEN")
            case .url: ("a URL", "https://…")
            case .conditional: ("a condition and steps", "{condition: \"rating <= 2\", then: [push: sorry]}")
            case .assignments: ("variables to set", "{score: \"rating * 2\"}")
            case .none, .optionalOutcome, .feedbackRequest: ("nothing", "")
            }
        }
    }

    /// An argument as decoded, of one of the ``Argument`` shapes.
    package enum Value: Sendable {
        /// Of ``Argument/screenID``.
        case screenID(String)
        /// Of ``Argument/none``.
        case none
        /// Of ``Argument/optionalOutcome``: `nil` when not written.
        case outcome(String?)
        /// Of ``Argument/url``.
        case url(TemplateString)
        /// Of ``Argument/feedbackRequest``.
        case feedbackRequest(FeedbackRequest)
        /// Of ``Argument/conditional``.
        case conditional(ConditionalSteps)
        /// Of ``Argument/assignments``.
        case assignments([VariableAssignment])
    }

    /// The built-in steps, in the order the documentation lists them.
    package static let all: [BuiltInStep] = [
        BuiltInStep(name: "push", argument: .screenID) { if case .screenID(let id) = $0 { .navigate(.push(id)) } else { nil } },
        BuiltInStep(name: "present", argument: .screenID) { if case .screenID(let id) = $0 { .navigate(.present(id)) } else { nil } },
        BuiltInStep(name: "replace", argument: .screenID) { if case .screenID(let id) = $0 { .navigate(.replace(id)) } else { nil } },
        BuiltInStep(name: "pop", argument: .none) { if case .none = $0 { .navigate(.pop) } else { nil } },
        BuiltInStep(name: "popTo", argument: .screenID) { if case .screenID(let id) = $0 { .navigate(.popTo(id)) } else { nil } },
        BuiltInStep(name: "popToRoot", argument: .none) { if case .none = $0 { .navigate(.popToRoot) } else { nil } },
        BuiltInStep(name: "dismiss", argument: .none) { if case .none = $0 { .navigate(.dismiss) } else { nil } },
        BuiltInStep(name: "finish", argument: .optionalOutcome) { if case .outcome(let name) = $0 { .finish(name) } else { nil } },
        BuiltInStep(name: "openURL", argument: .url, arguments: [.url]) { if case .url(let url) = $0 { .openURL(url) } else { nil } },
        BuiltInStep(name: "collectUserFeedback", argument: .feedbackRequest, arguments: [.feedbackRating, .feedbackReason, .feedbackCustom]) {
            if case .feedbackRequest(let request) = $0 { .collectUserFeedback(request) } else { nil }
        },
        BuiltInStep(name: "if", argument: .conditional) { if case .conditional(let branch) = $0 { .branch(branch) } else { nil } },
        BuiltInStep(name: "set", argument: .assignments) { if case .assignments(let list) = $0 { .assign(list) } else { nil } },
    ]

    /// The rows by name: one hashed lookup for each step the decoder reads.
    package static let named: [String: BuiltInStep] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The names of all built-in steps, in table order.
    package static let names: [String] = all.map(\.name)
}
