/// Swift names made from a flow's ids: `rate-call` → `rateCall` (a member),
/// `call-quality-rating` → `CallQualityRating` (a type), keywords in backticks.
///
/// A word is a run of letters and digits; every other character (`-`, `.`, `_`, a space)
/// separates words. Names start with `_` when their first word starts with a digit, since
/// a Swift name cannot.
package enum SwiftIdentifier {
    /// Whether `text` is a Swift identifier as written: ASCII letters, digits and `_`, not
    /// starting with a digit, not empty (keywords count: they are written in backticks).
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0) }
    }

    /// The name of a member (a case, a constant, a property) for `id`: the id itself when
    /// it is an identifier, else its words in lowerCamelCase, a leading acronym in lower
    /// case (`URL-scheme` → `urlScheme`). Empty when `id` has no word.
    package static func lowerCamelCase(_ id: String) -> String {
        if isIdentifier(id) { return id }
        let parts = words(of: id)
        guard let first = parts.first else { return "" }
        let name = loweredLead(first) + parts.dropFirst().map(capitalized).joined()
        return startsWithDigit(name) ? "_" + name : name
    }

    /// The name of a type for `id`: its words, each with its first letter in upper case
    /// (`uploadLogs` → `UploadLogs`, `upload_logs` → `UploadLogs`). Empty when `id` has
    /// no word.
    package static func upperCamelCase(_ id: String) -> String {
        let name = words(of: id).map(capitalized).joined()
        return startsWithDigit(name) ? "_" + name : name
    }

    /// The second choice when the first is taken: the id as written with every character
    /// that cannot be in a name replaced by `_` (`rate-call` → `rate_call`), with its first
    /// letter in upper case for a type.
    package static func underscored(_ id: String, type: Bool) -> String {
        var name = String(String.UnicodeScalarView(id.unicodeScalars.map { isWordScalar($0) ? $0 : "_" }))
        if type, let first = name.first { name = first.uppercased() + name.dropFirst() }
        return startsWithDigit(name) ? "_" + name : name
    }

    /// `name` as a declaration writes it: in backticks when it is a keyword.
    package static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Names a member cannot have even in backticks, since they mean something else after
    /// a `.` (`Screen.self`, `Screen.Type`) or declare something else (`init`).
    package static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_"]

    /// The words Swift reserves, and contextual ones written in backticks to be safe
    /// (backticks around a name that needs none change nothing).
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
        "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "async", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "some", "any", "each", "consume", "copy", "discard", "macro",
        "Protocol", "Type",
    ]

    /// The runs of letters and digits of `id`, in order.
    private static func words(of id: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in id.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Whether `scalar` can be in a word: an ASCII letter or digit, or a letter or digit
    /// of another script (Swift names may hold those).
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(scalar) || ("0"..."9").contains(scalar) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `word` with its first character in upper case.
    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `word` with its leading capitals in lower case: `Rate` → `rate`, `URL` → `url`,
    /// `URLScheme` → `urlScheme` (the last capital before a small letter starts the next word).
    private static func loweredLead(_ word: String) -> String {
        let characters = Array(word)
        let capitals = characters.prefix { $0.isUppercase }.count
        guard capitals > 0 else { return word }
        let lowered = capitals == characters.count || capitals == 1 ? capitals : capitals - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    private static func startsWithDigit(_ name: String) -> Bool {
        name.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false
    }
}
