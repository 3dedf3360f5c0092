/// A source of input lines: standard input, or a script in tests.
package protocol LineReader: Sendable {
    /// The next line without its terminator (LF or CRLF), or `nil` at end of input.
    func readLine() async -> String?
}

/// Reads lines from standard input (`Swift.readLine`, which blocks its thread, so it is
/// called off the cooperative pool's critical path one line at a time).
package struct StandardInputLineReader: LineReader {
    package init() {}

    package func readLine() async -> String? {
        Swift.readLine(strippingNewline: true).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
    }
}

/// Lines given up front, e.g. a scripted session in a test.
package actor ScriptedLineReader: LineReader {
    private var lines: [String]

    package init(_ lines: [String]) {
        self.lines = lines
    }

    /// Splits `text` on newlines; a final newline does not add an empty line.
    package init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    package func readLine() async -> String? {
        lines.isEmpty ? nil : lines.removeFirst()
    }
}
