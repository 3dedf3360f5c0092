import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

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

    /// Parts against names, `**` spanning any number of names; iterative over the
    /// positions of the last `**`, so no input makes it exponential.
    private static func match(_ pattern: ArraySlice<Substring>, _ names: ArraySlice<Substring>) -> Bool {
        var p = pattern.startIndex, n = names.startIndex
        var star: (pattern: Int, name: Int)?
        while n < names.endIndex {
            if p < pattern.endIndex, pattern[p] == "**" {
                star = (p, n)
                p += 1
            } else if p < pattern.endIndex, matchName(pattern[p], names[n]) {
                p += 1
                n += 1
            } else if let last = star {
                star = (last.pattern, last.name + 1)
                p = last.pattern + 1
                n = last.name + 1
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "**" { p += 1 }
        return p == pattern.endIndex
    }

    /// One part: `*` any characters, `?` one, the rest literally; the same backtracking
    /// over the last `*`, linear in practice.
    private static func matchName(_ pattern: Substring, _ name: Substring) -> Bool {
        let pattern = Array(pattern.unicodeScalars), name = Array(name.unicodeScalars)
        var p = 0, n = 0
        var star: (pattern: Int, name: Int)?
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if let last = star {
                star = (last.pattern, last.name + 1)
                p = last.pattern + 1
                n = last.name + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
