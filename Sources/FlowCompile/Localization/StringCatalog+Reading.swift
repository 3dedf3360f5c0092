import FlowSource

extension StringCatalog {
    /// The catalog in `source` and the problems of its shape, each at its place
    /// (`invalid-catalog`); `nil` when it is not JSON or has no `sourceLanguage` and
    /// `strings`. Unknown members are left alone, as Xcode leaves them. O(size).
    package static func read(_ source: SourceFile) -> (StringCatalog?, [Diagnostic]) {
        let loaded = JSONLoader(source: source).load()
        var problems = loaded.diagnostics
        guard let root = loaded.root else { return (nil, problems) }
        func problem(_ message: String, _ node: Node) {
            problems.append(.error(FlowDiagnosticCode.invalidCatalog.rawValue, message, at: node.span))
        }
        func string(_ node: Node?, _ what: String) -> String? {
            guard let node else { return nil }
            guard case .scalar(let text, let style) = node.kind, style == .doubleQuoted else {
                problem("\(what) must be a string", node)
                return nil
            }
            return text
        }
        func members(_ node: Node, _ what: String) -> [(key: String, node: Node, keyNode: Node)] {
            guard case .mapping(let entries) = node.kind else {
                problem("\(what) must be an object", node)
                return []
            }
            return entries.compactMap { entry in entry.keyText.map { ($0, entry.value, entry.key) } }
        }
        func unit(_ node: Node, _ what: String) -> Localization? {
            let parts = Dictionary(members(node, what).map { ($0.key, $0.node) }) { first, _ in first }
            guard let value = string(parts["value"], "\(what)'s value"), let state = string(parts["state"], "\(what)'s state") else {
                if parts["value"] == nil || parts["state"] == nil { problem("\(what) needs a 'state' and a 'value'", node) }
                return nil
            }
            if !Localization.states.contains(state), let stateNode = parts["state"] {
                problem("\(what)'s state '\(state)' is none of \(Localization.states.joined(separator: ", "))", stateNode)
            }
            var localization = Localization(state: state, value: value)
            localization.span = parts["value"]?.span
            return localization
        }
        let top = Dictionary(members(root, "a string catalog").map { ($0.key, $0.node) }) { first, _ in first }
        guard let language = string(top["sourceLanguage"], "'sourceLanguage'"), let stringsNode = top["strings"] else {
            if top["sourceLanguage"] == nil || top["strings"] == nil { problem("a string catalog needs 'sourceLanguage' and 'strings'", root) }
            return (nil, problems)
        }
        var catalog = StringCatalog(sourceLanguage: language, version: string(top["version"], "'version'") ?? "1.0")
        for (key, node, keyNode) in members(stringsNode, "'strings'") {
            let parts = Dictionary(members(node, "string '\(key)'").map { ($0.key, $0.node) }) { first, _ in first }
            var entry = Entry(comment: string(parts["comment"], "a comment"), extractionState: string(parts["extractionState"], "'extractionState'"))
            if case .scalar("false", .plain)? = parts["shouldTranslate"]?.kind { entry.shouldTranslate = false }
            entry.span = keyNode.span
            if let localizations = parts["localizations"] {
                for (locale, localization, _) in members(localizations, "'localizations' of '\(key)'") {
                    let inner = Dictionary(members(localization, "the '\(locale)' localization of '\(key)'").map { ($0.key, $0.node) }) { first, _ in first }
                    if inner["stringUnit"] == nil, inner["variations"] == nil, case .mapping = localization.kind {
                        problem("the '\(locale)' localization of '\(key)' has neither a 'stringUnit' nor 'variations'", localization)
                    }
                    if let unitNode = inner["stringUnit"] {
                        if var found = unit(unitNode, "the '\(locale)' string unit of '\(key)'") {
                            if let plural = inner["variations"].flatMap({ variations in
                                members(variations, "variations").first { $0.key == "plural" }?.node
                            }) {
                                found.plural = pluralVariations(plural, locale: locale, key: key, unit: unit, members: members)
                            }
                            entry.localizations[locale] = found
                        }
                    } else if let variations = inner["variations"] {
                        // Only plural variations: the value shown is `other`'s.
                        guard let plural = members(variations, "variations").first(where: { $0.key == "plural" })?.node else { continue }
                        let forms = pluralVariations(plural, locale: locale, key: key, unit: unit, members: members)
                        var found = Localization(state: forms["other"]?.state ?? "new", value: forms["other"]?.value ?? "", plural: forms)
                        found.span = localization.span
                        entry.localizations[locale] = found
                    }
                }
            }
            catalog.strings[key] = entry
        }
        return (catalog, problems)
    }

    /// The plural variations of one localization, by category.
    private static func pluralVariations(
        _ node: Node, locale: String, key: String, unit: (Node, String) -> Localization?,
        members: (Node, String) -> [(key: String, node: Node, keyNode: Node)]
    ) -> [String: Localization] {
        var forms: [String: Localization] = [:]
        for (category, form, categoryNode) in members(node, "plural variations") {
            guard let unitNode = members(form, "plural form '\(category)'").first(where: { $0.key == "stringUnit" })?.node,
                var found = unit(unitNode, "the '\(locale)' '\(category)' form of '\(key)'")
            else { continue }
            // Where the category is written: what a wrong category is reported at.
            found.span = found.span ?? categoryNode.span
            forms[category] = found
        }
        return forms
    }
}
