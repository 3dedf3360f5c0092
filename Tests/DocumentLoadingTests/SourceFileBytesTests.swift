import Foundation
import FeedbackFlow
import FlowSource
import Testing

/// ``SourceFile/read(path:)``: the bytes exactly as stored, and `io-error` for what
/// cannot be read as a file.
@Suite("Reading source files: exact bytes and sizes")
struct SourceFileBytesTests {
    /// Writes `bytes` to a new temporary file and returns its path.
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedbackflow-read-\(UUID().uuidString).yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file's bytes come back exactly: BOM, CRLF, non-ASCII and NUL included")
    func exactBytes() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: é\r\nb: \"\u{0}\"\n".utf8)
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try SourceFile.read(path: path)
        #expect(file.bytes == bytes)
        #expect(file.path == path)
    }

    @Test("an empty file reads as no bytes; a large one whole")
    func emptyAndLarge() throws {
        let empty = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try SourceFile.read(path: empty).bytes.isEmpty)
        // 300,000 bytes: more than one 64 KiB chunk, whatever the reading strategy.
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let path = try Self.temporaryFile(large)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SourceFile.read(path: path).bytes == large)
    }

    @Test("a folder or a missing file is an io-error at 1:1 naming the path")
    func unreadable() throws {
        let folder = FileManager.default.temporaryDirectory.path
        for path in [folder, "/nonexistent/flow.yaml"] {
            #expect(throws: Diagnostic.self) { try SourceFile.read(path: path) }
            let document = DocumentLoader.load(path: path)
            #expect(document.root == nil)
            #expect(document.diagnostics.map(\.code) == ["io-error"])
            #expect(document.diagnostics.first?.message.hasPrefix("cannot read file '\(path)': ") == true)
            #expect(document.diagnostics.first?.span?.start == SourcePosition(line: 1, column: 1))
        }
    }
}
