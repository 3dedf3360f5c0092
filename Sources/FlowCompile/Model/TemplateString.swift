import FlowSource

/// A string that may contain `${name}` references to field values or context
/// variables, and `${expression}` (any other text up to the next `}`, e.g.
/// `${rating * 2}`, see ``FlowExpression``); `$$` is a literal `$`. A `${…}` whose text is
/// a name (letters, digits and `_` in parts joined by `.`, each part starting with a
/// letter or `_`: the one grammar of names, as conditions read them) is that name; any
/// other text is an expression (`${a-b}` subtracts, as in a condition).
///
/// `segments` is the parsed form; `problems` lists malformed references (an unclosed
/// `${`, an empty or invalid name) with their offset, so the validator can report them
/// at the exact column. Offsets count Unicode scalars from the start of ``raw``.
public struct TemplateString: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    package enum Segment: Sendable, Hashable {
        case literal(String)
        /// A `${name}` reference; `offset` is where `$` stands in `raw`.
        case variable(name: String, offset: Int)
        /// A `${expression}`; `offset` is where `$` stands in `raw`.
        case expression(FlowExpression, offset: Int)
    }

    package struct Problem: Sendable, Hashable {
        package var message: String
        package var offset: Int
    }

    /// The parts, in one shared box (``Shared``): a template is copied wherever its
    /// screen, button or step is.
    /// In this order, so that the one-byte style comes last (a box of 80 bytes, not 96).
    private struct Parts: Sendable, Hashable {
        let raw: String
        @IgnoredInEquality var span: SourceSpan?
        /// The segments, except for a text without `$` (almost every template): that one is
        /// a single literal, `raw` itself, and stores none (no array per such template);
        /// ``TemplateString/segments`` makes it when asked.
        let parsed: [Segment]
        /// Boxed, and only when there are any: one word in every template, though almost
        /// none has problems or plural forms.
        let rare: Shared<Rare>?
        @IgnoredInEquality var style: ScalarStyle?

        init(raw: String, span: SourceSpan?, style: ScalarStyle?, parsed: [Segment], problems: [Problem], plural: PluralChoice? = nil) {
            self.raw = raw
            self.span = span
            self.parsed = parsed
            rare = problems.isEmpty && plural == nil ? nil : Shared(Rare(problems: problems, plural: plural))
            self.style = style
        }
    }

    /// What few templates have: malformed references, plural forms.
    private struct Rare: Sendable, Hashable {
        let problems: [Problem]
        let plural: PluralChoice?
    }

    /// Plural forms of a translated string (a String Catalog's plural variations): the
    /// form shown is chosen by the CLDR category of the whole number `name` holds when
    /// the string is drawn (``PluralCategories/category(of:locale:)``; `zero` for 0 when
    /// there is one, as Apple does); `other` when there is no such form or no number.
    package struct PluralChoice: Sendable, Hashable {
        package var name: String
        package var locale: String
        package var forms: [String: TemplateString]
    }

    private let storage: Shared<Parts>

    /// The text as written (after YAML/JSON unescaping).
    public var raw: String { storage.value.raw }
    /// Where the scalar holding this text is in the source, when it came from a file.
    package var span: SourceSpan? { storage.value.span }
    /// How that scalar is written, so a place inside it can be found in the file.
    package var style: ScalarStyle? { storage.value.style }
    /// The parsed text: literals, `${name}` references and `${expression}`s, in order.
    package var segments: [Segment] {
        isLiteral ? [.literal(storage.value.raw)] : storage.value.parsed
    }

    /// Whether the text holds no `$`: one literal, `raw`, with nothing stored for it.
    private var isLiteral: Bool {
        storage.value.parsed.isEmpty && !storage.value.raw.isEmpty
    }
    /// The malformed references, with their offsets.
    package var problems: [Problem] { storage.value.rare?.value.problems ?? [] }

    /// Parses `raw` as a template: `${name}` references and `$$` for a literal `$`. Never
    /// throws: malformed references (an unclosed `${`, an empty or invalid name) are kept for
    /// validation to report (`invalid-template`). `span` is where the scalar holding the text
    /// is written (default `nil`, for strings built in code). O(length of `raw`).
    public init(_ raw: String, span: SourceSpan? = nil) {
        self.init(raw, span: span, style: nil)
    }

    /// A template written in a file in the scalar at `span`, written in `style`.
    package init(_ raw: String, span: SourceSpan?, style: ScalarStyle?) {
        let (segments, problems) = Self.parse(raw, span: span, style: style)
        storage = Shared(Parts(raw: raw, span: span, style: style, parsed: segments, problems: problems))
    }

    /// A translated string with plural forms: it reads as its `other` form (`raw`, its
    /// names and expressions) and is drawn in the form `choice` picks.
    package init(_ raw: String, plural choice: PluralChoice) {
        let (segments, problems) = Self.parse(raw, span: nil, style: nil)
        storage = Shared(Parts(raw: raw, span: nil, style: nil, parsed: segments, problems: problems, plural: choice))
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { raw }

    /// The names referenced, in order, with their offsets.
    package var references: [(name: String, offset: Int)] {
        storage.value.parsed.compactMap {
            if case .variable(let name, let offset) = $0 { return (name, offset) }
            return nil
        }
    }

    /// Whether the string holds a `${expression}`. O(segments), no allocation.
    package var hasExpressions: Bool {
        storage.value.parsed.contains { if case .expression = $0 { true } else { false } }
    }

    /// The `${expression}`s, in order, with the offsets of their `$`.
    package var expressions: [(expression: FlowExpression, offset: Int)] {
        storage.value.parsed.compactMap {
            if case .expression(let expression, let offset) = $0 { return (expression, offset) }
            return nil
        }
    }

    /// Whether the string has no `${…}` (its rendering is `raw` with `$$` → `$`).
    package var isConstant: Bool {
        !storage.value.parsed.contains { if case .literal = $0 { false } else { true } }
    }

    /// Replaces each `${name}` by `lookup(name)` and each `${expression}` by
    /// `evaluate(expression)`; an unknown name renders as the empty string (validation
    /// reports unknown names before a flow ever runs), and so does an expression when
    /// `evaluate` is `nil`. O(length).
    public func render(_ lookup: (String) -> String?) -> String {
        render(lookup, evaluate: { _ in "" })
    }

    /// ``render(_:)`` with expressions rendered by `evaluate`.
    package func render(_ lookup: (String) -> String?, evaluate: (FlowExpression) -> String) -> String {
        if let choice = storage.value.rare?.value.plural, let count = lookup(choice.name).flatMap({ Int($0) }) {
            let category = count == 0 && choice.forms["zero"] != nil ? "zero" : PluralCategories.category(of: count, locale: choice.locale)
            if let form = choice.forms[category] ?? choice.forms["other"] { return form.render(lookup, evaluate: evaluate) }
        }
        if isLiteral { return raw }
        var out = ""
        for segment in storage.value.parsed {
            switch segment {
            case .literal(let text): out += text
            case .variable(let name, _): out += lookup(name) ?? ""
            case .expression(let expression, _): out += evaluate(expression)
            }
        }
        return out
    }

    /// Whether `name` can be referenced as `${name}`: `Identifier.isName`,
    /// the one rule for field ids, declared names, context keys and template references.
    /// O(length).
    package static func isValidName(_ name: Substring) -> Bool {
        Identifier.isName(name.utf8)
    }

    /// Splits `raw` into literals and `${name}` references. O(length).
    ///
    /// Works on the UTF-8 bytes: `$`, `{` and `}` are ASCII, so every cut falls on a
    /// scalar boundary, and offsets (in Unicode scalars) are counted as the bytes that
    /// start a scalar. A string without `$` is one literal, `raw` itself: it gets no
    /// segments (``Parts/parsed``); one with a `$` always gets at least one.
    static func parse(_ raw: String, span: SourceSpan? = nil, style: ScalarStyle? = nil) -> ([Segment], [Problem]) {
        // Searched in the contiguous UTF-8 of a native string: a plain loop over bytes,
        // not the string's index walk.
        let hasDollar = raw.utf8.withContiguousStorageIfAvailable { $0.contains(0x24) } ?? raw.utf8.contains(0x24)
        guard hasDollar else { return ([], []) }
        var text = raw
        return text.withUTF8 { parse(utf8: $0, span: span, style: style) }
    }

    private static func parse(
        utf8 bytes: UnsafeBufferPointer<UInt8>, span: SourceSpan?, style: ScalarStyle?
    ) -> ([Segment], [Problem]) {
        let dollar: UInt8 = 0x24, open: UInt8 = 0x7B, close: UInt8 = 0x7D
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var segments: [Segment] = []
        var problems: [Problem] = []
        var literal = ""
        /// Bytes from `literalStart` up to the current position belong to the literal.
        var literalStart = 0
        var i = 0
        /// Unicode scalars before byte `i`, counted up to `countedTo`.
        var scalars = 0
        var countedTo = 0
        func offset(of position: Int) -> Int {
            while countedTo < position {
                if bytes[countedTo] & 0xC0 != 0x80 { scalars += 1 }
                countedTo += 1
            }
            return scalars
        }
        while i < bytes.count {
            guard bytes[i] == dollar, i + 1 < bytes.count else {
                i += 1
                continue
            }
            if bytes[i + 1] == dollar {
                // `$$`: keep the first `$`, drop the second.
                literal += string(literalStart..<(i + 1))
                i += 2
                literalStart = i
                continue
            }
            guard bytes[i + 1] == open else {
                i += 1
                continue
            }
            let at = offset(of: i)
            guard let end = bytes[(i + 2)...].firstIndex(of: close) else {
                problems.append(Problem(message: "unclosed '${' in template", offset: at))
                break
            }
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[(i + 2)..<end])
            let name = String(decoding: nameBytes, as: UTF8.self)
            literal += string(literalStart..<i)
            if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
            if Identifier.isName(nameBytes) {
                segments.append(.variable(name: name, offset: at))
            } else if name.isBlank {
                problems.append(Problem(message: "empty name in '${}'", offset: at))
                segments.append(.variable(name: name, offset: at))
            } else {
                segments.append(.expression(FlowExpression(name, span: span, style: style, offsetInScalar: at + 2), offset: at))
            }
            i = end + 1
            literalStart = i
        }
        literal += string(literalStart..<bytes.count)
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return (segments, problems)
    }
}
