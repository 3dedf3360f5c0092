import FlowSource

/// An Apple String Catalog (`.xcstrings`, the JSON Xcode writes): the source language and,
/// for each key, its translations, each a string unit (a value and its state) or plural
/// variations. What ``Flow/localized(with:locale:)`` reads, `feedbackflow strings export`
/// writes and `validate --strings` checks.
///
/// ```json
/// {"sourceLanguage": "en", "version": "1.0",
///  "strings": {"rating.rate.title": {"comment": "…", "extractionState": "manual",
///    "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Wie war's?"}}}}}}
/// ```
public struct StringCatalog: Sendable, Hashable {
    /// The language the flows are written in (`en`).
    public var sourceLanguage: String
    /// The catalog format's version (`1.0`).
    public var version: String
    /// Each string, by key.
    public var strings: [String: Entry]

    /// One string of the catalog.
    public struct Entry: Sendable, Hashable {
        /// What translators are told (where the string is shown).
        public var comment: String?
        /// `manual` for strings a tool writes, `stale` once no flow has the key any more.
        public var extractionState: String?
        /// Its translations, by locale (`de`, `de-AT`); the source language's is the source text.
        public var localizations: [String: Localization]
        /// `false` for a string not to translate (Xcode's "Don't translate"): never missing.
        public var shouldTranslate = true
        /// Where the key is written in the catalog file.
        @IgnoredInEquality package var span: SourceSpan?

        /// An entry with these parts.
        public init(comment: String? = nil, extractionState: String? = nil, localizations: [String: Localization] = [:]) {
            self.comment = comment
            self.extractionState = extractionState
            self.localizations = localizations
        }
    }

    /// One locale's translation of a string: a value with its state, or plural variations.
    public struct Localization: Sendable, Hashable {
        /// The state of a translation, as Xcode writes it: `new`, `translated`,
        /// `needs_review` or `stale`.
        public var state: String
        /// The translated text (a template, with the source's `${…}`).
        public var value: String
        /// Plural variations by CLDR category (`one`, `few`, `other`…), each a state and a value.
        public var plural: [String: Localization]
        /// Where `value` is written (or the localization, for plural variations).
        @IgnoredInEquality package var span: SourceSpan?

        /// A translation with this state and value, and no plural variations.
        public init(state: String, value: String, plural: [String: Localization] = [:]) {
            self.state = state
            self.value = value
            self.plural = plural
        }

        /// The states a string unit may have, as Xcode writes them.
        public static let states = ["new", "translated", "needs_review", "stale"]

        /// Whether the translation is meant to be shown: translated, or translated and
        /// waiting for a review (Xcode shows both).
        public var isShown: Bool { state == "translated" || state == "needs_review" }
    }

    /// A catalog of `sourceLanguage` with `strings`.
    public init(sourceLanguage: String, version: String = "1.0", strings: [String: Entry] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.strings = strings
    }

    /// The catalog in `text`, the JSON of an `.xcstrings` file.
    /// - Throws: ``StringCatalogError`` with every problem found (not JSON, or not a
    ///   catalog's shape), each at its line and column of `path`.
    /// - Complexity: O(size of the text).
    public init(json text: String, path: String = "Localizable.xcstrings") throws(StringCatalogError) {
        let (catalog, problems) = Self.read(SourceFile(path: path, text: text))
        guard let catalog, problems.isEmpty else { throw StringCatalogError(diagnostics: problems) }
        self = catalog
    }

    /// The locales to look in for `locale`, most specific first: `de-AT` → `de-AT`, `de`;
    /// `zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`, `zh`. `_` is read as `-`, what follows `@`
    /// is left out, and Chinese regions without a script get theirs (`zh-TW` → `zh-TW`,
    /// `zh-Hant`, `zh`; `zh-CN` → `zh-CN`, `zh-Hans`, `zh`), as Apple's catalogs key them.
    ///
    /// Only the first ``maximumLocaleSubtags`` subtags are read (a longer tag names no
    /// catalog's locale), so the chain is at most that long. O(length of the tag).
    public static func fallbacks(of locale: String) -> [String] {
        let bare = locale.split(separator: "@", maxSplits: 1).first.map(String.init) ?? locale
        var parts = bare.replacing("_", with: "-").split(separator: "-", maxSplits: maximumLocaleSubtags, omittingEmptySubsequences: true)
            .prefix(maximumLocaleSubtags).map(String.init)
        if parts.count == 2, parts[0].lowercased() == "zh", parts[1].count == 2 {
            let script = ["TW", "HK", "MO"].contains(parts[1].uppercased()) ? "Hant" : "Hans"
            return [parts.joined(separator: "-"), "zh-" + script, "zh"]
        }
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    /// The most bytes (UTF-8) a locale given to a program may have: 64. BCP 47 sets no
    /// bound, but every tag a string catalog keys (language, script, region, variant) is
    /// far shorter; a longer one is a mistake.
    public static let maximumLocaleLength = 64
    /// The most subtags (parts between `-` or `_`) a locale given to a program may have,
    /// and the most ``fallbacks(of:)`` reads: 8.
    public static let maximumLocaleSubtags = 8

    /// The language of `locale`, in lower case: `de-AT`, `de_AT` → `de`.
    package static func language(of locale: String) -> String {
        locale.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "@" }).first.map { $0.lowercased() } ?? ""
    }

    /// The text to show for `key` in `locale`: the first shown translation along
    /// ``fallbacks(of:)``; `nil` (show the source) when there is none.
    /// ``Flow/localized(with:locale:)`` also leaves out a translation whose `${…}` are not
    /// the source's (`validate --strings` reports it).
    public func text(for key: String, locale: String) -> String? {
        translation(for: key, locale: locale)?.text
    }

    /// ``text(for:locale:)`` with the localization it came from and that localization's locale.
    package func translation(for key: String, locale: String) -> (text: String, (locale: String, localization: Localization))? {
        guard let entry = strings[key] else { return nil }
        for candidate in Self.fallbacks(of: locale) where candidate.lowercased() != sourceLanguage.lowercased() {
            // Locale names match whatever their case (`de-at` is `de-AT`).
            let found = entry.localizations[candidate] ?? entry.localizations.first { $0.key.lowercased() == candidate.lowercased() }?.value
            if let found, found.isShown, !found.value.isEmpty { return (found.value, (candidate, found)) }
        }
        return nil
    }
}

/// Why a string catalog cannot be read: its problems, each at its line and column.
public struct StringCatalogError: Error, Sendable {
    /// The problems, in file order.
    public var diagnostics: [Diagnostic]
}

extension Flow {
    /// The flow with each user-facing string (titles, subtitles, text blocks, labels,
    /// placeholders, button and loading titles) in `locale` where `catalog` has a shown
    /// translation for it (`de-AT` falls back to `de`, then to the flow's own text) with
    /// the same `${…}` as the flow's text (one that lost or gained one is not shown).
    /// Keys are `FLOW.SCREEN.title`, `FLOW.SCREEN.text.N`, `FLOW.SCREEN.FIELD.label`,
    /// `FLOW.SCREEN.primaryAction.title`… as `feedbackflow strings export` writes them.
    /// O(strings).
    public func localized(with catalog: StringCatalog, locale: String) -> Flow {
        FlowStrings.replacing(in: self) { string in
            let source = CatalogCheck.placeholders(of: string.text)
            guard let (text, found) = catalog.translation(for: string.key, locale: locale), CatalogCheck.placeholders(of: text) == source
            else { return nil }
            // Plural forms, for a string that reads one name: chosen by its number when drawn.
            let references = TemplateString(string.text).references
            let forms = found.localization.plural.filter { $0.value.isShown && CatalogCheck.placeholders(of: $0.value.value) == source }
            if !forms.isEmpty, references.count == 1, let name = references.first?.name {
                return TemplateString(text, plural: .init(name: name, locale: found.locale, forms: forms.mapValues { TemplateString($0.value) }))
            }
            return TemplateString(text)
        }
    }
}
