import FlowSource
import FlowSystem

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
    /// as ``path(in:line:before:)`` gives them), where the key being typed starts (at
    /// its opening quote, or the cursor when none is typed yet) and the keys the object
    /// has before it; `nil` where no key is typed (inside a value, a string that is not a
    /// key, or past `maximumScan` bytes). One forward scan of the text before the cursor,
    /// which need not be complete JSON. O(offset).
    static func jsonPath(
        _ bytes: [UInt8], offset: Int, maximumScan: Int = 8 * 1024 * 1024
    ) -> (path: [String], keyStart: Int, keysBefore: Set<String>)? {
        guard offset <= bytes.count, offset <= maximumScan else { return nil }
        // Each open container: whether it is an object, the key whose value is being
        // read (objects), whether the next string is a key, and the keys written so far.
        var stack: [JSONLevel] = []
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
                    return (path(of: stack), start, top.keys)
                }
                lastString = (start, text)
            case UInt8(ascii: ":"):
                if let top = stack.indices.last, stack[top].isObject, let string = lastString {
                    let key = String(decoding: string.text, as: UTF8.self)
                    stack[top].key = key
                    stack[top].keys.insert(key)
                    stack[top].expectsKey = false
                }
                lastString = nil
            case UInt8(ascii: ","):
                if let top = stack.indices.last, stack[top].isObject { stack[top].expectsKey = true }
                lastString = nil
            case UInt8(ascii: "{"):
                stack.append(JSONLevel(isObject: true, expectsKey: true))
                guard stack.count <= 256 else { return nil }
            case UInt8(ascii: "["):
                stack.append(JSONLevel(isObject: false, expectsKey: false))
                guard stack.count <= 256 else { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            default: break
            }
            index += 1
        }
        guard let top = stack.last, top.isObject, top.expectsKey else { return nil }
        return (path(of: stack), offset, top.keys)
    }

    /// One open container of ``jsonPath(_:offset:maximumScan:)``'s scan.
    private struct JSONLevel {
        var isObject: Bool
        /// The key whose value is being read (objects).
        var key: String?
        /// Whether the next string is a key.
        var expectsKey: Bool
        /// The keys the object has so far.
        var keys: Set<String> = []
    }

    /// The enclosing keys of the innermost open container: each object's key whose value
    /// holds the next, `-` for a list.
    private static func path(of stack: [JSONLevel]) -> [String] {
        stack.dropLast().map { $0.isObject ? $0.key ?? "" : "-" }
    }

    /// The keys of the JSON object whose keys the text from byte `from` on continues (the
    /// cursor's object, past the key being typed): each string followed by `:` before the
    /// `}` that closes the object, not those of the objects inside it. O(the object's rest).
    static func jsonKeys(_ bytes: [UInt8], from: Int) -> Set<String> {
        var keys: Set<String> = []
        var depth = 0
        var index = max(0, from)
        var lastString: [UInt8]?
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                var text: [UInt8] = []
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 } else { text.append(bytes[index]) }
                    index += 1
                }
                lastString = text
            case UInt8(ascii: ":"):
                if depth == 0, let key = lastString { keys.insert(String(decoding: key, as: UTF8.self)) }
                lastString = nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                lastString = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return keys }
                depth -= 1
                lastString = nil
            case UInt8(ascii: ","):
                lastString = nil
            default: break
            }
            index += 1
        }
        return keys
    }
}

extension KeyCompletion {
    /// Where a key is being typed in a flow mapping (`{…}`) opened on a YAML flow's line:
    /// the enclosing keys from the line's start to the mapping (a list item is `-`, an
    /// item of a flow sequence `-` then its key if it is a pair), to be added to the
    /// enclosing keys of the lines above (``path(in:line:before:)``); the key typed so far;
    /// and the keys the mapping has, before and after the cursor on the line. `nil` where
    /// the cursor is not at a key of a flow mapping (in a value, a quoted scalar, a
    /// sequence, a block mapping). `before` is the line up to the cursor, `after` the rest
    /// of the line. O(line).
    static func flowKey(before: Substring, after: Substring) -> (path: [String], typed: String, written: Set<String>)? {
        var rest = before.drop { $0 == " " }
        var path: [String] = []
        while rest.hasPrefix("- ") || rest == "-" {
            path.append("-")
            rest = rest.dropFirst().drop { $0 == " " }
        }
        // Each open collection: a mapping or a sequence, the key whose value is being read
        // (a sequence's when the item is a pair), whether a key comes next, the keys so far.
        var stack: [(isMapping: Bool, key: String?, expectsKey: Bool, keys: Set<String>)] = []
        var blockKey: String?
        var token = ""
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            switch character {
            case "\"", "'":
                guard let (text, end) = quoted(rest, at: index) else { return nil }
                token = text
                index = end
                continue
            case "{", "[":
                stack.append((character == "{", nil, character == "{", []))
                token = ""
            case "}", "]":
                guard stack.popLast() != nil else { return nil }
                token = ""
            case ",":
                guard let top = stack.indices.last else { return nil }
                stack[top].expectsKey = stack[top].isMapping
                if !stack[top].isMapping { stack[top].key = nil }
                token = ""
            case ":" where isIndicator(rest, after: index):
                let key = trimmed(token)
                if let top = stack.indices.last {
                    stack[top].key = key
                    if stack[top].isMapping {
                        stack[top].keys.insert(key)
                        stack[top].expectsKey = false
                    }
                } else {
                    blockKey = key
                }
                token = ""
            default:
                token.append(character)
            }
            index = rest.index(after: index)
        }
        guard let top = stack.last, top.isMapping, top.expectsKey else { return nil }
        let typed = token.drop { $0 == " " }
        guard typed.utf8.allSatisfy(LanguageServer.Word.key.holds) else { return nil }
        if let blockKey { path.append(blockKey) }
        for level in stack.dropLast() {
            if level.isMapping {
                path.append(level.key ?? "")
            } else {
                path.append("-")
                if let key = level.key { path.append(key) }
            }
        }
        return (path, String(typed), top.keys.union(flowKeys(after)))
    }

    /// The keys of the flow mapping whose keys `after` continues (the rest of the line
    /// after the cursor): each key followed by `:` before the `}` that closes the mapping,
    /// not those of the collections inside it. O(line).
    private static func flowKeys(_ after: Substring) -> Set<String> {
        var keys: Set<String> = []
        var depth = 0
        var token = ""
        // The rest of the key being typed is not a key the mapping has.
        var index = after.drop { $0.isASCII && $0.utf8.allSatisfy(LanguageServer.Word.key.holds) }.startIndex
        while index < after.endIndex {
            let character = after[index]
            switch character {
            case "\"", "'":
                guard let (text, end) = quoted(after, at: index) else { return keys }
                token = text
                index = end
                continue
            case "{", "[":
                depth += 1
                token = ""
            case "}", "]":
                guard depth > 0 else { return keys }
                depth -= 1
                token = ""
            case ",":
                token = ""
            case ":" where isIndicator(after, after: index):
                let key = trimmed(token)
                if depth == 0, !key.isEmpty { keys.insert(key) }
                token = ""
            case "#" where token.last?.isWhitespace ?? true:
                return keys
            default:
                token.append(character)
            }
            index = after.index(after: index)
        }
        return keys
    }

    /// The text of the quoted scalar opening at `start` of `text` (`'` doubled or `\`
    /// escapes taken as written) and the index after its closing quote; `nil` when it is
    /// not closed on the line.
    private static func quoted(_ text: Substring, at start: Substring.Index) -> (text: String, end: Substring.Index)? {
        let quote = text[start]
        var index = text.index(after: start)
        var content = ""
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == quote {
                // `''` is a quote inside a single-quoted scalar.
                guard quote == "'", next < text.endIndex, text[next] == "'" else { return (content, next) }
                content.append("'")
                index = text.index(after: next)
                continue
            }
            if quote == "\"", character == "\\", next < text.endIndex {
                content.append(text[next])
                index = text.index(after: next)
                continue
            }
            content.append(character)
            index = next
        }
        return nil
    }

    /// `text` without the blanks around it.
    private static func trimmed(_ text: String) -> String {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }

    /// Whether the `:` at `index` of `text` ends a key: followed by a blank, a flow
    /// indicator or the end (`url: http://x` has one `:` that does not).
    private static func isIndicator(_ text: Substring, after index: Substring.Index) -> Bool {
        let next = text.index(after: index)
        return next == text.endIndex || [" ", "\t", ",", "[", "]", "{", "}"].contains(text[next])
    }
}
