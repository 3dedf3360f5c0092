#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FlowCompile
import FlowSource

/// The keys valid where a YAML flow's cursor stands: the enclosing keys are read from the
/// indentation of the lines above (so a half-typed file, which does not load, still
/// gets them), mapped to a row of the one key table (``FlowCompile/FormatKeys``), and
/// documented by the schema's `description` of each key (``SchemaFacts``).
enum KeyCompletion {
    /// The enclosing keys of line `line` of `document` whose text before the cursor is
    /// `before`: the keys of the lines above with less indentation, outermost first; a
    /// list item is `-` (the path ``FlowCompile/FormatKeys/row(at:)`` reads). O(lines above, up to the outermost key).
    static func path(in document: LSPDocument, line: Int, before: Substring) -> [String] {
        var indent = before.prefix { $0 == " " }.count
        var path: [String] = []
        var index = line - 1
        while index >= 0, indent > 0 {
            let text = Substring(document.line(index))
            index -= 1
            let content = text.drop { $0 == " " }
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            let own = text.count - content.count
            guard own < indent else { continue }
            var rest = content
            var isItem = false
            if rest.hasPrefix("- ") || rest == "-" {
                isItem = true
                rest = rest.dropFirst(2).drop { $0 == " " }
            }
            // The key of this line, when the item's or the line's first thing is `key:`.
            let keyIndent = own + (content.count - rest.count)
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(" "), keyIndent < indent {
                let key = String(rest[..<colon]).trimmingQuotes
                path.insert(key, at: 0)
                indent = keyIndent
                // An item whose first key is at the cursor's indentation holds it.
                if isItem { path.insert("-", at: 0); indent = own }
            } else if isItem {
                path.insert("-", at: 0)
                indent = own
            } else {
                indent = own
            }
        }
        return path
    }

    /// The keys already written in the mapping whose keys stand at column `indent` (0-based)
    /// around line `line` of `document` (that line left out): the lines above and below
    /// at that indentation up to one with less, and the key of a list item (`- key:`)
    /// written at that column. O(lines of the mapping).
    static func siblingKeys(in document: LSPDocument, line: Int, indent: Int) -> Set<String> {
        var keys: Set<String> = []
        for step in [-1, 1] {
            var index = line + step
            while index >= 0, index < document.lineCount {
                let text = document.line(index)
                index += step
                let content = text.drop { $0 == " " }
                guard !content.isEmpty, !content.hasPrefix("#") else { continue }
                let own = text.count - content.count
                var rest = Substring(content)
                var keyColumn = own
                if rest.hasPrefix("- ") {
                    rest = rest.dropFirst(2).drop { $0 == " " }
                    keyColumn = text.count - rest.count
                }
                if keyColumn == indent, let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(" ") {
                    keys.insert(String(rest[..<colon]).trimmingQuotes)
                }
                // A line less indented (or a new item at the column) ends the mapping.
                if own < indent || (own == indent && content.hasPrefix("- ")) { break }
            }
        }
        return keys
    }

    /// Whether the key at `span` starts its line (a block mapping's key, after indentation),
    /// so a sibling can be written on a new line at its column.
    static func isBlockKey(_ span: SourceSpan, in bytes: [UInt8]) -> Bool {
        var index = span.start.offset - 1
        while index >= 0, index < bytes.count, bytes[index] == UInt8(ascii: " ") { index -= 1 }
        return index < 0 || bytes[index] == 10 || bytes[index] == 13
    }
}

extension String {
    /// The string without one pair of surrounding quotes.
    fileprivate var trimmingQuotes: String {
        guard count >= 2, let first, first == last, first == "\"" || first == "'" else { return self }
        return String(dropFirst().dropLast())
    }
}

extension KeyCompletion {
    /// Where a key is being typed in a JSON flow: the enclosing keys (a list item is `-`,
    /// as ``path(lines:line:before:)`` gives them) and where the key being typed starts (at
    /// its opening quote, or the cursor when none is typed yet); `nil` where no key is
    /// typed (inside a value, a string that is not a key, or past `maximumScan` bytes).
    /// One forward scan of the text before the cursor, which need not be complete JSON.
    /// O(offset).
    static func jsonPath(_ bytes: [UInt8], offset: Int, maximumScan: Int = 8 * 1024 * 1024) -> (path: [String], keyStart: Int)? {
        guard offset <= bytes.count, offset <= maximumScan else { return nil }
        // Each open container: whether it is an object, the key whose value is being
        // read (objects), and whether the next string is a key.
        var stack: [(isObject: Bool, key: String?, expectsKey: Bool)] = []
        var index = 0
        var lastString: (start: Int, text: [UInt8])?
        while index < offset {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                var text: [UInt8] = []
                index += 1
                while index < offset, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 } else { text.append(bytes[index]) }
                    index += 1
                }
                // A string still open at the cursor: a key being typed, if a key is expected.
                guard index < offset else {
                    guard let top = stack.last, top.isObject, top.expectsKey, !text.contains(UInt8(ascii: "\\")) else { return nil }
                    return (path(of: stack), start)
                }
                lastString = (start, text)
            case UInt8(ascii: ":"):
                if let top = stack.indices.last, stack[top].isObject, let string = lastString {
                    stack[top].key = String(decoding: string.text, as: UTF8.self)
                    stack[top].expectsKey = false
                }
                lastString = nil
            case UInt8(ascii: ","):
                if let top = stack.indices.last, stack[top].isObject { stack[top].expectsKey = true }
                lastString = nil
            case UInt8(ascii: "{"):
                stack.append((true, nil, true))
                guard stack.count <= 256 else { return nil }
            case UInt8(ascii: "["):
                stack.append((false, nil, false))
                guard stack.count <= 256 else { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            default: break
            }
            index += 1
        }
        guard let top = stack.last, top.isObject, top.expectsKey else { return nil }
        return (path(of: stack), offset)
    }

    /// The enclosing keys of the innermost open container: each object's key whose value
    /// holds the next, `-` for a list.
    private static func path(of stack: [(isObject: Bool, key: String?, expectsKey: Bool)]) -> [String] {
        stack.dropLast().map { $0.isObject ? $0.key ?? "" : "-" }
    }
}
