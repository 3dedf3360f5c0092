/// The cardinal plural categories of languages (Unicode CLDR 44, `plurals.xml`): what a
/// string catalog's plural variations may be keyed by. A language not in the table is not
/// checked.
package enum PluralCategories {
    /// The categories of `locale`'s language (`de-AT` → `de`'s), or `nil` when not in the table.
    package static func of(_ locale: String) -> Set<String>? {
        let language = String(locale.replacing("_", with: "-").split(separator: "-").first ?? "").lowercased()
        return table[language]
    }

    private static let otherOnly: Set<String> = ["other"]
    private static let oneOther: Set<String> = ["one", "other"]
    private static let oneManyOther: Set<String> = ["one", "many", "other"]
    private static let oneFewManyOther: Set<String> = ["one", "few", "many", "other"]
    private static let oneFewOther: Set<String> = ["one", "few", "other"]

    private static let table: [String: Set<String>] = {
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
