import FlowWorkspace

/// The command of `run --handler NAME=COMMAND`, split into a program and its arguments
/// the way a POSIX shell splits words, and no more: words are separated by unquoted
/// spaces and tabs; `'…'` keeps everything inside as written; `"…"` keeps everything
/// but `\"` and `\\`, which stand for `"` and `\`; outside quotes `\` keeps the next
/// character as it is. Nothing is expanded: `$HOME`, `~`, `*` and `;` are plain
/// characters, and no shell ever runs.
package enum CommandWords {
    /// The words of `command`.
    /// - Throws: ``UsageError`` for an unclosed quote, a `\` at the end, or no word at all.
    package static func split(_ command: String, option: String) throws(UsageError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var scalars = command.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let inner = scalars.next() {
                    if inner == "'" { closed = true; break }
                    word.unicodeScalars.append(inner)
                }
                guard closed else { throw UsageError("\(option): unclosed ' in '\(command)'") }
            case "\"":
                inWord = true
                var closed = false
                while let inner = scalars.next() {
                    if inner == "\"" { closed = true; break }
                    if inner == "\\" {
                        guard let escaped = scalars.next() else { break }
                        if escaped != "\"" && escaped != "\\" { word.unicodeScalars.append("\\") }
                        word.unicodeScalars.append(escaped)
                        continue
                    }
                    word.unicodeScalars.append(inner)
                }
                guard closed else { throw UsageError("\(option): unclosed \" in '\(command)'") }
            case "\\":
                guard let escaped = scalars.next() else { throw UsageError("\(option): '\\' at the end of '\(command)'") }
                inWord = true
                word.unicodeScalars.append(escaped)
            default:
                inWord = true
                word.unicodeScalars.append(scalar)
            }
        }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw UsageError("\(option): the command is empty", hint: "write NAME=PROGRAM [ARGUMENTS]") }
        return words
    }
}
