import Dispatch
import FeedbackFlowCLI
import FlowLanguageServer
import FuzzDriver

/// Feeds the input to the language server's message reader in chunks of varying size and
/// hands every frame to a server (an `initialize` first, so documents are compiled):
/// framing, JSON-RPC handling, document edits and position conversion on arbitrary bytes.
/// Crashes, sanitizer reports and hangs (`-timeout`) are findings.
@_cdecl("FuzzLanguageServer_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let initialize = Array("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}".utf8)
    return runFuzzer(argc, argv) { bytes in
        var reader = LSPMessageReader()
        reader.feed(Array("Content-Length: \(initialize.count)\r\n\r\n".utf8) + initialize)
        var frames: [LSPMessageReader.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        // Chunk sizes from the input's first byte, so splits land everywhere.
        let step = max(1, Int(bytes.first ?? 7))
        var index = 0
        while index < bytes.count {
            reader.feed(bytes[index..<min(index + step, bytes.count)])
            while let frame = reader.next() { frames.append(frame) }
            index += step
        }
        let done = DispatchSemaphore(value: 0)
        let handled = frames.prefix(200)
        Task {
            // The server (and every document it holds) is released before the input is
            // over: the task's frame, not its closure, owns it, so the leak check that
            // follows each input does not see it still alive while the task winds down.
            var server: LanguageServer? = LanguageServer(output: { _ in }, workingDirectory: "/nonexistent", info: LanguageServerCommand.info)
            for frame in handled { await server?.handle(frame) }
            await server?.publishChanged()
            server = nil
            done.signal()
        }
        done.wait()
    }
}
