extension SourceSpan {
    /// The span of the one character at `location` in `bytes` — `column` to `column + 1`,
    /// so tools that underline a range (SARIF, JSON consumers) have something to show —
    /// or a zero-width span when `location` is at the end of the text. A line break
    /// counts as one character (of a CRLF, the CR).
    package init(file: String, characterAt location: SourcePosition, in bytes: [UInt8]) {
        self.init(path: SourcePath(file), characterAt: location, in: bytes)
    }

    /// ``init(file:characterAt:in:)`` in the file at `path`, sharing it.
    package init(path: SourcePath, characterAt location: SourcePosition, in bytes: [UInt8]) {
        guard location.offset >= 0, location.offset < bytes.count else {
            self.init(path: path, at: location)
            return
        }
        let lead = bytes[location.offset]
        let width = lead.utf8SequenceLength
        let end = SourcePosition(
            line: location.line, column: location.column + 1, offset: min(location.offset + width, bytes.count))
        self.init(path: path, start: location, end: end)
    }
}
