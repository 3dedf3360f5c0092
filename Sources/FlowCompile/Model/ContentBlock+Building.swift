/// Short constructors for blocks built in Swift, one per block name of `extraContent`,
/// with the same defaults as a file:
///
/// ```swift
/// extraContent: [
///     .text("How was the call?"),
///     .rating(id: "rating", label: "Call quality"),
///     .textField(id: "email", label: "Email", placeholder: "you@example.com", format: .email),
///     .textEditor(id: "comment", placeholder: "Tell us more", maxLength: 500),
///     .toggle(id: "contactMe", label: "You may contact me"),
/// ]
/// ```
extension ContentBlock {
    /// A `text` paragraph; `text` is a template rendered when the screen is drawn.
    public static func text(_ text: TemplateString, visibleWhen: FlowExpression? = nil) -> ContentBlock {
        ContentBlock(.text(text), visibleWhen: visibleWhen)
    }

    /// An `image` block naming an image asset (not a template).
    public static func image(_ name: String, visibleWhen: FlowExpression? = nil) -> ContentBlock {
        ContentBlock(.image(name), visibleWhen: visibleWhen)
    }

    /// A `rating` field (``FormField/rating(id:label:min:max:value:required:)``): whole
    /// numbers in `min...max` (default 1...5), starting at `value`; without one, a
    /// `required` rating starts unrated, another at `min`.
    public static func rating(
        id: String, label: String? = nil, min: Int = 1, max: Int = 5, value: Int? = nil, required: Bool = false,
        visibleWhen: FlowExpression? = nil
    ) -> ContentBlock {
        ContentBlock(
            .field(.rating(id: id, label: label, min: min, max: max, value: value, required: required)), visibleWhen: visibleWhen)
    }

    /// A `textField` (``FormField/textField(id:label:placeholder:required:format:maxLength:)``):
    /// `required` (default not) or required when `requiredWhen` is true.
    public static func textField(
        id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false, format: TextFormat = .text,
        maxLength: Int? = nil, visibleWhen: FlowExpression? = nil, requiredWhen: FlowExpression? = nil
    ) -> ContentBlock {
        ContentBlock(
            .field(.textField(
                id: id, label: label, placeholder: placeholder, required: required, format: format, maxLength: maxLength)),
            visibleWhen: visibleWhen, requiredWhen: requiredWhen)
    }

    /// A `textEditor` (``FormField/textEditor(id:label:placeholder:required:maxLength:)``):
    /// `required` (default not) or required when `requiredWhen` is true.
    public static func textEditor(
        id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false, maxLength: Int? = nil,
        visibleWhen: FlowExpression? = nil, requiredWhen: FlowExpression? = nil
    ) -> ContentBlock {
        ContentBlock(
            .field(.textEditor(id: id, label: label, placeholder: placeholder, required: required, maxLength: maxLength)),
            visibleWhen: visibleWhen, requiredWhen: requiredWhen)
    }

    /// A `toggle` (``FormField/toggle(id:label:value:)``): on or off, starting at `value`
    /// (default off).
    public static func toggle(
        id: String, label: String? = nil, value: Bool = false, visibleWhen: FlowExpression? = nil
    ) -> ContentBlock {
        ContentBlock(.field(.toggle(id: id, label: label, value: value)), visibleWhen: visibleWhen)
    }

    /// A `custom` block of kind `type` drawn by a host renderer, with `properties`.
    public static func custom(
        type: String, properties: [String: FlowValue] = [:], visibleWhen: FlowExpression? = nil
    ) -> ContentBlock {
        ContentBlock(.custom(CustomContent(type: type, properties: properties)), visibleWhen: visibleWhen)
    }
}
