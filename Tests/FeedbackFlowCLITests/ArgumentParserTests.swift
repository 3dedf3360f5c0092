import FlowWorkspace
import Testing
@testable import FeedbackFlowCLI

@Suite("Argument parser: long options, --, values, did you mean")
struct ArgumentParserTests {
    static let parser = ArgumentParser(
        options: [
            .value("format", valueName: "format", allowed: ["text", "json"], help: "f"),
            .flag("quiet", short: "q", help: "q"),
            .value("context", valueName: "key=value", repeatable: true, help: "c"),
            .value("out", valueName: "file", help: "o"),
        ],
        positional: PositionalSpec(name: "path", count: .oneOrMore, help: "p"))

    @Test("--name value and --name=value give the same value")
    func valueForms() throws {
        let spaced = try Self.parser.parse(["--format", "json", "a"])
        let joined = try Self.parser.parse(["--format=json", "a"])
        #expect(spaced == joined)
        #expect(spaced.values["format"]?.last == "json")
        #expect(spaced.positionals == ["a"])
    }

    @Test("a value may itself start with a dash or contain '='")
    func oddValues() throws {
        let parsed = try Self.parser.parse(["--out", "-weird", "--context", "k=v=w", "--context=x=", "a"])
        #expect(parsed.values["out"]?.last == "-weird")
        #expect((parsed.values["context"] ?? []) == ["k=v=w", "x="])
    }

    @Test("-- ends the options; - alone is positional")
    func doubleDash() throws {
        let parsed = try Self.parser.parse(["a", "--", "--quiet", "-q", "--help"])
        #expect(parsed.positionals == ["a", "--quiet", "-q", "--help"])
        #expect(!parsed.flags.contains("quiet"))
        #expect(!parsed.wantsHelp)
        #expect(try Self.parser.parse(["-"]).positionals == ["-"])
    }

    @Test("options and positionals may come in any order; short alias works")
    func order() throws {
        let parsed = try Self.parser.parse(["a", "-q", "b", "--format", "text"])
        #expect(parsed.positionals == ["a", "b"])
        #expect(parsed.flags.contains("quiet"))
    }

    @Test("-h / --help wins even with other problems on the line")
    func help() throws {
        #expect(try Self.parser.parse(["--help"]).wantsHelp)
        #expect(try Self.parser.parse(["--bogus=1", "-h"]).wantsHelp)
        #expect(try Self.parser.parse(["--format", "xml", "--help"]).wantsHelp)
        #expect(throws: UsageError("unknown option '--bogus'")) { try Self.parser.parse(["--bogus", "--", "--help"]) }
        #expect(try Self.parser.parse(["-h", "--bogus"]).wantsHelp)
    }

    @Test("unknown options are usage errors with did you mean")
    func unknown() {
        #expect(throws: UsageError("unknown option '--fromat'", hint: "did you mean '--format'?")) {
            try Self.parser.parse(["--fromat", "json", "a"])
        }
        #expect(throws: UsageError("unknown option '--quite'", hint: "did you mean '--quiet'?")) {
            try Self.parser.parse(["--quite", "a"])
        }
        #expect(throws: UsageError("unknown option '--zzzzzz'", hint: nil)) {
            try Self.parser.parse(["--zzzzzz=1", "a"])
        }
        #expect(throws: UsageError("unknown option '-x'", hint: nil)) {
            try Self.parser.parse(["-x", "a"])
        }
    }

    @Test("values are checked: missing, not allowed (with suggestion), given twice, given to a flag")
    func valueErrors() {
        #expect(throws: UsageError("option '--format' needs a value", hint: "write '--format <format>'")) {
            try Self.parser.parse(["a", "--format"])
        }
        #expect(throws: UsageError("invalid value 'jsn' for '--format'", hint: "did you mean 'json'? (one of text, json)")) {
            try Self.parser.parse(["--format", "jsn", "a"])
        }
        #expect(throws: UsageError("invalid value 'xml' for '--format'", hint: "expected one of text, json")) {
            try Self.parser.parse(["--format=xml", "a"])
        }
        #expect(throws: UsageError("option '--format' given more than once")) {
            try Self.parser.parse(["--format", "json", "--format", "text", "a"])
        }
        #expect(throws: UsageError("option '--quiet' takes no value")) {
            try Self.parser.parse(["--quiet=1", "a"])
        }
    }

    @Test("positional counts are checked")
    func positionals() {
        #expect(throws: UsageError("missing argument <path>")) { try Self.parser.parse(["-q"]) }
        let one = ArgumentParser(options: [], positional: PositionalSpec(name: "file", count: .one, help: ""))
        #expect(throws: UsageError("unexpected argument 'b'")) { try one.parse(["a", "b"]) }
        #expect(throws: UsageError("missing argument <file>")) { try one.parse([]) }
        let none = ArgumentParser(options: [], positional: .none)
        #expect(throws: UsageError("unexpected argument 'a'")) { try none.parse(["a"]) }
    }

    @Test("exit statuses: clean 0, findings 1, usage 2, anything else 3")
    func exitStatuses() {
        #expect(ExitCode(.clean).rawValue == 0)
        #expect(ExitCode(.findings).rawValue == 1)
        #expect(ExitCode(error: UsageError("x")).rawValue == 2)
        #expect(ExitCode(error: InternalFailure("x")).rawValue == 3)
        struct Other: Error {}
        #expect(ExitCode(error: Other()).rawValue == 3)
    }
}
