import FlowCompile
import FlowSource
import FlowWorkspace

/// `--strings CATALOG` and `--locale L`: the string catalog a flow is shown from, and the
/// locale (`de-AT` falls back to `de`, then to the flow's own text). One declaration for
/// `run`, `preview`, `storyboard` and `validate` (where `--locale` may be given again).
package struct LocaleOptions: Sendable {
    static let strings = CommandOption.text(
        "strings", valueName: "catalog", help: "The String Catalog (.xcstrings) to show the flow's strings from.")
    static let locale = CommandOption.texts(
        "locale", valueName: "locale", help: "The locale to show (de, de-AT, …; needs --strings). validate: the locales to check.")

    /// `--strings`, when given.
    @Option(LocaleOptions.strings) package var catalogPath: String?
    /// `--locale`, in the order given.
    @Option(LocaleOptions.locale) package var locales: [String]

    /// The options as the command line being read gives them (``ArgumentReading``).
    package init() {}

    /// Checks the options together.
    /// - Throws: ``UsageError`` for `--locale` without `--strings`, or `--strings` without a locale
    ///   where one is needed (`single`).
    package func check(single: Bool) throws(UsageError) {
        if !locales.isEmpty, catalogPath == nil { throw UsageError("\(Self.locale.flagName) needs \(Self.strings.flagName) CATALOG") }
        if single, locales.count > 1 { throw UsageError("\(Self.locale.flagName) is given once here") }
        for locale in locales {
            let subtags = locale.split(maxSplits: StringCatalog.maximumLocaleSubtags, whereSeparator: { $0 == "-" || $0 == "_" }).count
            guard locale.utf8.count <= StringCatalog.maximumLocaleLength, subtags <= StringCatalog.maximumLocaleSubtags else {
                let shown = DisplayText.sanitized(String(locale.prefix(24))) + (locale.count > 24 ? "…" : "")
                throw UsageError(
                    "\(Self.locale.flagName) '\(shown)' is not a locale: a tag has at most \(StringCatalog.maximumLocaleLength) characters and \(StringCatalog.maximumLocaleSubtags) subtags",
                    hint: "give a language tag such as de, de-AT or zh-Hant-TW")
            }
            // Letters, digits, `-`, `_` (and `@` before a variant, as in `sr@latin`): nothing a
            // path, a terminal or a report could read otherwise.
            let allowed = locale.utf8.allSatisfy { byte in
                (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45 || byte == 95 || byte == 64
            }
            let tag = locale.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let subtagsPresent = tag.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" }).allSatisfy { !$0.isEmpty }
            guard allowed, subtagsPresent else {
                throw UsageError(
                    "\(Self.locale.flagName) '\(DisplayText.sanitized(String(locale.prefix(24))))' is not a locale: a tag is letters and digits in subtags joined by '-' or '_'",
                    hint: "give a language tag such as de, de-AT or zh-Hant-TW")
            }
        }
        if single, catalogPath != nil, locales.isEmpty { throw UsageError("\(Self.strings.flagName) needs \(Self.locale.flagName) L: the locale to show") }
    }

    /// The catalog, read and checked; `nil` without `--strings`. `option` names it in messages.
    /// - Throws: ``UsageError`` with each problem of the file at its line and column.
    package func catalog(option: String = LocaleOptions.strings.flagName) throws(UsageError) -> StringCatalog? {
        guard let catalogPath else { return nil }
        return try Self.read(catalogPath, option: option).catalog
    }

    /// The catalog at `path` and the file it was read from (read once).
    /// - Throws: ``UsageError`` naming `option`: the file cannot be read, or the first
    ///   problem of its shape, at its line and column.
    /// The catalog at `path`, its text, and the file's ``FlowSource/ReadStamp`` (what
    /// `strings export` checks before it replaces the catalog).
    static func read(_ path: String, option: String) throws(UsageError) -> (source: SourceFile, catalog: StringCatalog, stamp: ReadStamp?) {
        let source: SourceFile
        let stamp: ReadStamp?
        do {
            (source, stamp) = try SourceFile.readStamped(path: path)
        } catch {
            throw UsageError("\(option): \(error.message)")
        }
        let (catalog, problems) = StringCatalog.read(source)
        if let first = problems.first {
            let place = first.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
            throw UsageError("\(option) \(place)\(first.message)")
        }
        guard let catalog else { throw UsageError("\(option): '\(path)' is not a string catalog") }
        return (source, catalog, stamp)
    }

    /// `flow` in the one `--locale`, or as it is without `--strings`.
    package func localized(_ flow: Flow) throws(UsageError) -> Flow {
        guard let catalog = try catalog(), let locale = locales.first else { return flow }
        return flow.localized(with: catalog, locale: locale)
    }
}
