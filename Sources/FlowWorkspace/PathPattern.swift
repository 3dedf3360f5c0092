/// A glob over `/`-separated relative paths, as configuration files write them:
/// `*` matches any characters but `/`, `?` one character but `/`, `**` as a whole part
/// any number of parts (none included), anything else itself. A pattern without `/`
/// matches a file name in any folder (`*.draft.yaml`), as `.gitignore` does; a pattern
/// naming a folder (`drafts`, `drafts/`) matches everything inside it; a leading `/`
/// anchors a pattern at the configuration's folder (`/build` is only the top one).
package struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    package let text: String
    private let parts: [Substring]

    package init(_ text: String) {
        self.text = text
        let pattern = text.hasPrefix("./") ? String(text.dropFirst(2)) : text
        var parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        // One name (`drafts`, `drafts/`, `*.draft.yaml`), not anchored: in any folder.
        if parts.count == 1, !pattern.hasPrefix("/") { parts.insert("**", at: 0) }
        self.parts = parts
    }

    package var description: String { text }

    /// Whether `path` (relative, `/`-separated) or one of its folders matches.
    /// O(parts of the path × parts of the pattern × characters).
    package func matches(_ path: String) -> Bool {
        let names = path.split(separator: "/", omittingEmptySubsequences: true)
        // A folder that matches matches what is inside it.
        for count in stride(from: names.count, through: 1, by: -1) where Self.match(parts[...], names[..<count]) {
            return true
        }
        return false
    }

    /// Parts against names, `**` spanning any number of names.
    private static func match(_ pattern: ArraySlice<Substring>, _ names: ArraySlice<Substring>) -> Bool {
        wildcardMatch(Array(pattern), Array(names), isStar: { $0 == "**" }, matches: matchName)
    }

    /// One part: `*` any characters, `?` one, the rest literally.
    private static func matchName(_ pattern: Substring, _ name: Substring) -> Bool {
        wildcardMatch(Array(pattern.unicodeScalars), Array(name.unicodeScalars), isStar: { $0 == "*" }) { $0 == "?" || $0 == $1 }
    }

    /// Whether `items` match `pattern`, where a star element stands for any run of
    /// items (none included) and any other element for one item it `matches`. Greedy
    /// with backtracking to the last star only, which is exact for patterns of this
    /// kind: O(pattern × items) at worst, never exponential.
    private static func wildcardMatch<P, N>(
        _ pattern: [P], _ items: [N], isStar: (P) -> Bool, matches: (P, N) -> Bool
    ) -> Bool {
        var p = 0, n = 0
        var star: (pattern: Int, item: Int)?
        while n < items.count {
            if p < pattern.count, isStar(pattern[p]) {
                star = (p, n)
                p += 1
            } else if p < pattern.count, matches(pattern[p], items[n]) {
                p += 1
                n += 1
            } else if let last = star {
                star = (last.pattern, last.item + 1)
                p = last.pattern + 1
                n = last.item + 1
            } else {
                return false
            }
        }
        while p < pattern.count, isStar(pattern[p]) { p += 1 }
        return p == pattern.count
    }
}
