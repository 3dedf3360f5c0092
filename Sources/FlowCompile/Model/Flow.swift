import FlowSource

/// How the start screen of a flow enters: presented modally (default) or pushed on the
/// host's current stack.
public enum Presentation: String, Sendable, Hashable, CaseIterable {
    /// The start screen enters on a new stack, presented modally (`presentation: present`,
    /// the default).
    case present
    /// The start screen is pushed (`presentation: push`): a host shows it on its own
    /// navigation stack, so `pop` on it goes back to the host's screen (no `pop-on-root`
    /// warning). The navigator does not model the host's stack: with no stack shown, the
    /// pushed screen starts one.
    case push
}

/// A flow of feedback screens: what a flow file (format version 1) decodes to, or one
/// built in Swift.
///
/// Invariants after successful validation: `screens` is non-empty, ids are unique,
/// `start` names a screen, every navigation target names a screen.
public struct Flow: Sendable, Hashable {
    /// The format version; only `1` exists.
    public var version: Int
    /// Default: the file's base name.
    public var id: String
    /// The first screen's id.
    public var start: String
    /// How the ``start`` screen enters when the flow starts; default ``Presentation/present``.
    public var presentation: Presentation
    /// The screens in the order written.
    public var screens: [FeedbackConfiguration]
    /// The values the host provides (`context:`), typed; expressions read them by name.
    public var context: [ValueDeclaration]
    /// The events the flow reacts to (`events:`), each with its typed payload.
    public var events: [EventDeclaration]
    /// The flow variables `set` steps give values (`variables:`). Each starts as `null`
    /// when its type is optional, else as `0`, `0.0`, `''` or `false`.
    public var variables: [ValueDeclaration]
    /// When the flow is presented (`trigger:`); `nil` when the host shows it directly.
    public var trigger: PresentationTrigger?
    /// The custom handlers the flow's steps run (`handlers:`), with their arguments and
    /// returned values.
    public var handlers: [HandlerDeclaration]
    /// Names declared (under `context:`, `variables:`, an event's payload or a handler's
    /// `returns`) with a type that did not decode: already reported, so expressions naming
    /// them are not reported again.
    @IgnoredInEquality package var namesWithBrokenTypes: [String] = []
    /// Where `start` is written (for diagnostics), when it came from a file.
    @IgnoredInEquality package var startSpan: SourceSpan?
    /// Where the screens are written: the `screens` mapping of a flow file, or the root
    /// mapping of a single-screen file; `nil` for flows built in code.
    @IgnoredInEquality package var screensSpan: SourceSpan?

    /// A flow of `screens` starting at `start`, which should name one of them (`validate`
    /// reports `unknown-screen` otherwise). `version` defaults to 1 and `presentation` to
    /// ``Presentation/present``; `context`, `events`, `variables` (declarations), `trigger`
    /// and `handlers` default to none. `startSpan` and `screensSpan` are where `start` and the
    /// screens are written in a file, for diagnostics (default `nil`).
    public init(
        version: Int = 1, id: String, start: String, presentation: Presentation = .present,
        screens: [FeedbackConfiguration], context: [ValueDeclaration] = [], events: [EventDeclaration] = [],
        variables: [ValueDeclaration] = [], trigger: PresentationTrigger? = nil, handlers: [HandlerDeclaration] = [],
        startSpan: SourceSpan? = nil, screensSpan: SourceSpan? = nil
    ) {
        self.handlers = handlers
        self.context = context
        self.events = events
        self.variables = variables
        self.trigger = trigger
        self.version = version
        self.id = id
        self.start = start
        self.presentation = presentation
        self.screens = screens
        self.startSpan = startSpan
        self.screensSpan = screensSpan
    }

    /// A one-screen flow whose start is `configuration`.
    public init(configuration: FeedbackConfiguration, id: String? = nil, presentation: Presentation = .present) {
        self.init(id: id ?? configuration.id, start: configuration.id, presentation: presentation, screens: [configuration])
    }

    /// The screen with `id` (the first, should ids repeat), or `nil`. O(number of
    /// screens).
    public func screen(_ id: String) -> FeedbackConfiguration? {
        // By index: iterating the elements would copy every screen just to read its id.
        screens.firstIndex { $0.id == id }.map { screens[$0] }
    }

    /// Screen id → position in ``screens`` of the first screen with that id. O(number of
    /// screens) to build, O(1) per lookup: what repeated lookups by id (validation,
    /// navigation) should use rather than ``screen(_:)``.
    package func screenIndex() -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(screens.count)
        for position in screens.indices where index[screens[position].id] == nil {
            index[screens[position].id] = position
        }
        return index
    }
}
