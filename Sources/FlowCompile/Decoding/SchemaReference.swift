import FlowSource

/// Which JSON Schema a file says it is written against, so that a file pointing at
/// another schema is reported (`foreign-schema`) rather than silently read as a flow:
/// the `$schema` key at the top of the file (JSON and YAML), and the modeline of the YAML
/// language server, a comment line `# yaml-language-server: $schema=REFERENCE` among the
/// comments before the content (what VS Code's YAML extension reads).
package enum SchemaReference {
    /// The file name of this format's schema (`schemas/feedbackflow.schema.json`), the
    /// last path component a reference to it ends with.
    package static let fileName = "feedbackflow.schema.json"
    /// What starts the YAML language server's modeline.
    package static let modelinePrefix = "# yaml-language-server: $schema="
    /// The most leading lines searched for the modeline: it belongs to the file's head.
    package static let modelineSearchLines = 64

    /// Whether `reference` (a URI or a path) names this format's schema: its last path
    /// component, without a query or fragment, is ``fileName``.
    package static func isOurs(_ reference: String) -> Bool {
        // Over the bytes: the path ends at the first `?` or `#`; its last component
        // follows the last `/` before that.
        let bytes = Array(reference.utf8)
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return bytes[start..<end].elementsEqual(fileName.utf8)
    }

    /// The modeline's reference and where it is written: the first line of the leading
    /// comments and blank lines (at most ``modelineSearchLines``) that starts with
    /// ``modelinePrefix``. O(bytes of those lines).
    package static func modeline(in source: SourceFile) -> (reference: String, span: SourceSpan)? {
        let bytes = source.bytes
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        let prefix = Array(modelinePrefix.utf8)
        while start < bytes.count, line <= modelineSearchLines {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let text = bytes[start..<end]
            let trimmed = text.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.starts(with: prefix) {
                let value = trimmed.dropFirst(prefix.count).drop { $0 == 0x20 || $0 == 0x09 }
                let reference = String(decoding: value, as: UTF8.self).trimmingSpaces()
                // Columns count Unicode scalars: the bytes before the reference that start one.
                let lineStart = start == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : start
                let column = bytes[lineStart..<value.startIndex].filter { $0 & 0xC0 != 0x80 }.count + 1
                let span = SourceSpan(
                    file: source.path, start: SourcePosition(line: line, column: column, offset: value.startIndex),
                    end: SourcePosition(line: line, column: column + reference.unicodeScalars.count, offset: value.startIndex + reference.utf8.count))
                return reference.isEmpty ? nil : (reference, span)
            }
            guard trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") else { return nil }
            // The next line: after LF, CR or CRLF.
            if end < bytes.count, bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { end += 1 }
            start = end + 1
            line += 1
        }
        return nil
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
