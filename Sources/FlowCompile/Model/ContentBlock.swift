import FlowSource

/// One block of a screen's `extraContent`, shown below the subtitle. Field blocks
/// (`rating`, `textField`, `textEditor`, `toggle`) have an `id`, unique in the flow;
/// their values live for the whole flow.
public struct ContentBlock: Sendable, Hashable {
    /// What a block is, with its contents: one case per block name of `extraContent`.
    public enum Kind: Sendable, Hashable {
        /// `text: STRING`: a paragraph, a template rendered when the screen is drawn.
        case text(TemplateString)
        /// `image: NAME`: the name of an image asset, taken as written (not a template); in a
        /// file an empty name or one with control characters is `invalid-value`.
        case image(String)
        /// `rating: {…}`: a star rating field.
        case rating(RatingField)
        /// `textField: {…}`: a one-line text field.
        case textField(TextInputField)
        /// `textEditor: {…}`: a multi-line text field.
        case textEditor(TextEditorField)
        /// `toggle: {…}`: an on/off switch.
        case toggle(ToggleField)
        /// Rendered by a host renderer.
        case custom(CustomContent)
    }

    /// What the block is, with its contents.
    public var kind: Kind
    /// Where the block is written: its one-key mapping in the `extraContent` list; `nil` for
    /// blocks built in code.
    @IgnoredInEquality public var span: SourceSpan?

    /// A block of `kind`; `span` is where it is written (default `nil`, for blocks built in
    /// code).
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

/// A star rating, by default 1 to 5 stars starting at 1. In a file `validate` requires
/// `min < max` and `min <= value <= max` (`invalid-value`).
public struct RatingField: Sendable, Hashable {
    /// The field id: unique in the flow and a template name (`[A-Za-z_][A-Za-z0-9_.-]*`), so
    /// `${id}` renders the current rating in decimal.
    public var id: String
    /// The text shown with the stars, taken as written (not a template); `nil` for none.
    public var label: String?
    /// The lowest rating the field accepts, default 1; in a file `min` must be less than
    /// ``max`` (`invalid-value`).
    public var min: Int
    /// The highest rating the field accepts (the number of stars), default 5.
    public var max: Int
    /// The initial value; `nil` means `min`.
    public var value: Int?
    @IgnoredInEquality package var idSpan: SourceSpan?
    /// Where `min`, `max` and `value` are written, when they came from a file.
    @IgnoredInEquality package var minSpan: SourceSpan?
    @IgnoredInEquality package var maxSpan: SourceSpan?
    @IgnoredInEquality package var valueSpan: SourceSpan?

    /// A rating `id` from `min` (default 1) to `max` (default 5) starting at `value` (default
    /// `nil`: `min`), with an optional `label`. `idSpan`, `minSpan`, `maxSpan` and
    /// `valueSpan` are where those keys' values are written in a file, for diagnostics
    /// (default `nil`).
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
    /// Any text (the default): no check.
    case text
    /// An email address: exactly one `@`, a non-empty local part and a domain of at least two
    /// non-empty dot-separated labels, no white space or control characters (a pragmatic
    /// subset of RFC 5322 §3.4.1: no quoted local parts, no IP-literal domains).
    case email
    /// An absolute `http` or `https` URL with a non-empty host (RFC 3986 §3: scheme, `//`,
    /// authority; the scheme is case-insensitive, §3.1), no white space or control characters.
    case url
    /// A phone number: only digits, spaces, `+`, `-`, `(` and `)`, with at least five digits,
    /// e.g. `+44 (20) 7946-0958`.
    case phone
}

/// A one-line text field, e.g. a required "Email Address" with `format: email`.
public struct TextInputField: Sendable, Hashable {
    /// The field id: unique in the flow and a template name (`[A-Za-z_][A-Za-z0-9_.-]*`), so
    /// `${id}` renders the current text.
    public var id: String
    /// The text shown with the field, taken as written (not a template); `nil` for none.
    public var label: String?
    /// The hint shown while the field is empty, taken as written; `nil` for none.
    public var placeholder: String?
    /// Whether the primary action waits for a value holding something other than white space
    /// (Unicode `White_Space`); default `false`.
    public var required: Bool
    /// The kind of text expected, default ``TextFormat/text``. A non-empty value that does not
    /// fit is kept, reported as the field's problem, and keeps the primary action disabled,
    /// even when the field is not required; the empty text always fits.
    public var format: TextFormat
    /// Maximum length in Unicode scalars.
    public var maxLength: Int?
    @IgnoredInEquality package var idSpan: SourceSpan?
    /// Where `maxLength` is written, when it came from a file.
    @IgnoredInEquality package var maxLengthSpan: SourceSpan?

    /// A text field `id`; `label` and `placeholder` default to `nil`, `required` to `false`,
    /// `format` to ``TextFormat/text`` and `maxLength` to `nil` (no limit). `idSpan` and
    /// `maxLengthSpan` are where those values are written in a file, for diagnostics (default
    /// `nil`).
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

/// A multi-line text editor, e.g. a free-form "Message".
public struct TextEditorField: Sendable, Hashable {
    /// The field id: unique in the flow and a template name (`[A-Za-z_][A-Za-z0-9_.-]*`), so
    /// `${id}` renders the current text.
    public var id: String
    /// The text shown with the editor, taken as written (not a template); `nil` for none.
    public var label: String?
    /// The hint shown while the editor is empty, taken as written; `nil` for none.
    public var placeholder: String?
    /// Whether the primary action waits for a value holding something other than white space
    /// (Unicode `White_Space`); default `false`.
    public var required: Bool
    /// Maximum length in Unicode scalars.
    public var maxLength: Int?
    @IgnoredInEquality package var idSpan: SourceSpan?
    /// Where `maxLength` is written, when it came from a file.
    @IgnoredInEquality package var maxLengthSpan: SourceSpan?

    /// A text editor `id`; `label` and `placeholder` default to `nil`, `required` to `false`
    /// and `maxLength` to `nil` (no limit). `idSpan` and `maxLengthSpan` are where those values
    /// are written in a file, for diagnostics (default `nil`).
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
    /// The field id: unique in the flow and a template name (`[A-Za-z_][A-Za-z0-9_.-]*`), so
    /// `${id}` renders `true` or `false`.
    public var id: String
    /// The text shown with the switch, taken as written (not a template); `nil` for none.
    public var label: String?
    /// The initial state, `true` for on; default `false`.
    public var value: Bool
    @IgnoredInEquality package var idSpan: SourceSpan?

    /// A toggle with field id `id`, an optional `label`, starting at `value` (default
    /// off); `idSpan` is where the id is written (default `nil`).
    public init(id: String, label: String? = nil, value: Bool = false, idSpan: SourceSpan? = nil) {
        self.id = id
        self.label = label
        self.value = value
        self.idSpan = idSpan
    }
}

/// A block drawn by a host renderer: `custom: {type: NAME, …}`; the other keys are
/// passed through as `properties`.
public struct CustomContent: Sendable, Hashable {
    /// The host's name for the kind of block (`type:`, required in a file: `missing-key`),
    /// taken as written; a host renderer picks its drawing by it.
    public var type: String
    /// The block's other keys and their values, typed by the YAML 1.2 core schema (plain
    /// scalars may be null, booleans or numbers; other scalars are strings) and passed on as
    /// written: not templates, never rendered. Empty when there are none.
    public var properties: [String: FlowValue]

    /// A custom block of kind `type` with `properties` (default none).
    public init(type: String, properties: [String: FlowValue] = [:]) {
        self.type = type
        self.properties = properties
    }
}
