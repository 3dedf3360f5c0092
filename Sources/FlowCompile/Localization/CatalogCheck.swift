import FlowSource

/// `validate --strings CATALOG [--locale L…]`: a string catalog checked against the flows
/// validated with it, every problem at its line and column of the catalog: its shape
/// (`invalid-catalog`), a translation that drops or adds a `${…}` of its source
/// (`translation-placeholders`), a key no flow has (`unknown-string-key`, not for keys
/// marked stale), plural variations with categories the language does not have
/// (`invalid-plural-category`), and, for each locale asked for, the strings a person can
/// see (``FlowStrings/visibleKeys(in:options:)``) that have no translation
/// (`missing-translation`) or one waiting for review (`translation-needs-review`).
/// O(catalog + strings × locales).
package enum CatalogCheck {
    /// The problems of `source`, a catalog, against `strings` (of every flow), of which
    /// `visible` can be seen, for `locales`.
    package static func diagnostics(
        of source: SourceFile, strings: [FlowString], visible: Set<String>, locales: [String]
    ) -> [Diagnostic] {
        let (read, problems) = StringCatalog.read(source)
        var found = problems
        guard let catalog = read else { return found }
        func report(_ code: FlowDiagnosticCode, _ message: String, at span: SourceSpan?, hint: String? = nil) {
            let place = span ?? SourceSpan(file: source.path, at: SourcePosition(line: 1, column: 1))
            found.append(Diagnostic(severity: code.severity, code: code.rawValue, message: message, span: place, hint: hint))
        }
        var sources: [String: String] = [:]
        for string in strings where sources[string.key] == nil { sources[string.key] = string.text }
        // Only keys of these flows (`FLOW.…`) are theirs: the app's own keys are left alone.
        let flowIDs = Set(strings.map(\.flowID))
        func isOurs(_ key: String) -> Bool { key.split(separator: ".").first.map { flowIDs.contains(String($0)) } ?? false }
        for key in catalog.strings.keys.sorted(by: { catalog.strings[$0]?.span?.start.offset ?? 0 < catalog.strings[$1]?.span?.start.offset ?? 0 }) {
            guard let entry = catalog.strings[key] else { continue }
            if sources[key] == nil, entry.extractionState != "stale", isOurs(key) {
                report(.unknownStringKey, "no flow has a string '\(key)'", at: entry.span, hint: "export the strings again, which marks it stale, or remove it")
            }
            guard isOurs(key), let text = sources[key] ?? entry.localizations[catalog.sourceLanguage]?.value else { continue }
            let expected = placeholders(of: text)
            for locale in entry.localizations.keys.sorted() where locale != catalog.sourceLanguage {
                guard let localization = entry.localizations[locale] else { continue }
                var units: [(form: String?, unit: StringCatalog.Localization)] = [(nil, localization)]
                if !localization.plural.isEmpty {
                    units = localization.plural.keys.sorted().compactMap { form in localization.plural[form].map { (form, $0) } }
                }
                for (form, unit) in units where !unit.value.isEmpty {
                    let written = placeholders(of: unit.value)
                    guard written != expected else { continue }
                    let lost = expected.subtracting(written).sorted().map { "${\($0)}" }
                    let added = written.subtracting(expected).sorted().map { "${\($0)}" }
                    var parts: [String] = []
                    if !lost.isEmpty { parts.append("drops \(lost.joined(separator: ", "))") }
                    if !added.isEmpty { parts.append("adds \(added.joined(separator: ", "))") }
                    let which = form.map { " (\($0))" } ?? ""
                    report(.translationPlaceholders, "the \(locale)\(which) translation of '\(key)' \(parts.joined(separator: " and "))", at: unit.span,
                        hint: "the source is '\(text)'")
                }
                // Apple chooses `zero` for 0 in every language, whatever CLDR says.
                if !localization.plural.isEmpty, let categories = PluralCategories.of(locale).map({ $0.union(["zero"]) }) {
                    let written = Set(localization.plural.keys)
                    let wrong = written.subtracting(categories).sorted()
                    if !wrong.isEmpty || !written.contains("other") {
                        let problem = wrong.isEmpty ? "has no 'other'" : "has \(wrong.map { "'\($0)'" }.joined(separator: ", ")), which \(locale) does not use"
                        report(.invalidPluralCategory, "the \(locale) plural variations of '\(key)' \(problem)", at: localization.plural[wrong.first ?? ""]?.span ?? localization.span,
                            hint: "\(locale) uses \(categories.sorted { order($0) < order($1) }.joined(separator: ", "))")
                    }
                }
            }
        }
        // Per locale asked for: what a person would see in the source language instead.
        let rootSpan = SourceSpan(file: source.path, at: SourcePosition(line: 1, column: 1))
        for locale in locales {
            // The source language's strings are the flows' own text.
            guard StringCatalog.language(of: locale) != StringCatalog.language(of: catalog.sourceLanguage) else { continue }
            var seen: Set<String> = []
            for string in strings where visible.contains(string.key) && seen.insert(string.key).inserted {
                let entry = catalog.strings[string.key]
                if entry?.shouldTranslate == false { continue }
                let translated = StringCatalog.fallbacks(of: locale).lazy.filter { $0 != catalog.sourceLanguage }
                    .compactMap { entry?.localizations[$0] }.first { !$0.value.isEmpty && $0.isShown }
                if let translated {
                    if translated.state == "needs_review" {
                        report(.translationNeedsReview, "the \(locale) translation of '\(string.key)' needs review", at: translated.span,
                            hint: "its source is now '\(string.text)'")
                    }
                } else {
                    report(.missingTranslation, "'\(string.key)' has no \(locale) translation (\(string.role) of screen \(string.screenID): '\(string.text)')",
                        at: entry?.span ?? rootSpan,
                        hint: entry == nil ? "the catalog has no such key: export the strings again (feedbackflow strings export)" : nil)
                }
            }
        }
        // In the catalog's order, as a compiler lists them.
        return found.enumerated().sorted { ($0.element.span?.start.offset ?? 0, $0.offset) < ($1.element.span?.start.offset ?? 0, $1.offset) }.map(\.element)
    }

    /// The `${…}` of a template, each by its text without blanks (`${a + b}` is `${a+b}`).
    package static func placeholders(of text: String) -> Set<String> {
        let template = TemplateString(text)
        return Set(template.references.map(\.name) + template.expressions.map { String($0.expression.text.filter { !$0.isWhitespace }) })
    }

    /// CLDR's order of categories, for messages.
    private static func order(_ category: String) -> Int {
        ["zero", "one", "two", "few", "many", "other"].firstIndex(of: category) ?? 6
    }
}
