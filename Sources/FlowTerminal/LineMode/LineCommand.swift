import FlowSource

/// One line of line-mode input, parsed (see ``LineModeRunner`` for the grammar).
enum LineCommand: Equatable {
    /// A number: tap the action with that number as drawn (1-based).
    case tap(Int)
    /// `set ID VALUE`: the value as typed, leading and trailing spaces trimmed.
    case set(id: String, value: String)
    /// `rate N` / `rate ID N`.
    case rate(id: String?, value: String)
    /// `toggle` / `toggle ID`.
    case toggle(id: String?)
    /// `clear ID`.
    case clear(id: String)
    /// `edit ID`: the next lines, up to a line holding a single `.`, become the text.
    case edit(id: String)
    case back
    case show
    case help
    case quit
    /// An empty or blank line: nothing to do.
    case nothing

    /// Parses `line`; the command word is case-insensitive, ids are not. A command takes
    /// exactly the arguments its synopsis shows: `back`, `show`, `help`/`?` and
    /// `quit`/`q` take none, `rate` at most two; more is an error (`quit takes no argument`).
    /// - Returns: the command, or a one-line message saying what is wrong.
    static func parse(_ line: String) -> Result<LineCommand, LineCommandError> {
        let trimmed = line.trimmingWhiteSpace()
        guard !trimmed.isEmpty else { return .success(.nothing) }
        if trimmed.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            guard let number = Int(trimmed) else { return .failure(.init("no action \(trimmed) on this screen")) }
            return .success(.tap(number))
        }
        let (word, rest) = trimmed.splitFirstWord()
        if word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            return .failure(.init("type one action number per line (got '\(trimmed)')"))
        }
        let command = word.lowercased()
        switch command {
        case "set":
            let (id, value) = rest.splitFirstWord()
            guard !id.isEmpty else { return .failure(.init("usage: set ID VALUE")) }
            guard !value.isEmpty else {
                return .failure(.init("set \(id) needs a value (to empty a text, use: clear \(id))"))
            }
            return .success(.set(id: id, value: value))
        case "rate":
            let (first, second) = rest.splitFirstWord()
            guard !first.isEmpty else { return .failure(.init("usage: rate N  or  rate ID N")) }
            guard second.splitFirstWord().1.isEmpty else {
                return .failure(.init("rate takes at most two arguments (usage: rate N  or  rate ID N)"))
            }
            return .success(second.isEmpty ? .rate(id: nil, value: first) : .rate(id: first, value: second))
        case "toggle":
            return .success(.toggle(id: rest.isEmpty ? nil : rest))
        case "clear":
            guard !rest.isEmpty else { return .failure(.init("usage: clear ID")) }
            return .success(.clear(id: rest))
        case "edit":
            guard !rest.isEmpty else { return .failure(.init("usage: edit ID")) }
            return .success(.edit(id: rest))
        case "back", "show", "help", "?", "quit", "q", "exit":
            guard rest.isEmpty else { return .failure(.init("\(command) takes no argument")) }
            switch command {
            case "back": return .success(.back)
            case "show": return .success(.show)
            case "help", "?": return .success(.help)
            default: return .success(.quit)
            }
        default:
            return .failure(.init("unknown command '\(word)' (type help for the list)"))
        }
    }

    /// The help text, one command per line.
    static let helpText = """
        Commands:
          N               tap action N (the numbers next to the buttons)
          set ID VALUE    fill a field: text as typed, a number for a rating, on/off for a toggle
          rate [ID] N     set a rating (ID may be left out when the screen has one rating)
          toggle [ID]     flip a toggle (ID may be left out when the screen has one toggle)
          clear ID        empty a text field
          edit ID         type several lines into a text editor; end with a line holding a single .
          back            go back one screen (pop)
          show            draw the screen again
          help, ?         this list
          quit, q         end the run
        Field ids are shown in [brackets] next to each field.
        """
}

/// A line that is not a valid command; `message` is shown as one line.
struct LineCommandError: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
