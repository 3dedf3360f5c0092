import FlowDocument

/// A string that may contain `${name}` references to field values or context
/// variables; `$$` is a literal `$` (BRIEF "Templates and expressions").
///
/// `segments` is the parsed form; `problems` lists malformed references (an unclosed
/// `${`, an empty or invalid name) with their offset, so the validator can report them
/// at the exact column. Offsets count Unicode scalars from the start of ``raw``.
public struct TemplateString: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case literal(String)
        /// A `${name}` reference; `offset` is where `$` stands in `raw`.
        case variable(name: String, offset: Int)
    }

    public struct Problem: Sendable, Hashable {
        public var message: String
        public var offset: Int
    }

    /// The text as written (after YAML/JSON unescaping).
    public let raw: String
    /// Where the scalar holding this text is in the source, when it came from a file.
    public let span: SourceSpan?
    public let segments: [Segment]
    public let problems: [Problem]

    public init(_ raw: String, span: SourceSpan? = nil) {
        self.raw = raw
        self.span = span
        (segments, problems) = Self.parse(raw)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { raw }

    /// The names referenced, in order, with their offsets.
    public var references: [(name: String, offset: Int)] {
        segments.compactMap {
            if case .variable(let name, let offset) = $0 { return (name, offset) }
            return nil
        }
    }

    /// Whether the string has no `${…}` reference (its rendering is `raw` with `$$` → `$`).
    public var isConstant: Bool { references.isEmpty }

    /// Replaces each reference by `lookup(name)`; an unknown name renders as the empty
    /// string (validation reports unknown names before a flow ever runs). O(length).
    public func render(_ lookup: (String) -> String?) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let text): out += text
            case .variable(let name, _): out += lookup(name) ?? ""
            }
        }
        return out
    }

    /// A name is `[A-Za-z_][A-Za-z0-9_.-]*`.
    static func isValidName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetterOrUnderscore else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy {
            $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
        }
    }

    static func parse(_ raw: String) -> ([Segment], [Problem]) {
        var segments: [Segment] = []
        var problems: [Problem] = []
        var literal = ""
        let scalars = Array(raw.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "$", i + 1 < scalars.count, scalars[i + 1] == "$" {
                literal.unicodeScalars.append("$")
                i += 2
                continue
            }
            if c == "$", i + 1 < scalars.count, scalars[i + 1] == "{" {
                guard let close = scalars[(i + 2)...].firstIndex(of: "}") else {
                    problems.append(Problem(message: "unclosed '${' in template", offset: i))
                    literal.unicodeScalars.append(contentsOf: scalars[i...])
                    break
                }
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[(i + 2)..<close])
                if !isValidName(Substring(name)) {
                    problems.append(Problem(
                        message: name.isEmpty ? "empty name in '${}'" : "invalid name '\(name)' in template",
                        offset: i))
                }
                if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
                segments.append(.variable(name: name, offset: i))
                i = close + 1
                continue
            }
            literal.unicodeScalars.append(c)
            i += 1
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return (segments, problems)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetterOrUnderscore: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}
