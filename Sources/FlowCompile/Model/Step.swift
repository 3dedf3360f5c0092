import FlowSource

/// One step of an action: a built-in step (`push`, `present`, `replace`, `pop`, `popTo`,
/// `popToRoot`, `dismiss`, `finish`, `openURL`, `collectUserFeedback`), a custom step or
/// a Swift closure. Steps run in order; a failing step stops the rest.
public struct Step: Sendable, Hashable {
    /// What a step does, with its argument: a built-in step of the file format, a custom
    /// step run by a registered handler, or a Swift closure.
    public enum Kind: Sendable, Hashable {
        /// A navigation step (`push`, `present`, `replace`, `pop`, `popTo`, `popToRoot`,
        /// `dismiss`): changes the stacks.
        case navigate(NavigationOperation)
        /// End the flow now with an outcome name (`finished` when `nil`).
        case finish(String?)
        /// Hand the URL (after template rendering) to the URL handler.
        case openURL(TemplateString)
        /// Submit feedback to the registry's feedback sink: a rating from 1 to 5 (required),
        /// an optional reason and custom properties.
        case collectUserFeedback(FeedbackRequest)
        /// `if: {condition, then, else}`: the steps of one branch run in its place.
        case branch(ConditionalSteps)
        /// `set: {NAME: EXPRESSION}`: flow variables get the expressions' values, in order.
        case assign([VariableAssignment])
        /// Any other name: a handler looked up in the registry by `name`.
        case custom(name: String, argument: FlowValue?)
        /// A Swift closure, for configurations built in code: the `completion` of
        /// `.button(title:completion:)` and `.link(title:completion:)`, or the wait of
        /// `.retryButton(title:loadingTitle:retryCompletion:)`.
        case perform(StepClosure)

        /// `push: id`.
        public static func push(_ id: String) -> Kind { .navigate(.push(id)) }
        /// `present: id`.
        public static func present(_ id: String) -> Kind { .navigate(.present(id)) }
        /// `replace: id`.
        public static func replace(_ id: String) -> Kind { .navigate(.replace(id)) }
        /// `popTo: id`.
        public static func popTo(_ id: String) -> Kind { .navigate(.popTo(id)) }
        /// `pop`.
        public static var pop: Kind { .navigate(.pop) }
        /// `popToRoot`.
        public static var popToRoot: Kind { .navigate(.popToRoot) }
        /// `dismiss`.
        public static var dismiss: Kind { .navigate(.dismiss) }
        /// `collectUserFeedback: {rating, reason, custom}`: `rating` a whole number from 1 to
        /// 5 or a template such as `"${rating}"`, `reason` and the string leaves of `custom`
        /// templates too.
        public static func collectUserFeedback(
            rating: TemplateString, reason: TemplateString? = nil, custom: [String: FlowValue] = [:]
        ) -> Kind {
            .collectUserFeedback(FeedbackRequest(rating: rating, reason: reason, custom: custom))
        }

        /// The name written in files: the built-in step's (the same as its row of the step
        /// table, which a test checks), the custom step's, or `perform` for a closure.
        public var name: String {
            switch self {
            case .navigate(let operation): operation.name
            case .finish: "finish"
            case .openURL: "openURL"
            case .collectUserFeedback: "collectUserFeedback"
            case .branch: "if"
            case .assign: "set"
            case .custom(let name, _): name
            case .perform: "perform"
            }
        }

        /// Whether running the step can fail (its handler, the sink or the URL handler
        /// can), so retrying it may have another outcome; navigation, `finish`, `if` and
        /// `set` cannot (a branch counts by its steps, read separately).
        package var canFail: Bool {
            switch self {
            case .openURL, .collectUserFeedback, .custom, .perform: true
            case .navigate, .finish, .branch, .assign: false
            }
        }

        /// Whether the step changes the stacks or ends the flow (navigation and `finish`).
        package var leavesScreen: Bool {
            switch self {
            case .navigate, .finish: true
            case .openURL, .collectUserFeedback, .branch, .assign, .custom, .perform: false
            }
        }

        /// The template that is the value of `argument` (a ``BuiltInStep/arguments`` entry
        /// of this step): the URL of `openURL`, the `rating` or `reason` of
        /// `collectUserFeedback`; `nil` when not written, or for another argument.
        package func template(for argument: StepArgument) -> TemplateString? {
            switch self {
            case .openURL(let url): argument == .url ? url : nil
            case .collectUserFeedback(let request):
                argument == .feedbackRating ? request.rating : argument == .feedbackReason ? request.reason : nil
            default: nil
            }
        }

        /// Appends the templates of a built-in step's argument, rendered when it runs: the
        /// URL of `openURL`, the `rating` and `reason` of `collectUserFeedback`; none for
        /// the others (a ``FlowValue`` argument's templates are ``Step/argumentTemplates``).
        package func appendTemplates(to templates: inout [TemplateString]) {
            switch self {
            case .openURL(let url): templates.append(url)
            case .collectUserFeedback(let request):
                if let rating = request.rating { templates.append(rating) }
                if let reason = request.reason { templates.append(reason) }
            case .navigate, .finish, .branch, .assign, .custom, .perform: break
            }
        }
    }

    /// What the step does, with its argument.
    public var kind: Kind
    /// Where the step's name is written (the bare name, or the key of a one-key
    /// mapping), for files; `nil` for steps built in code.
    @IgnoredInEquality package var nameSpan: SourceSpan?
    /// Where the step and its argument are written, in one shared box (``Shared``); steps
    /// built in code share one empty box.
    @IgnoredInEquality private var places: Shared<Places>

    private struct Places: Sendable {
        var span: SourceSpan?
        var argumentSpan: SourceSpan?
        var argumentTemplates: [TemplateString] = []
        var argumentEntries: [ArgumentEntry] = []
    }

    /// The places of steps built in code, shared by all of them.
    private static let nowhere = Shared(Places())

    /// Where the step is written, for files.
    package var span: SourceSpan? { places.value.span }
    /// Where the step's argument (target id, URL, …) is written, for files.
    package var argumentSpan: SourceSpan? { places.value.argumentSpan }
    /// The string leaves of a ``FlowValue`` argument (a custom step's argument, the
    /// `custom` fields of `collectUserFeedback`) as templates with their source spans, in
    /// document order, so validation can check their `${name}` references. Empty for
    /// steps built in code and for steps whose argument is already a ``TemplateString``.
    package var argumentTemplates: [TemplateString] { places.value.argumentTemplates }
    /// For a custom step whose argument is a mapping: its entries with where their keys
    /// and values are written, so validation can check them against the handler's
    /// declaration. Empty otherwise (``placeArguments(_:)``).
    package var argumentEntries: [ArgumentEntry] { places.value.argumentEntries }

    /// Sets ``argumentEntries``, all at once: each call makes a new box.
    package mutating func placeArguments(_ entries: [ArgumentEntry]) {
        var changed = places.value
        changed.argumentEntries = entries
        places = Shared(changed)
    }

    /// One entry of a custom step's mapping argument.
    package struct ArgumentEntry: Sendable, Hashable {
        package var name: String
        package var keySpan: SourceSpan?
        package var valueSpan: SourceSpan?
        package var value: FlowValue
        /// The value as a template, when it is a string.
        package var template: TemplateString?

        package init(name: String, keySpan: SourceSpan?, valueSpan: SourceSpan?, value: FlowValue, template: TemplateString?) {
            self.name = name
            self.keySpan = keySpan
            self.valueSpan = valueSpan
            self.value = value
            self.template = template
        }
    }

    /// A step of `kind`. The rest is where it is written in a file, for diagnostics: `span`
    /// the step (its bare name or one-key mapping), `argumentSpan` its argument, `nameSpan`
    /// its name, and `argumentTemplates` the string leaves of a ``FlowValue`` argument as
    /// templates with their spans. All default to `nil` or empty, for steps built in code.
    public init(
        _ kind: Kind, span: SourceSpan? = nil, argumentSpan: SourceSpan? = nil,
        argumentTemplates: [TemplateString] = [], nameSpan: SourceSpan? = nil
    ) {
        self.kind = kind
        self.nameSpan = nameSpan
        places =
            span == nil && argumentSpan == nil && argumentTemplates.isEmpty
            ? Self.nowhere
            : Shared(Places(span: span, argumentSpan: argumentSpan, argumentTemplates: argumentTemplates))
    }

    /// Whether the step decides (`if`) or sets variables (`set`).
    package var isDecision: Bool {
        switch kind {
        case .branch, .assign: true
        default: false
        }
    }

    /// The step's name as written in files: a built-in name (`push`, `openURL`, …), the custom
    /// name, or `perform` for closures.
    public var name: String { kind.name }

    /// The navigation operation this step runs, `nil` for the other steps.
    public var operation: NavigationOperation? {
        if case .navigate(let operation) = kind { operation } else { nil }
    }

    /// The screen id a navigation step targets (`push`, `present`, `replace`, `popTo`).
    package var target: String? { operation?.screenID }
}

/// The arguments of `collectUserFeedback`: `rating` (rendered, then read as an integer),
/// `reason` (rendered text) and `custom` (string leaves are rendered as templates).
public struct FeedbackRequest: Sendable, Hashable {
    /// The `rating` template. When the step runs it is rendered, horizontal white space (tab,
    /// Unicode Zs) is trimmed, and the rest must be ASCII digits forming a whole number from
    /// 1 to 5, else the step fails. `nil` when not written: `validate` reports `missing-key`,
    /// and the step fails if run.
    public var rating: TemplateString?
    /// The `reason` template, rendered into the submission's reason; `nil` when not written
    /// (the submission then has no reason).
    public var reason: TemplateString?
    /// Extra properties (the `custom` mapping): string leaves are templates rendered when the
    /// step runs, other values are submitted as written. Empty when not written.
    public var custom: [String: FlowValue]

    /// A request from its parts; each defaults to absent (`custom` to empty). A request
    /// without `rating` fails when run.
    public init(rating: TemplateString? = nil, reason: TemplateString? = nil, custom: [String: FlowValue] = [:]) {
        self.rating = rating
        self.reason = reason
        self.custom = custom
    }

    /// The rating a rendered `rating` text stands for, by the rule of
    /// ``StepArgument/feedbackRating`` (horizontal white space trimmed, ASCII digits forming
    /// a whole number from 1 to 5); `nil` otherwise. The navigator applies it to the
    /// rendered rating, ``FlowValidator`` to what a rating's template can render. O(length).
    package static func rating(fromRendered text: String) -> Int? {
        StepArgument.feedbackRating.rule.wholeNumber(fromRendered: text)
    }

    /// The ratings feedback may have: whole numbers from 1 to 5, the range of
    /// ``StepArgument/feedbackRating``, for the step, its validation and a submission
    /// from Swift.
    package static let ratings = StepArgument.ratings
}

/// A step written as Swift code (a button's `completion`, a retry button's
/// `retryCompletion`). The closure runs on the navigator; throwing fails the step (and
/// runs `onFailure`).
///
/// A closure has no value to compare, so a `StepClosure` is a reference: equal only to
/// itself (the same closure given once), and never equal to a step read from a file.
public final class StepClosure: Sendable, Hashable {
    /// The code to run.
    package let body: @Sendable () async throws -> Void

    /// A step running `body`.
    public init(_ body: @escaping @Sendable () async throws -> Void) {
        self.body = body
    }

    /// Whether `lhs` and `rhs` are the same closure step (identity).
    public static func == (lhs: StepClosure, rhs: StepClosure) -> Bool { lhs === rhs }

    /// Hashes the identity of the closure step.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
