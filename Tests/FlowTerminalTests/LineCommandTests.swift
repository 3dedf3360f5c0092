@testable import FlowTerminal
@testable import FlowReporting
import Testing

/// The line-mode grammar.
@Suite("Line commands")
struct LineCommandTests {
    @Test("commands parse", arguments: [
        ("1", LineCommand.tap(1)),
        ("  2  ", .tap(2)),
        ("set email a@b.co", .set(id: "email", value: "a@b.co")),
        ("SET comment   hello  world ", .set(id: "comment", value: "hello  world")),
        ("rate 4", .rate(id: nil, value: "4")),
        ("rate stars 4", .rate(id: "stars", value: "4")),
        ("toggle", .toggle(id: nil)),
        ("toggle news", .toggle(id: "news")),
        ("clear email", .clear(id: "email")),
        ("edit comment", .edit(id: "comment")),
        ("back", .back),
        ("show", .show),
        ("?", .help),
        ("q", .quit),
        ("   ", .nothing),
    ])
    func parses(_ line: String, _ command: LineCommand) {
        #expect(LineCommand.parse(line) == .success(command))
    }

    @Test("bad lines give a message", arguments: [
        ("jump", "unknown command 'jump' (type help for the list)"),
        ("set", "usage: set ID VALUE"),
        ("set email", "set email needs a value (to empty a text, use: clear email)"),
        ("rate", "usage: rate N  or  rate ID N"),
        ("clear", "usage: clear ID"),
        ("edit", "usage: edit ID"),
        ("back 2", "back takes no argument"),
        ("99999999999999999999999", "no action 99999999999999999999999 on this screen"),
        ("1 2", "type one action number per line (got '1 2')"),
        ("3 set", "type one action number per line (got '3 set')"),
    ])
    func rejects(_ line: String, _ message: String) {
        #expect(LineCommand.parse(line) == .failure(LineCommandError(message)))
    }

    @Test("quit, help, show and rate reject extra arguments, as back does", arguments: [
        ("quit now", "quit takes no argument"),
        ("Q please", "q takes no argument"),
        ("help me", "help takes no argument"),
        ("? commands", "? takes no argument"),
        ("show all", "show takes no argument"),
        ("rate rating 4 5", "rate takes at most two arguments (usage: rate N  or  rate ID N)"),
    ])
    func rejectsExtraArguments(_ line: String, _ message: String) {
        #expect(LineCommand.parse(line) == .failure(LineCommandError(message)))
    }
}
