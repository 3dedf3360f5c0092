import FlowCompile
import FlowSource

/// What `strings export` writes: the flows' strings merged into the catalog already there.
/// Each string's comment says where it is shown and its source-language value is its
/// text; a translation is kept, and marked `needs_review` when the source text it was made
/// from changed; a key no flow has any more is marked `stale` (its translations kept).
enum CatalogMerge {
    /// `strings` merged into `existing` (a new catalog of `sourceLanguage` when `nil`).
    static func merge(_ strings: [FlowString], into existing: StringCatalog?, sourceLanguage: String) -> StringCatalog {
        var catalog = existing ?? StringCatalog(sourceLanguage: sourceLanguage)
        let language = catalog.sourceLanguage
        var written: Set<String> = []
        for string in strings where written.insert(string.key).inserted {
            var entry = catalog.strings[string.key] ?? StringCatalog.Entry()
            entry.comment = string.comment
            entry.extractionState = "manual"
            let before = entry.localizations[language]?.value
            if before != string.text {
                entry.localizations[language] = StringCatalog.Localization(state: "translated", value: string.text)
                // A translation made from another source text may no longer say the same.
                if before != nil {
                    for (locale, var localization) in entry.localizations where locale != language && localization.state == "translated" {
                        localization.state = "needs_review"
                        entry.localizations[locale] = localization
                    }
                }
            }
            catalog.strings[string.key] = entry
        }
        for key in catalog.strings.keys where !written.contains(key) {
            catalog.strings[key]?.extractionState = "stale"
        }
        return catalog
    }

    /// `catalog` as the JSON of an `.xcstrings` file.
    static func json(_ catalog: StringCatalog) -> JSONValue {
        func unit(_ localization: StringCatalog.Localization) -> JSONValue {
            .object([("stringUnit", .object([("state", .string(localization.state)), ("value", .string(localization.value))]))])
        }
        func localization(_ localization: StringCatalog.Localization) -> JSONValue {
            guard !localization.plural.isEmpty else { return unit(localization) }
            return .object([("variations", .object([("plural", .object(localization.plural.map { ($0.key, unit($0.value)) }))]))])
        }
        let strings = catalog.strings.map { key, entry -> (key: String, value: JSONValue) in
            var members: [(key: String, value: JSONValue)] = []
            if let comment = entry.comment { members.append(("comment", .string(comment))) }
            if let state = entry.extractionState { members.append(("extractionState", .string(state))) }
            if !entry.localizations.isEmpty {
                members.append(("localizations", .object(entry.localizations.map { ($0.key, localization($0.value)) })))
            }
            return (key, .object(members))
        }
        return .object([
            ("sourceLanguage", .string(catalog.sourceLanguage)), ("strings", .object(strings)), ("version", .string(catalog.version)),
        ])
    }
}
