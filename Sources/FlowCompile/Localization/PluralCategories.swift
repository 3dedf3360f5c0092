/// The cardinal plural categories of languages (Unicode CLDR 44, `plurals.xml`): what a
/// string catalog's plural variations may be keyed by. A language not in the table is not
/// checked.
package enum PluralCategories {
    /// The categories of `locale`'s language (`de-AT` → `de`'s), or `nil` when not in the table.
    package static func of(_ locale: String) -> Set<String>? {
        let language = StringCatalog.language(of: locale)
        return table[language]
    }

    private static let otherOnly: Set<String> = ["other"]
    private static let oneOther: Set<String> = ["one", "other"]
    private static let oneManyOther: Set<String> = ["one", "many", "other"]
    private static let oneFewManyOther: Set<String> = ["one", "few", "many", "other"]
    private static let oneFewOther: Set<String> = ["one", "few", "other"]

    fileprivate static let table: [String: Set<String>] = {
        var table: [String: Set<String>] = [:]
        for language in ["ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "km", "yue", "jv", "su"] { table[language] = otherOnly }
        for language in [
            "en", "de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "el", "hu", "tr", "bg", "hi", "bn", "ur", "ta", "te", "ml", "mr",
            "kn", "gu", "sw", "af", "eu", "gl", "is", "ka", "kk", "az", "sq", "hy", "fa", "am", "zu", "uz", "mn", "ne", "pa", "si", "ky",
            "tk", "fil", "ps", "so",
        ] { table[language] = oneOther }
        for language in ["fr", "es", "it", "pt", "ca"] { table[language] = oneManyOther }
        for language in ["ru", "uk", "be", "pl", "cs", "sk", "lt"] { table[language] = oneFewManyOther }
        for language in ["ro", "hr", "sr", "bs", "mo"] { table[language] = oneFewOther }
        table["he"] = ["one", "two", "other"]
        table["sl"] = ["one", "two", "few", "other"]
        table["lv"] = ["zero", "one", "other"]
        table["ga"] = ["one", "two", "few", "many", "other"]
        table["mt"] = ["one", "two", "few", "many", "other"]
        table["ar"] = ["zero", "one", "two", "few", "many", "other"]
        table["cy"] = ["zero", "one", "two", "few", "many", "other"]
        return table
    }()
}

extension PluralCategories {
    /// The CLDR 44 cardinal category of the whole number `n` in `locale`'s language
    /// (`plurals.xml`, the integer cases of each rule: operands i = n, v = 0); `other` for a
    /// language not in the table.
    package static func category(of n: Int, locale: String) -> String {
        let language = StringCatalog.language(of: locale)
        let a = n.magnitude
        let m10 = a % 10
        let m100 = a % 100
        func between(_ value: UInt, _ low: UInt, _ high: UInt) -> Bool { low <= value && value <= high }
        switch language {
        case "fr", "pt":
            if a <= 1 { return "one" }
            return a != 0 && a % 1_000_000 == 0 ? "many" : "other"
        case "es", "it", "ca":
            if a == 1 { return "one" }
            return a != 0 && a % 1_000_000 == 0 ? "many" : "other"
        case "hi", "bn", "fa", "am", "zu", "kn", "gu", "si":
            return a <= 1 ? "one" : "other"
        case "is":
            return m10 == 1 && m100 != 11 ? "one" : "other"
        case "ru", "uk", "be":
            if m10 == 1, m100 != 11 { return "one" }
            if between(m10, 2, 4), !between(m100, 12, 14) { return "few" }
            return "many"
        case "pl":
            if a == 1 { return "one" }
            if between(m10, 2, 4), !between(m100, 12, 14) { return "few" }
            return "many"
        case "cs", "sk":
            if a == 1 { return "one" }
            return between(a, 2, 4) ? "few" : "other"
        case "lt":
            if m10 == 1, !between(m100, 11, 19) { return "one" }
            if between(m10, 2, 9), !between(m100, 11, 19) { return "few" }
            return "other"
        case "ro", "mo":
            if a == 1 { return "one" }
            return a == 0 || between(m100, 1, 19) ? "few" : "other"
        case "hr", "sr", "bs":
            if m10 == 1, m100 != 11 { return "one" }
            if between(m10, 2, 4), !between(m100, 12, 14) { return "few" }
            return "other"
        case "he":
            return a == 1 ? "one" : a == 2 ? "two" : "other"
        case "sl":
            return m100 == 1 ? "one" : m100 == 2 ? "two" : between(m100, 3, 4) ? "few" : "other"
        case "lv":
            if m10 == 0 || between(m100, 11, 19) { return "zero" }
            return m10 == 1 && m100 != 11 ? "one" : "other"
        case "ga":
            return a == 1 ? "one" : a == 2 ? "two" : between(a, 3, 6) ? "few" : between(a, 7, 10) ? "many" : "other"
        case "mt":
            if a == 1 { return "one" }
            if a == 2 { return "two" }
            if a == 0 || between(m100, 3, 10) { return "few" }
            return between(m100, 11, 19) ? "many" : "other"
        case "ar":
            if a == 0 { return "zero" }
            if a == 1 { return "one" }
            if a == 2 { return "two" }
            if between(m100, 3, 10) { return "few" }
            return between(m100, 11, 99) ? "many" : "other"
        case "cy":
            switch a {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            case 3: return "few"
            case 6: return "many"
            default: return "other"
            }
        default:
            guard let categories = table[language] else { return "other" }
            return categories.contains("one") && a == 1 ? "one" : "other"
        }
    }
}
