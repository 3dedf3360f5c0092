import FlowCompile

/// Everything a presenter needs to draw one screen instance at one moment: templates
/// rendered, field values current, button titles and states resolved.
public struct ScreenSnapshot: Sendable, Hashable {
    /// The screen instance drawn: its stable instance id (taps name it) and screen id.
    public var instance: ScreenInstance
    /// The flow's id (`flow.id` in templates).
    public var flowID: String
    /// The screen's style; for `.feedback(image:)` the image is also in ``image``.
    public var style: FeedbackStyle
    /// The style's image (the `image` of a `feedback` screen), `nil` for fixed styles.
    public var image: String? { style.image }
    /// Rendered; may span lines.
    public var title: String
    /// Rendered; may span lines.
    public var subtitle: String?
    /// The `extraContent` blocks in order, ready to draw: text rendered, fields with their
    /// current values.
    public var content: [ContentSnapshot]
    /// `nil` when the primary action is `none`.
    public var primary: ActionSnapshot?
    /// `nil` when the secondary action is `none`.
    public var secondary: ActionSnapshot?
    /// Whether this screen's action is running.
    public var isBusy: Bool
    /// The message of the last failed step, shown until the next tap on this screen.
    public var errorMessage: String?
    /// Whether this instance is the screen on top (only the top screen takes taps).
    public var isOnTop: Bool
    /// The index of the instance's stack (0 = bottom); `nil` when the instance is no longer
    /// on the stacks.
    public var stackIndex: Int?
    /// The instance's index within its stack (0 = root); `nil` when the instance is no longer
    /// on the stacks.
    public var indexInStack: Int?
    /// The number of screens in each stack, bottom first.
    public var stackDepths: [Int]

    /// A snapshot from its parts, as the navigator builds it; build one yourself to test a
    /// presenter or feed a SwiftUI preview without a navigator. `subtitle`, `content`,
    /// `primary`, `secondary` and `errorMessage` default to none, `isBusy` to `false`,
    /// `isOnTop` to `true` and `stackDepths` to one stack of one screen.
    /// - Parameters:
    ///   - stackIndex: the index of the instance's stack, `nil` when it is off the stacks.
    ///   - indexInStack: its index in that stack, `nil` when it is off the stacks.
    public init(
        instance: ScreenInstance, flowID: String, style: FeedbackStyle, title: String, subtitle: String? = nil,
        content: [ContentSnapshot] = [], primary: ActionSnapshot? = nil, secondary: ActionSnapshot? = nil,
        isBusy: Bool = false, errorMessage: String? = nil, isOnTop: Bool = true, stackIndex: Int?, indexInStack: Int?,
        stackDepths: [Int] = [1]
    ) {
        self.instance = instance
        self.flowID = flowID
        self.style = style
        self.title = title
        self.subtitle = subtitle
        self.content = content
        self.primary = primary
        self.secondary = secondary
        self.isBusy = isBusy
        self.errorMessage = errorMessage
        self.isOnTop = isOnTop
        self.stackIndex = stackIndex
        self.indexInStack = indexInStack
        self.stackDepths = stackDepths
    }

    /// A snapshot of the screen on top: its position is the top of the last stack of
    /// `stackDepths` (default one stack of one screen); the other parts as in
    /// ``init(instance:flowID:style:title:subtitle:content:primary:secondary:isBusy:errorMessage:isOnTop:stackIndex:indexInStack:stackDepths:)``.
    public init(
        instance: ScreenInstance, flowID: String, style: FeedbackStyle, title: String, subtitle: String? = nil,
        content: [ContentSnapshot] = [], primary: ActionSnapshot? = nil, secondary: ActionSnapshot? = nil,
        isBusy: Bool = false, errorMessage: String? = nil, stackDepths: [Int] = [1]
    ) {
        self.init(
            instance: instance, flowID: flowID, style: style, title: title, subtitle: subtitle, content: content,
            primary: primary, secondary: secondary, isBusy: isBusy, errorMessage: errorMessage, isOnTop: true,
            stackIndex: stackDepths.isEmpty ? nil : stackDepths.count - 1,
            indexInStack: stackDepths.last.map { max($0 - 1, 0) }, stackDepths: stackDepths)
    }

    /// The fields of the screen, in order.
    public var fields: [FieldSnapshot] {
        content.compactMap { if case .field(let f) = $0 { return f } else { return nil } }
    }

    /// The button in `slot`, if any.
    public func action(_ slot: ActionSlot) -> ActionSnapshot? {
        switch slot {
        case .primary: primary
        case .secondary: secondary
        }
    }
}
