import FeedbackFlowTestSupport
import Foundation
import Testing

/// `feedbackflow validate` through the built binary. Positions of the bad fixture are
/// counted by hand in `Fixtures/bad/five-problems.yaml`.
@Suite("validate, end to end through the built binary")
struct ValidateEndToEndTests {
    static let bad = "Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml"
    static let warnings = "Tests/FeedbackFlowCLITests/Fixtures/warnings/unreachable.yaml"

    @Test("validate flows exits 0 and reports no problem in the six example files")
    func flowsAreClean() async throws {
        let result = try await BuiltTool.run(["validate", "flows"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "no problems in 6 files\n")
        #expect(result.standardError.isEmpty)
    }

    @Test("a file with five different problems gets all five, each at its line and column, exit 1")
    func fiveProblems() async throws {
        let result = try await BuiltTool.run(["validate", Self.bad])
        #expect(result.status == 1)
        let out = result.standardOutput
        let file = Self.bad
        // Line 8 `    subtitel: Tell us more`: the key starts at column 5.
        #expect(out.contains("\(file):8:5: error: unknown key 'subtitel' [unknown-key]"))
        #expect(out.contains("hint: did you mean 'subtitle'?"))
        // Line 10 `      - rating: {id: stars, max: five}`: `five` starts at column 34.
        #expect(out.contains("\(file):10:34: error: expected an integer, found a string [type-mismatch]"))
        // Line 14 `        action: {push: thanks-screen}`: the target starts at column 24.
        #expect(out.contains("\(file):14:24: error: unknown screen 'thanks-screen' [unknown-screen]"))
        // Line 15 `    style: feedback` repeats the key of line 5; both at column 5.
        #expect(out.contains("\(file):15:5: error: duplicate key 'style'"))
        #expect(out.contains("\(file):5:5: note: first defined here"))
        // Screen `thanks` (line 16, column 3) has no title: reported at its id.
        #expect(out.contains("\(file):16:3: error: screen 'thanks' is missing required key 'title' [missing-key]"))
        #expect(out.hasSuffix("5 errors in 1 file\n"))
    }

    @Test("the caret stands under the reported column in the quoted line")
    func caretUnderColumn() async throws {
        let result = try await BuiltTool.run(["validate", Self.bad])
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasSuffix("[type-mismatch]") })
        #expect(lines[header + 1] == " 10 |       - rating: {id: stars, max: five}")
        // 33 characters precede `five`, so the caret is the 34th after "    | ".
        #expect(lines[header + 2] == "    | " + String(repeating: " ", count: 33) + "^~~~")
    }

    @Test("--format json is one JSON object with every diagnostic and its position")
    func json() async throws {
        for arguments in [["validate", "--format", "json", Self.bad], ["validate", "--format=json", Self.bad]] {
            let result = try await BuiltTool.run(arguments)
            #expect(result.status == 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
            let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
            let positions = diagnostics.map { "\($0["code"] as? String ?? "?")@\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0)" }
            #expect(positions == [
                "unknown-key@8:5", "type-mismatch@10:34", "unknown-screen@14:24", "duplicate-key@15:5", "missing-key@16:3",
            ])
            #expect(diagnostics.allSatisfy { $0["file"] as? String == Self.bad && $0["severity"] as? String == "error" })
            #expect((object["summary"] as? [String: Int])?["errors"] == 5)
        }
    }

    @Test("--format github, sarif and junit describe the same five errors")
    func otherFormats() async throws {
        let github = try await BuiltTool.run(["validate", "--format", "github", Self.bad])
        #expect(github.status == 1)
        let commands = github.standardOutput.split(separator: "\n")
        #expect(commands.count == 5)
        #expect(commands.allSatisfy { $0.hasPrefix("::error file=\(Self.bad),line=") })
        #expect(commands[0].hasPrefix("::error file=\(Self.bad),line=8,col=5,endLine=8,endColumn=13,title=unknown-key::"))

        let sarif = try await BuiltTool.run(["validate", "--format", "sarif", Self.bad])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.outputBytes)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = (log["runs"] as? [[String: Any]])?.first?["results"] as? [Any]
        #expect(results?.count == 5)

        let junit = try await BuiltTool.run(["validate", "--format", "junit", "flows", Self.bad])
        #expect(junit.status == 1)
        #expect(junit.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        // One test case per error of the bad file, one per clean file of flows/.
        let flows = try FileManager.default.contentsOfDirectory(atPath: "flows").filter {
            ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && !$0.contains(".flowtest.")
        }
        #expect(junit.standardOutput.components(separatedBy: "<testcase ").count - 1 == 5 + flows.count)
        #expect(junit.standardOutput.components(separatedBy: "<failure ").count - 1 == 5)
    }

    @Test("warnings alone exit 0; --quiet hides them and the summary")
    func warningsAndQuiet() async throws {
        let loud = try await BuiltTool.run(["validate", Self.warnings])
        #expect(loud.status == 0)
        #expect(loud.standardOutput.contains("warning: screen 'orphan' is unreachable"))
        #expect(loud.standardOutput.hasSuffix("1 warning in 1 file\n"))
        let quiet = try await BuiltTool.run(["validate", "--quiet", Self.warnings])
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty)
        let quietBad = try await BuiltTool.run(["validate", "-q", Self.bad, Self.warnings])
        #expect(quietBad.status == 1)
        #expect(quietBad.standardOutput.contains("error: unknown key 'subtitel'"))
        #expect(!quietBad.standardOutput.contains("warning:"))
        #expect(!quietBad.standardOutput.contains(" in 2 files"))
    }

    @Test(
        "validate /dev/zero, named or piped into 'validate -', stops at the size limit: io-error, exit 1",
        .timeLimit(.minutes(1)))
    func endlessInputIsBounded() async throws {
        let named = try await BuiltTool.run(["validate", "/dev/zero"])
        #expect(named.status == 1)
        #expect(named.standardOutput.contains("/dev/zero:1:1: error: cannot read file '/dev/zero': larger than the limit of 32 MiB [io-error]"))
        // `cat` is stopped by SIGPIPE once the tool has exited; the status is the tool's.
        let piped = try await BuiltTool.runProgram(
            "/bin/sh", ["-c", "cat /dev/zero | \"$0\" validate -", BuiltTool.executable.path])
        #expect(piped.status == 1)
        #expect(piped.standardOutput.contains("-:1:1: error: cannot read file '-': larger than the limit of 32 MiB [io-error]"))
    }

    @Test("validate - and validate /dev/stdin read JSON with --stdin-format json, and YAML by default")
    func standardInputFormat() async throws {
        // Valid YAML (a flow sequence may end in a comma) but not JSON: the comma is at 6:33.
        let text = try String(contentsOf: BuiltTool.fixture("stdin/trailing-comma.json"), encoding: .utf8)
        for path in ["-", "/dev/stdin"] {
            for arguments in [["--stdin-format", "json", path], ["--stdin-format=json", path]] {
                let json = try await BuiltTool.run(["validate"] + arguments, input: text)
                #expect(json.status == 1, "\(arguments)")
                #expect(
                    json.standardOutput.contains("\(path):6:33: error: a trailing comma is not allowed in JSON [syntax-error]"),
                    "\(arguments): \(json.standardOutput)")
            }
            for arguments in [[path], ["--stdin-format", "yaml", path]] {
                let yaml = try await BuiltTool.run(["validate"] + arguments, input: text)
                #expect(yaml.status == 0, "\(arguments): \(yaml.standardOutput)")
            }
        }
        let flow = try String(
            contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.json"), encoding: .utf8)
        let clean = try await BuiltTool.run(["validate", "--stdin-format", "json", "-"], input: flow)
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "no problems in 1 file\n")
    }

    @Test("'-' and /dev/stdin together are standard input once, checked at the first of them")
    func standardInputNamedTwice() async throws {
        let flow = try String(
            contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.json"), encoding: .utf8)
        for paths in [["-", "/dev/stdin"], ["/dev/stdin", "-"], ["-", "-"]] {
            let result = try await BuiltTool.run(["validate", "--stdin-format", "json"] + paths, input: flow)
            #expect(result.status == 0, "\(paths): \(result.standardOutput)")
            #expect(result.standardOutput == "no problems in 1 file\n", "\(paths)")
        }
    }

    @Test("--stdin-format takes yaml or json, and only with '-' or /dev/stdin among the paths; otherwise a usage error with a hint")
    func standardInputFormatUsage() async throws {
        let cases: [([String], String, String)] = [
            (["--stdin-format", "xml", "-"], "invalid value 'xml' for '--stdin-format'", "expected one of yaml, json"),
            (["--stdin-format", "jsno", "-"], "invalid value 'jsno' for '--stdin-format'", "did you mean 'json'?"),
            (["--stdin-format", "json", "flows"], "--stdin-format applies to standard input only", "name standard input with '-'"),
        ]
        for (arguments, message, hint) in cases {
            let result = try await BuiltTool.run(["validate"] + arguments, input: "version: 1\n")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains("error: \(message)"), "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("hint: \(hint)"), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        let help = try await BuiltTool.run(["validate", "--help"])
        #expect(help.standardOutput.contains("--stdin-format <format>"))
    }

    @Test("every file the schema rejects is rejected by validate as well")
    func schemaInvalidFixturesFail() async throws {
        let folder = "Tests/FeedbackFlowCLITests/Fixtures/schema-invalid"
        let names = try FileManager.default.contentsOfDirectory(
            atPath: BuiltTool.repositoryRoot.appendingPathComponent(folder).path)
        let result = try await BuiltTool.run(["validate", "--format", "json", folder])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let failing = Set(diagnostics.filter { $0["severity"] as? String == "error" }.compactMap { $0["file"] as? String })
        #expect(!names.isEmpty)
        for name in names where !name.hasPrefix(".") {
            #expect(failing.contains("\(folder)/\(name)"), "\(name) passes validate")
        }
    }

    @Test("usage errors exit 2 with the error and one hint line on standard error")
    func usageErrors() async throws {
        let cases: [([String], String, String?)] = [
            (["validate", "--fromat", "json", "flows"], "unknown option '--fromat'", "did you mean '--format'?"),
            (["validate", "--format", "xml", "flows"], "invalid value 'xml' for '--format'", "expected one of text, json, github, sarif, junit"),
            (["validate", "--format", "jsno", "flows"], "invalid value 'jsno' for '--format'", "did you mean 'json'?"),
            (["validate", "flows", "--format"], "option '--format' needs a value", nil),
            (["validate"], "missing argument <path>", nil),
            (["validate", "no/such/folder"], "no such file or folder 'no/such/folder'", nil),
            (["validate", "--quiet=yes", "flows"], "option '--quiet' takes no value", nil),
            (["valdate", "flows"], "unknown command 'valdate'", "did you mean 'validate'?"),
            (["validate", "--", "--help"], "no such file or folder '--help'", nil),
            (["run", "a.yaml", "b.yaml"], "unexpected argument 'b.yaml'", nil),
            (["run", "--context", "novalue", "flows/simple-success.flow.yaml"], "invalid --context 'novalue'", "write '--context key=value'"),
            ([], "missing command", nil),
        ]
        for (arguments, message, hint) in cases {
            let result = try await BuiltTool.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            let lines = result.standardError.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains("error: \(message)") }, "\(arguments): \(result.standardError)")
            let hintLine = try #require(lines.last, "\(arguments)")
            #expect(hintLine.hasPrefix("hint: "), "\(arguments)")
            if let hint { #expect(hintLine.contains(hint), "\(arguments): \(hintLine)") }
            if !arguments.isEmpty { #expect(result.standardOutput.isEmpty, "\(arguments)") }
        }
    }

    @Test("--help for the tool and each command, and --version, exit 0 on standard output")
    func helpAndVersion() async throws {
        let version = try await BuiltTool.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "feedbackflow 0.1.0\n")
        let help = try await BuiltTool.run(["--help"])
        #expect(help.status == 0)
        for command in ["validate", "run", "graph", "schema"] {
            #expect(help.standardOutput.contains("  \(command) "))
            let commandHelp = try await BuiltTool.run([command, "--help"])
            #expect(commandHelp.status == 0)
            #expect(commandHelp.standardOutput.contains("USAGE: feedbackflow \(command)"))
            let viaHelp = try await BuiltTool.run(["help", command])
            #expect(viaHelp.standardOutput == commandHelp.standardOutput)
        }
        let validateHelp = try await BuiltTool.run(["validate", "-h"])
        #expect(validateHelp.standardOutput.contains("--format <format[=file]>"))
        #expect(validateHelp.standardOutput.contains("-q, --quiet"))
    }

    @Test("--quiet filters text and github output only: the json summary counts, and json, sarif, junit and checkstyle output, are the same with and without it")
    func quietLeavesMachineOutputAlone() async throws {
        // Five errors in the bad fixture, one warning in the other.
        let paths = [Self.bad, Self.warnings]
        let loud = try await BuiltTool.run(["validate", "--format", "json"] + paths)
        let quiet = try await BuiltTool.run(["validate", "--format", "json", "--quiet"] + paths)
        func summary(_ result: BuiltTool.Result) throws -> [String: Int] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
            return try #require(object["summary"] as? [String: Int])
        }
        #expect(try summary(loud) == ["errors": 5, "warnings": 1, "notes": 0, "files": 2])
        #expect(try summary(quiet) == summary(loud))
        let github = try await BuiltTool.run(["validate", "--format", "github", "-q"] + paths)
        #expect(github.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") })
        for format in ["json", "sarif", "junit", "checkstyle"] {
            let fixed = ["SOURCE_DATE_EPOCH": "1764547200"]
            let without = try await BuiltTool.run(["validate", "--format", format] + paths, environment: fixed)
            let with = try await BuiltTool.run(["validate", "--format", format, "-q"] + paths, environment: fixed)
            #expect(with.status == without.status)
            #expect(with.standardOutput == without.standardOutput, "--quiet changed the \(format) output")
        }
    }

    @Test("--quiet keeps the notes of an error (they are part of it) and help says so")
    func quietKeepsNotesOfErrors() async throws {
        let file = "Tests/FeedbackFlowCLITests/Fixtures/bad/duplicate-style.json"
        let result = try await BuiltTool.run(["validate", "-q", file])
        #expect(result.status == 1)
        // Line 4 `  "style": "error",` repeats the key of line 3, both at column 3.
        #expect(result.standardOutput.contains("\(file):4:3: error:"))
        #expect(result.standardOutput.contains("\(file):3:3: note: first defined here"))
        let help = try await BuiltTool.run(["validate", "--help"])
        #expect(help.standardOutput.contains("Only errors, with their notes and hints; no warnings or summary line."))
    }

    @Test("output to a file or pipe has no escape byte, with or without NO_COLOR")
    func noEscapeOnPipe() async throws {
        for environment in [["TERM": "xterm-256color"], ["TERM": "xterm-256color", "NO_COLOR": "1"]] {
            let result = try await BuiltTool.run(["validate", Self.bad, "--fromat"], environment: environment)
            #expect(!result.errorBytes.contains(0x1B))
            let validate = try await BuiltTool.run(["validate", Self.bad], environment: environment)
            #expect(!validate.outputBytes.contains(0x1B))
            #expect(validate.status == 1)
        }
    }

    @Test(
        "on a terminal colours are on, and NO_COLOR turns them off",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
    func coloursOnTerminal() async throws {
        let binary = BuiltTool.executable.path
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "\(quoted(binary)) validate \(quoted(Self.bad))"
        // script(1) runs the command on a new pseudo-terminal and copies what it wrote.
        let onTerminal = try await BuiltTool.runProgram(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm-256color"])
        #expect(onTerminal.outputBytes.contains(0x1B))
        let noColor = try await BuiltTool.runProgram(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(!noColor.outputBytes.contains(0x1B))
        #expect(noColor.standardOutput.contains("error: unknown key 'subtitel'"))
    }
}
