import FlowSource

/// Turns an offset inside a ``TemplateString`` into a place in the source file.
///
/// A template's text is the scalar *after* YAML/JSON decoding: escapes (`\"`, `''`,
/// `\u00e9`) are resolved and block or multi-line scalars are folded, so an offset in
/// the text is not an offset in the file. When the file's bytes are at hand, the place
/// is found by searching them: the reference `${name}` that is the k-th occurrence of
/// that exact text in the decoded string is taken to be the k-th occurrence of the same
/// bytes within the scalar's span in the file (escapes and folding never produce or
/// split a `${name}`, whose characters are all plain ASCII without spaces). Its line and
/// column are then counted from the scalar's start: LF, CRLF and a lone CR end a line,
/// columns count Unicode scalars (as ``SourcePosition`` documents).
///
/// Without the bytes (``FlowValidator`` called on a flow without its ``SourceFile``),
/// the exact column is still known when the scalar is single-line and its source text is
/// the template's text character for character (plain, or quoted without escapes). In
/// every other case, or when the search finds nothing, the whole scalar is the place.
///
/// All the places asked for in one scalar are found together (``spans(in:for:source:)``):
/// the scalar's decoded text and its bytes in the file are each walked forward once,
/// indexing every `${` and every `${name}` by its text, and the line and column of the
/// places found are then counted in one forward walk from the scalar's start. So placing
/// every template of a scalar costs O(length of the scalar + k log k) for k places,
/// however many templates it holds.
enum TemplateLocator {
    /// One place asked for: the `length` Unicode scalars at `offset` in the template's `raw`.
    struct Request: Sendable, Hashable {
        var offset: Int
        var length: Int
    }

    /// The span of the `length` Unicode scalars at `offset` in `template.raw`, or the
    /// scalar's own span when the exact place cannot be found; `nil` for templates built
    /// in code. One request of ``spans(in:for:source:)``.
    ///
    /// The text searched for is `raw[offset ..< offset + max(length, 2)]`, so a problem
    /// reported on the single `$` of a `${` is found by its `${`.
    /// - Parameter source: the file the template's span points into, if available; it is
    ///   used only when its path is the span's file.
    /// - Complexity: O(length of the scalar in the file + length of `raw`).
    static func span(in template: TemplateString, offset: Int, length: Int, source: SourceFile?) -> SourceSpan? {
        spans(in: template, for: [Request(offset: offset, length: length)], source: source)[0]
    }

    /// The span of each request, in the order of `requests`, each as ``span(in:offset:length:source:)``
    /// would give it (the k-th occurrence of a text in the decoded string is the k-th
    /// occurrence of the same bytes in the scalar's span in the file).
    ///
    /// A text that is `${` or `${name}` (name characters `[A-Za-z0-9_.-]`, which every
    /// reference the validator places is) is found through the indexes described in the
    /// type's documentation; any other text falls back to a search of its own (O(length
    /// of the scalar) for that request).
    /// - Complexity: O(length of the scalar in the file + length of `raw` + k log k) for
    ///   k requests of the common kinds.
    static func spans(in template: TemplateString, for requests: [Request], source: SourceFile?) -> [SourceSpan?] {
        guard let span = template.span else { return requests.map { _ in nil } }
        guard !requests.isEmpty else { return [] }
        let scalars = Array(template.raw.unicodeScalars)
        // UTF-8 bytes before each scalar of `raw`, and the total at the end.
        var bytesBefore = [Int]()
        bytesBefore.reserveCapacity(scalars.count + 1)
        var total = 0
        for scalar in scalars {
            bytesBefore.append(total)
            total += UTF8.width(scalar)
        }
        bytesBefore.append(total)

        let lower = span.start.offset, upper = span.end.offset
        let fileBytes: [UInt8]? =
            if let source, source.path == span.file, lower >= 0, lower <= upper, upper <= source.bytes.count {
                source.bytes
            } else {
                nil
            }
        var decodedIndex: OccurrenceIndex?
        var fileIndex: OccurrenceIndex?
        var results = [SourceSpan?](repeating: span, count: requests.count)
        /// Requests found in the file: which one, where its text starts, its width in bytes.
        var found: [(request: Int, position: Int, width: Int)] = []

        for (k, request) in requests.enumerated() {
            let offset = request.offset
            guard offset >= 0, offset < scalars.count else { continue }
            let length = min(max(0, request.length), scalars.count - offset)
            if let fileBytes {
                let needle = scalars[offset..<min(scalars.count, offset + max(length, 2))]
                let width = bytesBefore[offset + length] - bytesBefore[offset]
                if let key = OccurrenceIndex.Key(needle) {
                    if decodedIndex == nil {
                        var raw = template.raw
                        decodedIndex = raw.withUTF8 { OccurrenceIndex(Array($0), in: 0..<$0.count) }
                    }
                    if fileIndex == nil { fileIndex = OccurrenceIndex(fileBytes, in: lower..<upper) }
                    if let decodedIndex, let fileIndex,
                        let position = fileIndex.position(of: key, rank: decodedIndex.rank(of: key, before: bytesBefore[offset]))
                    {
                        found.append((k, position, width))
                        continue
                    }
                } else if let match = search(scalars, offset: offset, length: length, in: fileBytes, within: span) {
                    found.append((k, match, width))
                    continue
                }
            }
            results[k] = sameWidthSpan(span, bytesBefore: bytesBefore, count: scalars.count, offset: offset, length: length) ?? span
        }

        // Line and column of every place found, in one walk forward from the scalar's start.
        if let fileBytes {
            var cursor = span.start
            for place in found.sorted(by: { $0.position < $1.position }) {
                cursor = location(of: place.position, from: cursor, in: fileBytes)
                let length = min(max(0, requests[place.request].length), scalars.count - requests[place.request].offset)
                let end = SourcePosition(line: cursor.line, column: cursor.column + length, offset: place.position + place.width)
                results[place.request] = SourceSpan(file: span.file, start: cursor, end: end)
            }
        }
        return results
    }

    /// Every `${` of a byte range, and every `${name}` (name characters only) by its name:
    /// built in one forward walk, O(length of the range).
    private struct OccurrenceIndex {
        /// What is searched for: the opening `${` alone, or a whole `${name}`.
        enum Key: Hashable {
            case opening
            case reference([UInt8])

            /// The key of `needle`, or `nil` when it is neither `${` nor `${name}`.
            init?(_ needle: ArraySlice<Unicode.Scalar>) {
                guard needle.count >= 2, needle.first == "$", needle[needle.startIndex + 1] == "{" else { return nil }
                if needle.count == 2 {
                    self = .opening
                    return
                }
                let inner = needle.dropFirst(2).dropLast()
                guard needle.last == "}", !inner.isEmpty,
                    inner.allSatisfy({ $0.isASCII && OccurrenceIndex.isNameByte(UInt8($0.value)) })
                else { return nil }
                self = .reference(inner.map { UInt8($0.value) })
            }
        }

        /// Start of every `${`, ascending.
        private var openings: [Int] = []
        /// Start of every `${name}`, ascending, by name.
        private var references: [[UInt8]: [Int]] = [:]

        init(_ bytes: [UInt8], in range: Range<Int>) {
            var p = range.lowerBound
            while p + 2 <= range.upperBound {
                guard bytes[p] == 0x24, bytes[p + 1] == 0x7B else {
                    p += 1
                    continue
                }
                openings.append(p)
                var q = p + 2
                while q < range.upperBound, Self.isNameByte(bytes[q]) { q += 1 }
                if q > p + 2, q < range.upperBound, bytes[q] == 0x7D {
                    references[Array(bytes[(p + 2)..<q]), default: []].append(p)
                }
                // No name byte is a `$`, so the next `${` is at q or later.
                p = max(q, p + 2)
            }
        }

        /// `[A-Za-z0-9_.-]`.
        static func isNameByte(_ byte: UInt8) -> Bool {
            (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x5F || byte == 0x2E || byte == 0x2D
        }

        private func positions(of key: Key) -> [Int] {
            switch key {
            case .opening: openings
            case .reference(let name): references[name] ?? []
            }
        }

        /// How many occurrences of `key` start before byte `limit`. O(log occurrences).
        func rank(of key: Key, before limit: Int) -> Int {
            let list = positions(of: key)
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < limit { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Where the occurrence of `key` numbered `rank` (from 0) starts, if there is one.
        func position(of key: Key, rank: Int) -> Int? {
            let list = positions(of: key)
            return rank < list.count ? list[rank] : nil
        }
    }

    /// The search through the file's bytes described above, for a text that the indexes
    /// do not cover: where the match starts, or `nil` when the needle is not found as often
    /// as it occurs before `offset` in the decoded text. O(length of the scalar).
    private static func search(
        _ scalars: [Unicode.Scalar], offset: Int, length: Int, in bytes: [UInt8], within span: SourceSpan
    ) -> Int? {
        let needleScalars = scalars[offset..<min(scalars.count, offset + max(length, 2))]
        let needle = needleScalars.flatMap { Array(String($0).utf8) }
        let decoded = Array(String(String.UnicodeScalarView(scalars)).utf8)
        let bytesBefore = scalars[..<offset].reduce(0) { $0 + UTF8.width($1) }
        // How many times the needle starts before `offset` in the decoded text.
        let rank = occurrences(of: needle, in: decoded, startingBefore: bytesBefore)
        let lower = span.start.offset, upper = span.end.offset
        guard !needle.isEmpty, lower >= 0, lower <= upper, upper <= bytes.count else { return nil }
        var seen = 0
        var position = lower
        while position + needle.count <= upper {
            if bytes[position] == needle[0], bytes[position..<(position + needle.count)].elementsEqual(needle) {
                if seen == rank { return position }
                seen += 1
            }
            position += 1
        }
        return nil
    }

    /// The number of (possibly overlapping) occurrences of `needle` in `haystack` that
    /// start before byte `limit`.
    private static func occurrences(of needle: [UInt8], in haystack: [UInt8], startingBefore limit: Int) -> Int {
        guard !needle.isEmpty else { return 0 }
        var count = 0
        var position = 0
        while position < limit, position + needle.count <= haystack.count {
            if haystack[position..<(position + needle.count)].elementsEqual(needle) { count += 1 }
            position += 1
        }
        return count
    }

    /// The location of byte `target`, counted forward from `origin` (a location whose
    /// `offset` is at or before `target`): LF, CRLF (one break) and a lone CR end a line;
    /// every byte that starts a UTF-8 sequence is one column.
    static func location(of target: Int, from origin: SourcePosition, in bytes: [UInt8]) -> SourcePosition {
        var line = origin.line
        var column = origin.column
        var index = origin.offset
        while index < target, index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // CR LF is one break, counted at the LF.
                if index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column, offset: target)
    }

    /// The exact place when the scalar is single-line and exactly as wide as the text
    /// (plain) or the text plus two quotes (quoted without escapes); else `nil`.
    /// `bytesBefore[i]` is the number of UTF-8 bytes before scalar `i` of the text, which
    /// has `count` scalars. O(1).
    private static func sameWidthSpan(
        _ span: SourceSpan, bytesBefore: [Int], count: Int, offset: Int, length: Int
    ) -> SourceSpan? {
        guard span.start.line == span.end.line else { return nil }
        let width = span.end.column - span.start.column
        let opening: Int
        if width == count {
            opening = 0
        } else if width == count + 2 {
            opening = 1
        } else {
            return nil
        }
        let bytesInside = bytesBefore[offset + length] - bytesBefore[offset]
        let start = SourcePosition(
            line: span.start.line, column: span.start.column + opening + offset,
            offset: span.start.offset + opening + bytesBefore[offset])
        let stop = SourcePosition(line: span.start.line, column: start.column + length, offset: start.offset + bytesInside)
        var located = span  // same file, without looking its path up
        located.start = start
        located.end = stop
        return located
    }
}
