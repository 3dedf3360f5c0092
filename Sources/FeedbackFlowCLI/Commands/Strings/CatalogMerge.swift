import FlowCompile
import FlowSource

/// What `strings export` writes: the flows' strings merged into the catalog already there,
/// as JSON, so that everything this tool does not own stays as it was (other apps' keys,
/// `shouldTranslate`, substitutions, device variations, members Xcode adds later). Each
/// string's comment says where it is shown and its source-language string unit is its
/// text; a translation is kept, and every string unit of it marked `needs_review` (plural
/// forms too) when the source text it was made from changed; a key of one of these flows
/// (`FLOW.…`) that no flow has any more is marked `stale`, its translations kept.
enum CatalogMerge {
    /// `strings` (of the flows whose ids are `flowIDs`) merged into `existing`, a catalog's
    /// JSON (a new catalog of `sourceLanguage` when `nil`).
    static func merge(_ strings: [FlowString], flowIDs: Set<String>, into existing: JSONValue?, sourceLanguage: String) -> JSONValue {
        var catalog = existing ?? .object([("sourceLanguage", .string(sourceLanguage)), ("strings", .object([])), ("version", .string("1.0"))])
        let language = catalog["sourceLanguage"]?.text ?? sourceLanguage
        var entries = catalog["strings"] ?? .object([])
        var written: Set<String> = []
        for string in strings where written.insert(string.key).inserted {
            var entry = entries[string.key] ?? .object([])
            entry["comment"] = .string(string.comment)
            entry["extractionState"] = .string("manual")
            var localizations = entry["localizations"] ?? .object([])
            let before = localizations[language]?["stringUnit"]?["value"]?.text
            if before != string.text {
                var source = localizations[language] ?? .object([])
                source["stringUnit"] = .object([("state", .string("translated")), ("value", .string(string.text))])
                localizations[language] = source
                // A translation made from another source text may no longer say the same.
                if before != nil, case .object(let members) = localizations {
                    localizations = .object(members.map { member in
                        member.key == language ? member : (member.key, markForReview(member.value))
                    })
                }
            }
            entry["localizations"] = localizations
            entries[string.key] = entry
        }
        if case .object(let members) = entries {
            entries = .object(members.map { member in
                guard !written.contains(member.key), let flow = member.key.split(separator: ".").first, flowIDs.contains(String(flow)) else { return member }
                var entry = member.value
                entry["extractionState"] = .string("stale")
                return (member.key, entry)
            })
        }
        catalog["strings"] = entries
        return catalog
    }

    /// `value` with every string unit in it that is `translated` marked `needs_review`.
    private static func markForReview(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        var changed = JSONValue.object(members.map { ($0.key, markForReview($0.value)) })
        if members.contains(where: { $0.key == "value" }), changed["state"]?.text == "translated" {
            changed["state"] = .string("needs_review")
        }
        return changed
    }
}

extension JSONValue {
    /// The member `key` of an object (`nil` for anything else); setting it replaces the
    /// member in place or adds it at the end.
    fileprivate subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    /// The text of a string.
    fileprivate var text: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
