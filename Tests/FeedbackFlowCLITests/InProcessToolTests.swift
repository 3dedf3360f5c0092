#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowSource
import FeedbackFlowTestSupport
import Foundation
import Testing
import FlowTerminal
import FlowReporting
@testable import FeedbackFlowCLI

/// The tool as a library: commands take their streams, input and styles injected.
@Suite("The tool in process, with injected output, input and styles")
struct InProcessToolTests {
    struct Run {
        let status: ExitCode
        let output: String
        let errors: String
    }

    static func run(_ arguments: [String], input: [String] = [], colours: Bool = false) async -> Run {
        let output = BufferWriter()
        let errors = BufferWriter()
        let environment = CommandEnvironment(
            output: output, errorOutput: errors, input: ScriptedLineReader(input),
            outputStyle: TerminalStyle(isEnabled: colours), errorStyle: TerminalStyle(isEnabled: colours))
        let status = await FeedbackFlowTool.main(arguments: arguments, environment: environment)
        return Run(status: status, output: output.text, errors: errors.text)
    }

    static func path(_ relative: String) -> String {
        BuiltTool.repositoryRoot.appendingPathComponent(relative).path
    }

    @Test("docs/options.md is the reference 'help --markdown' generates from the commands' declarations, and names every option of every command")
    func optionsPageIsGenerated() async throws {
        let run = await Self.run(["help", "--markdown"])
        #expect(run.status == .clean)
        let page = try String(contentsOfFile: Self.path("docs/options.md"), encoding: .utf8)
        #expect(page == run.output, "regenerate: feedbackflow help --markdown > docs/options.md")
        for command in FeedbackFlowTool.commands {
            #expect(page.contains("## feedbackflow \(command.configuration.name)\n"))
            for option in command.configuration.options {
                let cell = option.synopsis.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
                #expect(page.contains("| `\(cell)` |"), "--\(option.name) of \(command.configuration.name)")
            }
        }
    }

    @Test("validate writes to the injected output; colours only when its style is enabled")
    func validateStyles() async {
        let bad = Self.path("Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml")
        let plain = await Self.run(["validate", bad])
        #expect(plain.status == .findings)
        #expect(!plain.output.contains("\u{1B}"))
        #expect(plain.output.contains(":8:5: error: unknown key 'subtitel'"))
        let coloured = await Self.run(["validate", bad], colours: true)
        #expect(coloured.status == .findings)
        #expect(coloured.output.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    @Test("run reads the injected input and writes the flow to the injected output")
    func runInjected() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedback = folder.appendingPathComponent("out.jsonl").path
        let result = await Self.run(
            ["run", "--feedback-out", feedback, Self.path("flows/call-quality-rating.flow.yaml")],
            input: ["set email grace@example.com", "rate 5", "1", "1"])
        #expect(result.status == .clean, "\(result.errors)")
        #expect(result.output.contains("Thank you!"))
        let line = try String(contentsOfFile: feedback, encoding: .utf8)
        #expect(line.contains("\"rating\":5"))
        #expect(line.contains("grace@example.com"))
    }

    @Test("validate DIR never opens a fifo inside the folder: it is skipped with a note, the other files are checked")
    func fifoInFolderIsSkipped() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Self.path("flows/simple-success.flow.yaml"), toPath: folder.appendingPathComponent("ok.yaml").path)
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // Opening a fifo waits for a writer. Should validate open it, this writer comes
        // after a while, writes nothing and closes, so the test fails instead of hanging.
        Thread.detachNewThread {
            sleep(3)
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        let result = await Self.run(["validate", folder.path])
        #expect(result.status == .clean, "\(result.output)")
        #expect(result.output == """
            \(fifo):1:1: note: skipped: a fifo, not a regular file [skipped-file]
            hint: a folder search reads regular files only; name the file to read it

            1 note in 1 file

            """)
    }

    @Test("a usage error names the command, gives one hint line, and is coloured only when enabled")
    func usageError() async {
        let plain = await Self.run(["graph", "--fromat", "dot", "x.yaml"])
        #expect(plain.status == .usageError)
        #expect(plain.output.isEmpty)
        #expect(plain.errors == """
            feedbackflow graph: error: unknown option '--fromat'
            hint: did you mean '--format'? See 'feedbackflow graph --help'.

            """)
        let coloured = await Self.run(["graph", "--fromat"], colours: true)
        #expect(coloured.errors.contains("\u{1B}["))
    }

    @Test("no arguments prints the tool's help on standard error and is a usage error")
    func noArguments() async {
        let result = await Self.run([])
        #expect(result.status == .usageError)
        #expect(result.errors.hasPrefix("OVERVIEW: "))
        #expect(result.errors.contains("error: missing command"))
    }

    @Test("a thrown error that is not a usage error is an internal failure, status 3")
    func internalFailure() {
        let errors = BufferWriter()
        let environment = CommandEnvironment(output: BufferWriter(), errorOutput: errors, input: ScriptedLineReader([]))
        let status = FeedbackFlowTool.report(InternalFailure("disk on fire"), command: "run", environment)
        #expect(status == .internalFailure)
        #expect(errors.text == "feedbackflow run: internal error: disk on fire\n")
    }
}
