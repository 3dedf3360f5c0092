import Dispatch
import FlowLanguageServer
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow lsp`: the language server (``LanguageServer``) on standard input and
/// output, until the client sends `exit` or closes its end.
package struct LanguageServerCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "lsp",
        abstract: "Run the language server (LSP 3.17) on standard input and output, for editors.",
        discussion: """
            An editor starts it and talks to it; a person does not type to it. It reports
            the diagnostics of every open flow as 'validate' does (the same codes,
            messages and configuration file), in the position encoding the editor offers.
            EXIT STATUS: 0 after 'shutdown' then 'exit', 1 when the input ends or 'exit'
            comes without 'shutdown'.
            """,
        options: ArgumentReading.specs { LanguageServerCommand() },
        positional: PositionalSpec(name: "none", count: .none, help: ""))

    /// `--stdio`: what editors' clients pass to say the server talks over standard input
    /// and output, which it always does.
    @Option(.flag("stdio", help: "Talk over standard input and output (what the server always does; accepted for editors that pass it)."))
    var stdio: Bool

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    /// The command as `arguments` give it.
    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { LanguageServerCommand() }
    }

    /// Who the server is: the tool's name and version, and its rule catalog.
    package static let info = LSPServerInfo(
        name: FeedbackFlowTool.name, version: FeedbackFlowTool.version, rulesDocumentation: FeedbackFlowTool.rulesDocumentation)

    /// Serves until `exit` or the end of input.
    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let output = environment.output
        let server = LanguageServer(
            output: { bytes in output.write(String(decoding: bytes, as: UTF8.self)) },
            workingDirectory: FileManager.default.currentDirectoryPath, info: Self.info, hints: ValidateCommand.flagHint)
        let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        // At most 4 chunks (of 64 KiB) read ahead of the server: a client writing faster
        // than documents compile waits in its pipe, not in our memory.
        // Made at 0 and given its 4 slots by `signal`: libdispatch stops the process when a
        // semaphore goes away below the value it was made with, as this one may (chunks
        // read and never handled once `exit` came).
        let ahead = DispatchSemaphore(value: 0)
        for _ in 0..<4 { ahead.signal() }
        // Reading blocks: on a thread of its own, never one of Swift's cooperative ones.
        let started = DetachedThread.start(name: "feedbackflow lsp input") {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                ahead.wait()
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count > 0 {
                    continuation.yield(Array(buffer[..<count]))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            continuation.finish()
        }
        guard started == 0 else { throw InternalFailure("cannot start a thread to read standard input") }
        var reader = LSPMessageReader()
        for await chunk in chunks {
            reader.feed(chunk)
            ahead.signal()
            while let frame = reader.next() {
                await server.handle(frame)
                if let status = await server.exitStatus { return status == 0 ? .clean : .findings }
                // Nothing after a broken header can be framed: the error is said, and the
                // server ends rather than seem to hang.
                if case .broken = frame { return .findings }
            }
            // No whole message is at hand: what the changes so far did is said now.
            await server.publishChanged()
        }
        return .findings
    }
}
