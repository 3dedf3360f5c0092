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
        /// A form field: `rating`, `textField`, `textEditor` or `toggle` (its
        /// ``FormField/kind`` says which).
        case field(FormField)
        /// Rendered by a host renderer.
        case custom(CustomContent)
    }

    /// What the block is, with its contents.
    public var kind: Kind
    /// A condition that must be true for the block to be shown (`visibleWhen`); `nil` is
    /// always true. A hidden field keeps its value but is never required.
    public var visibleWhen: FlowExpression?
    /// For a text field: a condition under which it must be filled (`requiredWhen`),
    /// instead of a fixed `required`; `nil` leaves ``FormField/required`` in charge.
    public var requiredWhen: FlowExpression?
    /// Where the block is written: its one-key mapping in the `extraContent` list; `nil` for
    /// blocks built in code.
    @IgnoredInEquality package var span: SourceSpan?

    /// A block of `kind`; `span` is where it is written (default `nil`, for blocks built in
    /// code).
    public init(
        _ kind: Kind, visibleWhen: FlowExpression? = nil, requiredWhen: FlowExpression? = nil, span: SourceSpan? = nil
    ) {
        self.kind = kind
        self.visibleWhen = visibleWhen
        self.requiredWhen = requiredWhen
        self.span = span
    }

    /// The form field, for field blocks.
    public var field: FormField? {
        if case .field(let field) = kind { field } else { nil }
    }

    /// The field id, for field blocks; `nil` for `text`, `image` and `custom`.
    public var fieldID: String? {
        if case .field(let field) = kind { field.id } else { nil }
    }

    /// The block's name as written in files: `text`, `image`, `custom`, or the field's
    /// ``FieldKind/name`` (`rating`, `textField`, `textEditor`, `toggle`).
    public var name: String {
        switch kind {
        case .text: "text"
        case .image: "image"
        case .field(let field): field.kind.name
        case .custom: "custom"
        }
    }
}

/// The kind of text a `textField` accepts (its `format`).
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
