import FlowSource

/// A form field of a screen's `extraContent`: its id (unique in the flow; the value lives
/// for the whole flow), label, placeholder, whether it is required, and its kind with the
/// kind's own options. One type for the four field blocks `rating`, `textField`,
/// `textEditor` and `toggle`.
///
/// `placeholder` applies to text fields only (`textField`, `textEditor`), `required` to
/// text fields and ratings; the decoder refuses them elsewhere (`unknown-key`). Equality
/// ignores where the field is written.
public struct FormField: Sendable, Hashable {
    /// The field id, a name (`[A-Za-z_][A-Za-z0-9_]*` parts joined by `.`: the one grammar
    /// of names) that templates (`${id}`) and conditions read.
    public var id: String
    /// The text shown next to the field; `nil` shows none.
    public var label: String?
    /// The hint shown in an empty text field; `nil` shows none.
    public var placeholder: String?
    /// Whether the screen's primary action waits until the field is filled: a text field
    /// with more than white space, a rating rated (one without a `value` then starts
    /// unrated, ``startsUnrated``).
    public var required: Bool
    /// What the field takes, with its options.
    public var kind: FieldKind
    /// Where the field's parts are written, for diagnostics; all `nil` in code.
    package var spans: Spans {
        get { placed.value }
        set { placed = Shared(newValue) }
    }

    @IgnoredInEquality private var placed: Shared<Spans>
    /// The spans of fields built in code, shared by all of them.
    private static let nowhere = Shared(Spans())

    /// Where a field's parts are written: the id, and the options that validation checks.
    package struct Spans: Sendable, Hashable {
        /// The value of `id`.
        package var id: SourceSpan?
        /// The value of a rating's `min`.
        package var min: SourceSpan?
        /// The value of a rating's `max`.
        package var max: SourceSpan?
        /// The value of a rating's `value`.
        package var value: SourceSpan?
        /// The value of a text field's `maxLength`.
        package var maxLength: SourceSpan?

        /// Spans of the parts given; the others `nil`.
        package init(
            id: SourceSpan? = nil, min: SourceSpan? = nil, max: SourceSpan? = nil, value: SourceSpan? = nil,
            maxLength: SourceSpan? = nil
        ) {
            self.id = id
            self.min = min
            self.max = max
            self.value = value
            self.maxLength = maxLength
        }
    }

    /// A field `id` of `kind`, with an optional `label` and `placeholder`, `required` or not
    /// (default not).
    public init(id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false, kind: FieldKind) {
        self.init(id: id, label: label, placeholder: placeholder, required: required, kind: kind, spans: Spans())
    }

    /// A field with the places its parts are written.
    package init(
        id: String, label: String?, placeholder: String?, required: Bool, kind: FieldKind, spans: Spans
    ) {
        self.id = id
        self.label = label
        self.placeholder = placeholder
        self.required = required
        self.kind = kind
        placed = spans == Spans() ? Self.nowhere : Shared(spans)
    }

    /// This field with its parts' places set to `spans`.
    package func at(_ spans: Spans) -> FormField {
        var field = self
        field.spans = spans
        return field
    }

    /// A `rating` field: `min...max` stars (default 1...5) starting at `value`. Without a
    /// value, a `required` rating starts unrated (``startsUnrated``) and the screen's
    /// primary action waits until it is rated; one not required starts at `min`.
    public static func rating(
        id: String, label: String? = nil, min: Int = 1, max: Int = 5, value: Int? = nil, required: Bool = false
    ) -> FormField {
        FormField(id: id, label: label, required: required, kind: .rating(min: min, max: max, value: value))
    }

    /// Whether the field starts without a value: a required `rating` with no `value`. Until
    /// it is rated it reads as `null` (its type in expressions is `integer?`, except in the
    /// primary action of a screen that requires it) and its screen's primary action waits.
    public var startsUnrated: Bool {
        if required, case .rating(_, _, nil) = kind { true } else { false }
    }

    /// A one-line `textField` in `format` (default `text`), at most `maxLength` Unicode
    /// scalars (default no limit).
    public static func textField(
        id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false,
        format: TextFormat = .text, maxLength: Int? = nil
    ) -> FormField {
        FormField(
            id: id, label: label, placeholder: placeholder, required: required,
            kind: .textField(format: format, maxLength: maxLength))
    }

    /// A multi-line `textEditor`, at most `maxLength` Unicode scalars (default no limit).
    public static func textEditor(
        id: String, label: String? = nil, placeholder: String? = nil, required: Bool = false, maxLength: Int? = nil
    ) -> FormField {
        FormField(id: id, label: label, placeholder: placeholder, required: required, kind: .textEditor(maxLength: maxLength))
    }

    /// An on/off `toggle` starting at `value` (default off).
    public static func toggle(id: String, label: String? = nil, value: Bool = false) -> FormField {
        FormField(id: id, label: label, kind: .toggle(value: value))
    }
}
