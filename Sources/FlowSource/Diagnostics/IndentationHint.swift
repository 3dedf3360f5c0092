/// The hint of a line indented otherwise than its siblings, written once for the loader
/// (a YAML line out of its siblings' column, which libyaml fails on) and the decoder (a
/// key indented one level too deep, read inside the mapping above it): the column to move
/// the line to, and the line as meant.
package enum IndentationHint {
    /// The most Unicode scalars of a line (or a key) shown, before `…`.
    package static let maximumShownScalars = 80

    /// `move it to column 3, where they are: '  bug-sent:'`. With `linesUnder`, the lines
    /// under it (its value) move by as much.
    package static func text(column: Int, meantLine: String, linesUnder: Bool = false) -> String {
        "move it to column \(column), where they are\(linesUnder ? ", and the lines under it by as much" : ""): '\(meantLine)'"
    }

    /// The line of `bytes` whose text (after its indentation) starts at byte `content`, as
    /// written at 1-based `column`: the text to the line's end without trailing blanks,
    /// cut to ``maximumShownScalars``, after `column - 1` spaces. O(length of the line).
    package static func meantLine(in bytes: [UInt8], textAt content: Int, column: Int) -> String {
        var end = content
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        while end > content, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(repeating: " ", count: max(0, column - 1)) + shown(String(decoding: bytes[content..<end], as: UTF8.self))
    }

    /// `text` cut to ``maximumShownScalars`` Unicode scalars, with `…` after a cut.
    package static func shown(_ text: String) -> String {
        guard text.unicodeScalars.count > maximumShownScalars else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumShownScalars))) + "…"
    }
}
