import FeedbackFlowTestSupport
import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI

/// Usage errors at the edges of the command line, and the `--context` / `--handler`
/// declarations, through the built binary.
@Suite("Command-line edges, end to end")
struct CommandLineEdgesEndToEndTests {
    static let hostFlow = "Tests/FeedbackFlowCLITests/Fixtures/context/host-variables.yaml"

    @Test("every command says a flow file in a loop of symbolic links is one, with one message")
    func symbolicLinkLoop() async throws {
        let scratch = try ScratchFolder("link-loop")
        let a = scratch.path("a.flow.yaml"), b = scratch.path("b.flow.yaml")
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let message = "error: cannot follow '\(a)': its symbolic links make a loop"
        for arguments in [
            ["run", "--feedback-out", scratch.path("f.jsonl"), a], ["graph", a], ["trigger", a, "--event", "callEnded"],
            ["parse", a], ["validate", a],
        ] {
            let result = try await BuiltTool.run(arguments, input: "quit\n")
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    @Test("a hint is a sentence of its own before 'See …'")
    func hintSentences() async throws {
        let format = try await BuiltTool.run(["validate", "--format", "xml", "flows"])
        #expect(format.status == 2)
        #expect(format.standardError.hasSuffix(
            "hint: expected one of text, json, github, sarif, junit, checkstyle, optionally followed by =FILE. See 'feedbackflow validate --help'.\n"))
        let context = try await BuiltTool.run(["run", "--context", "novalue", "flows/simple-success.flow.yaml"])
        #expect(context.status == 2)
        #expect(context.standardError.hasSuffix("hint: write '--context key=value'. See 'feedbackflow run --help'.\n"))
        // A hint that is already a question keeps its own mark.
        let typo = try await BuiltTool.run(["validate", "--fromat", "json", "flows"])
        #expect(typo.standardError.hasSuffix("hint: did you mean '--format'? See 'feedbackflow validate --help'.\n"))
    }

    @Test("extra arguments after --version or help COMMAND are usage errors", arguments: [
        ["--version", "extra"], ["help", "run", "extra"],
    ])
    func extraArguments(_ arguments: [String]) async throws {
        let result = try await BuiltTool.run(arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: unexpected argument 'extra'"))
    }

    @Test("an empty --feedback-out or --transcript is a usage error", arguments: ["--feedback-out=", "--transcript="])
    func emptyFileOptions(_ option: String) async throws {
        let result = try await BuiltTool.run(["run", option, "flows/simple-success.flow.yaml"], input: "1\n")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: option '\(option.dropLast())' needs a value, not an empty one"))
    }

    @Test("--context keys: a template name, not reserved, not a field id, given once — else usage error 2",
          arguments: [
            (["a b=c"], "invalid --context key 'a b'"),
            (["1st=x"], "invalid --context key '1st'"),
            (["=x"], "the key is empty"),
            (["flow.id=X"], "--context key 'flow.id' is reserved"),
            (["screen.id=X"], "--context key 'screen.id' is reserved"),
            (["flow.name=X"], "--context key 'flow.name' is reserved"),
            (["email=x"], "--context key 'email' is also a field id of 'flows/call-quality-rating.flow.yaml' (screen 'rate-call')"),
            (["who=1", "who=2"], "--context key 'who' given more than once"),
          ] as [([String], String)])
    func contextKeys(_ values: [String], _ message: String) async throws {
        let arguments = ["run"] + values.flatMap { ["--context", $0] } + ["flows/call-quality-rating.flow.yaml"]
        let result = try await BuiltTool.run(arguments, input: "quit\n")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("run refuses a --context key that is a value a handler of the flow returns: only the handler gives it")
    func contextKeyReturnedByHandler() async throws {
        let result = try await BuiltTool.run(
            ["run", "--context", "lookup.found=abc", "Tests/FeedbackFlowCLITests/Fixtures/run/handler-returns.yaml"], input: "quit\n")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(
            "--context 'lookup.found' is a value handler 'lookup' of 'Tests/FeedbackFlowCLITests/Fixtures/run/handler-returns.yaml' returns; only the handler gives it"),
            "\(result.standardError)")
    }

    @Test("validate names --context after an expression's hint only where the hint speaks of a host value, not after a 'did you mean'")
    func contextFlagOnExpressionHints() async throws {
        let result = try await BuiltTool.run(["validate", BuiltTool.fixture("flag-hints/expression-names.yaml").path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("unknown name 'ratng'"))
        #expect(result.standardOutput.contains("hint: did you mean 'rating'?\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(
            "hint: declare it under 'context:' (a value the host provides) or 'variables:' (set by a 'set' step) (with 'validate --context NAME')\n"),
            "\(result.standardOutput)")
    }

    @Test("validate --context NAME declares a host variable: a flow using it passes")
    func validateContext() async throws {
        let without = try await BuiltTool.run(["validate", Self.hostFlow])
        #expect(without.status == 1)
        #expect(without.standardOutput.contains("unknown reference 'who'"))
        // The library's hint names the concept; validate adds the option that declares it.
        #expect(without.standardOutput.contains(
            "hint: a template names a field id of the flow, 'flow.id', 'screen.id', or a host-provided variable; if the host provides 'who', declare it as one (with 'validate --context NAME')\n"))
        let with = try await BuiltTool.run(
            ["validate", "--context", "who", "--context", "account.plan=pro", "--handler", "syncProfile", Self.hostFlow])
        #expect(with.status == 0, "\(with.standardOutput)")
        #expect(with.standardOutput.hasSuffix("no problems in 1 file\n"))
        let clash = try await BuiltTool.run(["validate", "--context", "email", "flows/call-quality-rating.flow.yaml"])
        #expect(clash.status == 2)
        #expect(clash.standardError.contains("--context key 'email' is also a field id"))
    }

    @Test("validate --handler NAME declares a custom step: no unknown-step warning for it")
    func validateHandlerSilencesWarning() async throws {
        let file = "Tests/FeedbackFlowCLITests/Fixtures/context/near-built-in-step.yaml"
        let without = try await BuiltTool.run(["validate", file])
        #expect(without.status == 0)
        #expect(without.standardOutput.contains("[unknown-step]"))
        #expect(without.standardOutput.contains(
            "hint: did you mean 'dismiss'? If 'dismis' is a custom step, declare its handler (with 'validate --handler NAME')\n"))
        let with = try await BuiltTool.run(["validate", "--handler", "dismis", file])
        #expect(with.status == 0)
        #expect(with.standardOutput == "no problems in 1 file\n")
    }

    @Test("validate --print-config refuses an option only a check uses, naming it, instead of dropping it")
    func printConfigAlone() throws {
        for (option, value) in [("--write-baseline", "b.txt"), ("--baseline", "b.txt"), ("--format", "json"), ("--shard", "1/2")] {
            let parsed = try ValidateCommand.configuration.parser.parse(["--print-config", option, value, "flows"])
            #expect(throws: UsageError.self, "\(option)") { try ValidateCommand(arguments: parsed) }
            do {
                _ = try ValidateCommand(arguments: parsed)
            } catch {
                #expect(error.message == "--print-config prints the configuration and checks nothing, so \(option) has nothing to do")
            }
        }
        #expect(try ValidateCommand(arguments: ValidateCommand.configuration.parser.parse(["--print-config", "flows"])).printsConfiguration)
    }

    @Test("lsp takes --stdio, which editors' language clients pass, and nothing else")
    func languageServerStdio() throws {
        _ = try LanguageServerCommand(arguments: LanguageServerCommand.configuration.parser.parse(["--stdio"]))
        #expect(throws: UsageError.self) { try LanguageServerCommand.configuration.parser.parse(["--socket"]) }
    }

    @Test("validate --handler is parsed into the command's handler names, repeatable")
    func validateHandlers() throws {
        let parsed = try ValidateCommand.configuration.parser.parse(
            ["--handler", "syncProfile", "--handler=openChat", "--handler", "syncProfile", "flows"])
        let command = try ValidateCommand(arguments: parsed)
        #expect(command.handlers == ["syncProfile", "openChat"])
        #expect(command.paths == ["flows"])
    }
}

/// `-` names standard input for `validate` and `graph`, never for `run`.
@Suite("Standard input as a flow file, end to end")
struct StandardInputEndToEndTests {
    @Test("validate - reads the flow from standard input and reports at '-:line:col'")
    func validateStandardInput() async throws {
        // Line 3 column 1 is `titel`, counted by hand in the input below.
        let bad = try await BuiltTool.run(
            ["validate", "-"], input: "version: 1\nstyle: success\ntitel: x\nprimaryAction: none\n")
        #expect(bad.status == 1)
        #expect(bad.standardOutput.contains("-:3:1: error: unknown key 'titel' [unknown-key]"))
        let good = try await BuiltTool.run(
            ["validate", "-"], input: "version: 1\nstyle: success\ntitle: x\nprimaryAction: none\n")
        #expect(good.status == 0)
    }

    @Test("run - is a usage error: its answers come from standard input")
    func runStandardInput() async throws {
        let result = try await BuiltTool.run(["run", "-"], input: "1\n")
        #expect(result.status == 2)
        #expect(result.standardError.contains("'run' reads its answers from standard input"))
    }
}
