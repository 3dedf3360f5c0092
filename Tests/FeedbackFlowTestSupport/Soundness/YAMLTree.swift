/// A YAML document as the soundness generator builds it and the minimizer shrinks it:
/// plain scalars, double-quoted texts, lists and mappings, written out in block style
/// (``text``).
public indirect enum YAMLTree: Sendable, Hashable {
    /// A plain scalar written as is: a screen id, a number, `true`, a bare step name.
    case plain(String)
    /// A text written double-quoted (`"`, `\` and line breaks escaped): templates,
    /// expressions, titles.
    case quoted(String)
    /// A sequence.
    case list([YAMLTree])
    /// A mapping, its keys in order (keys are plain names).
    case map([Entry])

    /// One key and its value.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: YAMLTree

        public init(_ key: String, _ value: YAMLTree) {
            self.key = key
            self.value = value
        }
    }

    /// The document's text in block style, two spaces per level, ending with a line break.
    public var text: String {
        lines(indent: 0).joined(separator: "\n") + "\n"
    }

    /// The value of `key` in a mapping.
    public subscript(key: String) -> YAMLTree? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The node written at `indent` spaces: a scalar is one line; an empty collection is
    /// `[]` or `{}`; others one line per item or entry.
    private func lines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch self {
        case .plain, .quoted, .list([]), .map([]):
            return [pad + inline]
        case .list(let items):
            return items.flatMap { item -> [String] in
                var nested = item.lines(indent: indent + 2)
                if let first = nested.first { nested[0] = pad + "- " + first.dropFirst(indent + 2) }
                return nested
            }
        case .map(let entries):
            return entries.flatMap { entry -> [String] in
                switch entry.value {
                case .plain, .quoted, .list([]), .map([]):
                    return ["\(pad)\(entry.key): \(entry.value.inline)"]
                case .list, .map:
                    return ["\(pad)\(entry.key):"] + entry.value.lines(indent: indent + 2)
                }
            }
        }
    }

    /// A scalar or an empty collection on one line.
    private var inline: String {
        switch self {
        case .plain(let text): text
        case .quoted(let text): Self.doubleQuoted(text)
        case .list: "[]"
        case .map: "{}"
        }
    }

    /// `text` as a YAML double-quoted scalar.
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension YAMLTree {
    /// The place of every list item and mapping entry, each a path of indices from the
    /// root, parents before their children (so larger parts come first).
    public func deletionPaths() -> [[Int]] {
        var paths: [[Int]] = []
        func walk(_ node: YAMLTree, _ path: [Int]) {
            switch node {
            case .plain, .quoted: break
            case .list(let items):
                for (index, item) in items.enumerated() {
                    paths.append(path + [index])
                    walk(item, path + [index])
                }
            case .map(let entries):
                for (index, entry) in entries.enumerated() {
                    paths.append(path + [index])
                    walk(entry.value, path + [index])
                }
            }
        }
        walk(self, [])
        return paths
    }

    /// The tree without the list item or mapping entry at `path`; `nil` when there is
    /// none there.
    public func deleting(at path: [Int]) -> YAMLTree? {
        guard let index = path.first else { return nil }
        let rest = Array(path.dropFirst())
        switch self {
        case .plain, .quoted: return nil
        case .list(var items):
            guard items.indices.contains(index) else { return nil }
            if rest.isEmpty {
                items.remove(at: index)
            } else {
                guard let child = items[index].deleting(at: rest) else { return nil }
                items[index] = child
            }
            return .list(items)
        case .map(var entries):
            guard entries.indices.contains(index) else { return nil }
            if rest.isEmpty {
                entries.remove(at: index)
            } else {
                guard let child = entries[index].value.deleting(at: rest) else { return nil }
                entries[index].value = child
            }
            return .map(entries)
        }
    }
}

extension YAMLTree {
    /// The tree with the node at `path` (a list item or a mapping entry's value) replaced
    /// by what `change` makes of it; `nil` when there is no node there or `change` gives
    /// `nil`.
    public func replacing(at path: [Int], with change: (YAMLTree) -> YAMLTree?) -> YAMLTree? {
        guard let index = path.first else { return change(self) }
        let rest = Array(path.dropFirst())
        switch self {
        case .plain, .quoted: return nil
        case .list(var items):
            guard items.indices.contains(index), let child = items[index].replacing(at: rest, with: change) else { return nil }
            items[index] = child
            return .list(items)
        case .map(var entries):
            guard entries.indices.contains(index), let child = entries[index].value.replacing(at: rest, with: change) else {
                return nil
            }
            entries[index].value = child
            return .map(entries)
        }
    }
}
