import FlowSource
import FlowSystem

/// The suppressions a YAML file writes in its comments, each on a comment line of its
/// own (only white space before the `#`):
///
/// - `# feedbackflow: disable-next-line CODE[, CODE…]` drops the diagnostics with those
///   codes that start on the next line that is not blank or a comment;
/// - `# feedbackflow: disable-file CODE[, CODE…]` drops them everywhere in the file.
///
/// A suppression that drops nothing (its code does not occur there, or is misspelled) is
/// an `unused-suppression` warning at the code, with "did you mean" among the codes, so
/// suppressions cannot outlive their reason unnoticed. Errors that stopped loading
/// cannot be suppressed (there is nothing after them to check), nor can
/// `unused-suppression` itself. JSON has no comments, so no suppressions.
/// O(bytes of the file + diagnostics × codes per line).
package struct InlineSuppressions: Sendable {
    /// What starts a suppression comment, after `#` and white space.
    package static let marker = "feedbackflow:"
    package static let nextLine = "disable-next-line"
    package static let wholeFile = "disable-file"

    /// One code of one suppression comment.
    struct Entry {
        var code: String
        /// The line whose diagnostics it drops; `nil` for the whole file.
        var line: Int?
        /// Where the code is written, for `unused-suppression`.
        var span: SourceSpan
        var used = false
    }

    private var entries: [Entry] = []

    /// The suppressions of `source`, read from its comment lines. A file without the
    /// marker anywhere (almost every file) costs one search, `memchr(3)` for its first
    /// byte. With `root`, the lines inside a scalar of several lines (a block scalar's
    /// text, a quoted one folded over lines) are that scalar's text, never a comment.
    package init(source: SourceFile, root: Node? = nil) {
        guard Self.mentionsMarker(source.bytes) else { return }
        let insideScalars = root.map(Self.continuationLines(of:)) ?? []
        var pendingNextLine: [Entry] = []
        var line = 1
        var start = 0
        let bytes = source.bytes
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            // The file's BOM is not content (and not a column).
            let columnStart = start == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : start
            let text = bytes[columnStart..<max(columnStart, end)]
            let content = text.drop { $0 == 0x20 || $0 == 0x09 }
            if content.first == UInt8(ascii: "#"), !insideScalars.contains(line) {
                if let (kind, codes) = Self.parse(content.dropFirst(), line: line, file: source.path, text: text) {
                    if kind == Self.wholeFile {
                        entries += codes.map { Entry(code: $0.code, line: nil, span: $0.span) }
                    } else {
                        pendingNextLine += codes.map { Entry(code: $0.code, line: nil, span: $0.span) }
                    }
                }
            } else if !content.isEmpty, !pendingNextLine.isEmpty {
                entries += pendingNextLine.map { var entry = $0; entry.line = line; return entry }
                pendingNextLine = []
            }
            if end < bytes.count, bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { end += 1 }
            start = end + 1
            line += 1
        }
        // A disable-next-line at the end of the file has no line to drop: unused.
        entries += pendingNextLine.map { var entry = $0; entry.line = -1; return entry }
    }

    /// The lines after the first of each scalar of several lines under `root`. Each node is
    /// visited once (an alias's node has its anchor's spans). O(nodes + lines inside scalars).
    package static func continuationLines(of root: Node) -> Set<Int> {
        var lines: Set<Int> = []
        var seen: Set<Range<Int>> = []
        var pending = [root]
        while let node = pending.popLast() {
            guard seen.insert(node.span.start.offset..<node.span.end.offset).inserted || node.scalar != nil else { continue }
            switch node.kind {
            case .scalar:
                // A block scalar ends at the start of the line after its text: that line is not its own.
                let last = node.span.end.column == 1 ? node.span.end.line - 1 : node.span.end.line
                if node.span.start.line < last { lines.formUnion(node.span.start.line + 1...last) }
            case .sequence(let items): pending.append(contentsOf: items)
            case .mapping(let entries):
                for entry in entries { pending.append(contentsOf: [entry.key, entry.value]) }
            }
        }
        return lines
    }

    /// Whether ``marker`` occurs in `bytes`: whether the file may have a suppression at
    /// all. One `memchr(3)` search for its first byte, then a comparison at each hit.
    package static func mentionsMarker(_ bytes: [UInt8]) -> Bool {
        let needle = Array(marker.utf8)
        guard let head = needle.first else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            guard let base = haystack.baseAddress else { return false }
            var start = 0
            // Each step moves past one candidate byte: bounded by the file's length.
            while start + needle.count <= haystack.count {
                guard let found = memchr(base + start, Int32(head), haystack.count - start) else { return false }
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if index + needle.count <= haystack.count, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
                start = index + 1
            }
            return false
        }
    }

    /// The comment after `#`: `feedbackflow: KIND CODE, CODE`; the codes with their spans.
    private static func parse(
        _ comment: ArraySlice<UInt8>, line: Int, file: String, text: ArraySlice<UInt8>
    ) -> (String, [(code: String, span: SourceSpan)])? {
        var rest = comment.drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.starts(with: marker.utf8) else { return nil }
        rest = rest.dropFirst(marker.utf8.count).drop { $0 == 0x20 || $0 == 0x09 }
        let kindEnd = rest.firstIndex { $0 == 0x20 || $0 == 0x09 } ?? rest.endIndex
        let kind = String(decoding: rest[..<kindEnd], as: UTF8.self)
        guard kind == nextLine || kind == wholeFile else { return nil }
        var codes: [(String, SourceSpan)] = []
        var index = kindEnd
        while index < rest.endIndex {
            while index < rest.endIndex, rest[index] == 0x20 || rest[index] == 0x09 || rest[index] == UInt8(ascii: ",") { index += 1 }
            let codeStart = index
            while index < rest.endIndex, rest[index] != 0x20, rest[index] != 0x09, rest[index] != UInt8(ascii: ",") { index += 1 }
            guard codeStart < index else { break }
            let code = String(decoding: rest[codeStart..<index], as: UTF8.self)
            // Columns count Unicode scalars: the bytes before the code that start one.
            let column = text[text.startIndex..<codeStart].filter { $0 & 0xC0 != 0x80 }.count + 1
            let span = SourceSpan(
                file: file, start: SourcePosition(line: line, column: column, offset: codeStart),
                end: SourcePosition(line: line, column: column + code.unicodeScalars.count, offset: index))
            codes.append((code, span))
        }
        return (kind, codes)
    }

    /// Whether `comment` (a comment's text from its `#`) is a `disable-next-line`
    /// suppression: it belongs to the line below it (`fmt` moves it with that line).
    /// O(comment length).
    package static func isNextLine(comment: String) -> Bool {
        let bytes = Array(comment.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return false }
        return parse(bytes.dropFirst(), line: 1, file: "", text: bytes[...])?.0 == nextLine
    }

    /// Whether the file has any suppression.
    package var isEmpty: Bool { entries.isEmpty }

    /// `diagnostics` without the suppressed ones, then one `unused-suppression` warning
    /// per code that suppressed nothing. `known` are the codes the tool has, for "did
    /// you mean"; a suppression of a code that `ran` says was not checked (an opt-in rule
    /// left off) is neither used nor unused. O(diagnostics + suppressions), through an
    /// index by code and line.
    package mutating func apply(to diagnostics: [Diagnostic], known: [String], ran: (String) -> Bool) -> [Diagnostic] {
        guard !entries.isEmpty else { return diagnostics }
        let unused = FlowDiagnosticCode.unusedSuppression
        var byLine: [String: [Int: [Int]]] = [:]
        var wholeFile: [String: [Int]] = [:]
        for (position, entry) in entries.enumerated() {
            if let line = entry.line {
                byLine[entry.code, default: [:]][line, default: []].append(position)
            } else {
                wholeFile[entry.code, default: []].append(position)
            }
        }
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            var matching = wholeFile[diagnostic.code] ?? []
            if let line = diagnostic.span?.start.line { matching += byLine[diagnostic.code]?[line] ?? [] }
            guard !matching.isEmpty, diagnostic.code != unused.rawValue, !FlowCompiler.stopsLoading(diagnostic) else {
                kept.append(diagnostic)
                continue
            }
            for position in matching { entries[position].used = true }
        }
        for entry in entries where !entry.used && ran(entry.code) {
            let isKnown = known.contains(entry.code)
            kept.append(Diagnostic(
                severity: unused.severity, code: unused.rawValue,
                message: isKnown
                    ? "this suppression of '\(entry.code)' suppresses nothing"
                    : "unknown diagnostic code '\(entry.code)' in a suppression",
                span: entry.span,
                hint: isKnown
                    ? (entry.line == nil ? "no '\(entry.code)' is reported in this file; remove the suppression"
                        : "no '\(entry.code)' is reported on the line it applies to; remove it, or move it just above that line")
                    : Suggestion.hint(for: entry.code, among: known) ?? "a suppression names the code of a diagnostic, such as 'unknown-key'"))
        }
        return kept
    }
}
