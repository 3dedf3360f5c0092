import FlowSource

/// One block of a screen's `extraContent` (BRIEF "Content blocks"). Field blocks
/// (`rating`, `textField`, `textEditor`, `toggle`) have an `id`, unique in the flow;
/// their values live for the whole flow.
public struct ContentBlock: Sendable {
    public enum Kind: Sendable {
        case text(TemplateString)
        case image(String)
        case rating(RatingField)
        case textField(TextInputField)
        case textEditor(TextEditorField)
        case toggle(ToggleField)
        /// Rendered by a host renderer.
        case custom(CustomContent)
    }

    public var kind: Kind
    public var span: SourceSpan?

    public init(_ kind: Kind, span: SourceSpan? = nil) {
        self.kind = kind
        self.span = span
    }

    /// The field id, for field blocks.
    public var fieldID: String? {
        switch kind {
        case .rating(let f): f.id
        case .textField(let f): f.id
        case .textEditor(let f): f.id
        case .toggle(let f): f.id
        case .text, .image, .custom: nil
        }
    }

    /// The block's name as written in files (`textField`, …).
    public var name: String {
        switch kind {
        case .text: "text"
        case .image: "image"
        case .rating: "rating"
        case .textField: "textField"
        case .textEditor: "textEditor"
        case .toggle: "toggle"
        case .custom: "custom"
        }
    }
}

/// A star rating (seed `000`: 1–5 stars, default 1). Invariant: `min <= value <= max`.
public struct RatingField: Sendable, Hashable {
    public var id: String
    public var label: String?
    public var min: Int
    public var max: Int
    /// The initial value; `nil` means `min`.
    public var value: Int?
    package var idSpan: SourceSpan?
    /// Where `min`, `max` and `value` are written, when they came from a file.
    package var minSpan: SourceSpan?
    package var maxSpan: SourceSpan?
    package var valueSpan: SourceSpan?

    public init(
        id: String, label: String? = nil, min: Int = 1, max: Int = 5, value: Int? = nil, idSpan: SourceSpan? = nil,
        minSpan: SourceSpan? = nil, maxSpan: SourceSpan? = nil, valueSpan: SourceSpan? = nil
    ) {
        self.id = id
        self.label = label
        self.min = min
        self.max = max
        self.value = value
        self.idSpan = idSpan
        self.minSpan = minSpan
        self.maxSpan = maxSpan
        self.valueSpan = valueSpan
    }
}

/// The kind of text a ``TextInputField`` accepts.
public enum TextFormat: String, Sendable, Hashable, CaseIterable {
    case text
    case email
    case url
    case phone
}

/// A one-line text field (seed `000`: "Email Address *", required).
public struct TextInputField: Sendable, Hashable {
    public var id: String
    public var label: String?
    public var placeholder: String?
    public var required: Bool
    public var format: TextFormat
    /// Maximum length in Unicode scalars.
    public var maxLength: Int?
    package var idSpan: SourceSpan?
    /// Where `maxLength` is written, when it came from a file.
    package var maxLengthSpan: SourceSpan?

    public init(
        id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false,
        format: TextFormat = .text, maxLength: Int? = nil, idSpan: SourceSpan? = nil,
        maxLengthSpan: SourceSpan? = nil
    ) {
        self.id = id
        self.label = label
        self.placeholder = placeholder
        self.required = required
        self.format = format
        self.maxLength = maxLength
        self.idSpan = idSpan
        self.maxLengthSpan = maxLengthSpan
    }
}

/// A multi-line text editor (seed `000`: "Message").
public struct TextEditorField: Sendable, Hashable {
    public var id: String
    public var label: String?
    public var placeholder: String?
    public var required: Bool
    /// Maximum length in Unicode scalars.
    public var maxLength: Int?
    package var idSpan: SourceSpan?
    /// Where `maxLength` is written, when it came from a file.
    package var maxLengthSpan: SourceSpan?

    public init(
        id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false,
        maxLength: Int? = nil, idSpan: SourceSpan? = nil, maxLengthSpan: SourceSpan? = nil
    ) {
        self.id = id
        self.label = label
        self.placeholder = placeholder
        self.required = required
        self.maxLength = maxLength
        self.idSpan = idSpan
        self.maxLengthSpan = maxLengthSpan
    }
}

/// An on/off switch.
public struct ToggleField: Sendable, Hashable {
    public var id: String
    public var label: String?
    public var value: Bool
    package var idSpan: SourceSpan?

    package init(id: String, label: String? = nil, value: Bool = false, idSpan: SourceSpan? = nil) {
        self.id = id
        self.label = label
        self.value = value
        self.idSpan = idSpan
    }
}

/// A block drawn by a host renderer: `custom: {type: NAME, …}`; the other keys are
/// passed through as `properties`.
public struct CustomContent: Sendable, Hashable {
    public var type: String
    public var properties: [String: FlowValue]

    public init(type: String, properties: [String: FlowValue] = [:]) {
        self.type = type
        self.properties = properties
    }
}
