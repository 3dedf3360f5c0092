#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import FeedbackFlow
import FlowSource
import Testing

/// `SourceFile.read(path:)` reads anything readable from start to end, and says why
/// when it cannot (QA finding 8). Reasons are strerror(3)'s texts for ENOENT, EISDIR, EACCES.
@Suite("Reading source files", .serialized)
struct SourceFileReadingTests {
    /// A pipe holding `text`, its write end closed: the read end behaves like `<(…)`.
    private func pipeHolding(_ text: String) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = Array(text.utf8)
        try #require(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        return ends[0]
    }

    @Test("a missing file is io-error at 1:1 whose message ends with the system's reason")
    func missingFile() throws {
        let document = DocumentLoader.load(path: "/nonexistent/flow.yaml")
        #expect(document.codes == ["io-error@1:1"])
        #expect(document.diagnostics.first?.message == "cannot read file '/nonexistent/flow.yaml': No such file or directory")
        #expect(document.root == nil)
        #expect(document.source.bytes.isEmpty)
    }

    @Test("a folder is io-error 'Is a directory'")
    func folder() throws {
        let path = Fixtures.url("json").path
        #expect(throws: Diagnostic.self) { try SourceFile.read(path: path) }
        let document = DocumentLoader.load(path: path)
        #expect(document.diagnostics.map(\.message) == ["cannot read file '\(path)': Is a directory"])
    }

    @Test("an unreadable file is io-error 'Permission denied'", .enabled(if: geteuid() != 0, "root may read anything"))
    func permissionDenied() throws {
        let path = NSTemporaryDirectory() + "feedbackflow-unreadable-\(getpid()).yaml"
        try #require(FileManager.default.createFile(atPath: path, contents: Data("a: 1\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #require(chmod(path, 0) == 0)
        let document = DocumentLoader.load(path: path)
        #expect(document.diagnostics.map(\.message) == ["cannot read file '\(path)': Permission denied"])
    }

    @Test("/dev/null is a file with no bytes: empty-document, not io-error")
    func devNull() {
        let document = DocumentLoader.load(path: "/dev/null")
        #expect(document.codes == ["empty-document@1:1"])
    }

    @Test("a pipe named by /dev/fd/N (process substitution) is read to its end")
    func processSubstitution() throws {
        let descriptor = try pipeHolding("a: 1\nb: two\n")
        defer { close(descriptor) }
        let document = DocumentLoader.load(path: "/dev/fd/\(descriptor)")
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?["b"]?.string == "two")
        #expect(document.root?["b"]?.at == "2:4")
    }

    @Test("a fifo is read like a file")
    func fifo() throws {
        let path = NSTemporaryDirectory() + "feedbackflow-fifo-\(getpid())"
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Opening a fifo waits for the other end: the writer runs on its own thread.
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = "title: from a fifo\n".withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        writer.start()
        let document = DocumentLoader.load(path: path)
        #expect(document.diagnostics.isEmpty)
        #expect(document.root?["title"]?.string == "from a fifo")
    }

    @Test("a file of exactly the byte limit is read; one byte more is io-error naming the limit, and no tree")
    func fileOverByteLimit() throws {
        let path = Fixtures.url("size-limit.yaml").path
        let size = Fixtures.bytes("size-limit.yaml").count
        #expect(try SourceFile.read(path: path, byteLimit: size).bytes.count == size)
        let document = DocumentLoader.load(path: path, limits: LoadingLimits(maximumBytes: size - 1))
        #expect(document.codes == ["io-error@1:1"])
        #expect(document.diagnostics.first?.message == "cannot read file '\(path)': larger than the limit of \(size - 1) bytes")
        #expect(document.root == nil)
        #expect(document.source.bytes.isEmpty)
    }

    @Test("a pipe that gives more than the byte limit is io-error; exactly the limit is read")
    func pipeOverByteLimit() throws {
        let text = "title: through a pipe\n"
        let descriptor = try pipeHolding(text)
        defer { close(descriptor) }
        let document = DocumentLoader.load(path: "/dev/fd/\(descriptor)", limits: LoadingLimits(maximumBytes: text.utf8.count - 1))
        #expect(document.codes == ["io-error@1:1"])
        let fitting = try pipeHolding(text)
        defer { close(fitting) }
        #expect(try SourceFile.read(path: "/dev/fd/\(fitting)", byteLimit: text.utf8.count).bytes == Array(text.utf8))
    }

    @Test("an endless device is io-error once it passes the byte limit, not read forever", .timeLimit(.minutes(1)))
    func endlessDevice() {
        let document = DocumentLoader.load(path: "/dev/zero", limits: LoadingLimits(maximumBytes: 4 * 1024))
        #expect(document.diagnostics.map(\.message) == ["cannot read file '/dev/zero': larger than the limit of 4 KiB"])
    }

    @Test("the default byte limit is 32 MiB, and the limit is described in bytes, KiB or MiB")
    func defaultByteLimit() {
        #expect(SourceFile.defaultByteLimit == 32 * 1024 * 1024)
        #expect(SourceFile.describe(byteCount: SourceFile.defaultByteLimit) == "32 MiB")
        #expect(SourceFile.describe(byteCount: 2048) == "2 KiB")
        #expect(SourceFile.describe(byteCount: 1500) == "1500 bytes")
        #expect(SourceFile.describe(byteCount: 1) == "1 byte")
    }

    @Test("path '-' reads standard input and keeps '-' as the file's name")
    func standardInput() throws {
        let descriptor = try pipeHolding("title: from stdin\n")
        let saved = dup(STDIN_FILENO)
        try #require(saved >= 0)
        try #require(dup2(descriptor, STDIN_FILENO) == STDIN_FILENO)
        close(descriptor)
        let source = Result { () throws(Diagnostic) in try SourceFile.read(path: "-") }
        dup2(saved, STDIN_FILENO)
        close(saved)
        let file = try source.get()
        #expect(file.path == "-")
        #expect(file.bytes == Array("title: from stdin\n".utf8))
        #expect(SourceFile.standardInputPath == "-")
    }
}
