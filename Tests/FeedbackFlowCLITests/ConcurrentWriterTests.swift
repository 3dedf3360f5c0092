@testable import FeedbackFlowCLI
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command that replaces a file (`fmt`, `strings export`, `convert -o`,
/// `validate --write-baseline`) never writes over an edit made while it ran. Each test
/// starts the built tool with `FEEDBACKFLOW_STOP_BEFORE_REPLACING`, so that it stops
/// itself just before it checks the file; the test changes the file then, lets it go on
/// (`SIGCONT`), and reads what is left. No clock is raced: the tool's stop is the signal.
@Suite(
    "Replacing a file that changed meanwhile",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "sees the tool stop in /proc"))
struct ConcurrentWriterTests {
    static let unformatted = "version: 1\ntitle: \"Hi\"\nstyle: success\nprimaryAction: none\n"
    static let formatted = "version: 1\nstyle: success\ntitle: Hi\nprimaryAction: none\n"

    /// Runs `arguments` in `scratch`, stopped before its replacement; `change` is made
    /// then; the tool's status, standard output and standard error.
    static func run(
        _ arguments: [String], in scratch: ScratchFolder, change: () throws -> Void
    ) async throws -> (status: Int32, output: String, error: String) {
        let tool = try RunningTool(
            arguments, input: "", folder: scratch.url, name: "tool", environment: [FileReplacement.stopVariable: "1"])
        #expect(await tool.waitUntilStopped(), "the tool did not stop before replacing")
        try change()
        tool.send(SIGCONT)
        #expect(await tool.wait())
        return (tool.status, try String(contentsOfFile: tool.outputPath, encoding: .utf8), try String(contentsOfFile: tool.errorPath, encoding: .utf8))
    }

    /// The names in `scratch` but the tool's own files.
    static func names(in scratch: ScratchFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { !$0.hasPrefix("tool.") }.sorted()
    }

    @Test("fmt leaves a file written to while it ran with the writer's text, says format-refused at the file, and exits 1")
    func fmtKeepsAnAppendedLine() async throws {
        let scratch = try ScratchFolder("replace-append")
        let path = scratch.path("a.flow.yaml")
        try Self.unformatted.write(toFile: path, atomically: false, encoding: .utf8)
        let edited = Self.unformatted + "subtitle: added meanwhile\n"
        let result = try await Self.run(["fmt", path], in: scratch) {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("subtitle: added meanwhile\n".utf8))
            try handle.close()
        }
        #expect(result.status == 1)
        #expect(try scratch.read("a.flow.yaml") == edited)
        #expect(result.output.contains("\(path):1:1: error: '\(path)' was written to after it was read"), "\(result.output)")
        #expect(result.output.contains("[format-refused]"), "\(result.output)")
        #expect(result.error.contains("0 of 1 file reformatted, 1 left as they were"), "\(result.error)")
        #expect(try Self.names(in: scratch) == ["a.flow.yaml"])
    }

    @Test("fmt leaves a file an editor saved meanwhile (a new file renamed over it) as the editor wrote it")
    func fmtKeepsAnEditorsSave() async throws {
        let scratch = try ScratchFolder("replace-save")
        let path = scratch.path("a.flow.yaml")
        try Self.unformatted.write(toFile: path, atomically: false, encoding: .utf8)
        // The same size as before: only the file's identity tells.
        let saved = Self.unformatted.replacingOccurrences(of: "Hi", with: "Yo")
        let result = try await Self.run(["fmt", path], in: scratch) {
            try saved.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(result.status == 1)
        #expect(try scratch.read("a.flow.yaml") == saved)
        #expect(result.output.contains("was replaced by another file"), "\(result.output)")
    }

    @Test("fmt writes the file when nothing changed while it was stopped before the rename")
    func fmtWritesAnUnchangedFile() async throws {
        let scratch = try ScratchFolder("replace-unchanged")
        let path = scratch.path("a.flow.yaml")
        try Self.unformatted.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try await Self.run(["fmt", path], in: scratch) {}
        #expect(result.status == 0, "\(result.output)")
        #expect(try scratch.read("a.flow.yaml") == Self.formatted)
        #expect(try Self.names(in: scratch) == ["a.flow.yaml"])
    }

    @Test("a flow removed while fmt ran is not made again")
    func fmtDoesNotRecreateARemovedFile() async throws {
        let scratch = try ScratchFolder("replace-removed")
        let path = scratch.path("a.flow.yaml")
        try Self.unformatted.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try await Self.run(["fmt", path], in: scratch) { try FileManager.default.removeItem(atPath: path) }
        #expect(result.status == 1)
        #expect(try Self.names(in: scratch) == [])
        #expect(result.output.contains("was removed or moved away"), "\(result.output)")
    }

    @Test("strings export leaves a catalog edited while it merged as the editor left it, and exits 1")
    func stringsKeepsAnEditedCatalog() async throws {
        let scratch = try ScratchFolder("replace-strings")
        let catalog = scratch.path("Localizable.xcstrings")
        try FileManager.default.copyItem(atPath: BuiltTool.fixture("strings/xcode.xcstrings").path, toPath: catalog)
        let translated = try String(contentsOfFile: catalog, encoding: .utf8).replacingOccurrences(of: "\"strings\"", with: "\"strings\" ")
        let result = try await Self.run(["strings", "export", BuiltTool.fixture("strings/feedback.flow.yaml").path, "-o", catalog], in: scratch) {
            try translated.write(toFile: catalog, atomically: true, encoding: .utf8)
        }
        #expect(result.status == 1)
        #expect(try scratch.read("Localizable.xcstrings") == translated)
        #expect(result.error.contains("\(catalog): error: '\(catalog)' was replaced by another file"), "\(result.error)")
    }

    @Test("convert -o and validate --write-baseline do not write over a file changed after they opened it")
    func outputsKeepAnEdit() async throws {
        let scratch = try ScratchFolder("replace-outputs")
        let flow = BuiltTool.fixture("strings/feedback.flow.yaml").path
        let converted = scratch.path("out.json")
        try "{}\n".write(toFile: converted, atomically: false, encoding: .utf8)
        let convert = try await Self.run(["convert", "--to", "json", flow, "-o", converted], in: scratch) {
            try "{\"mine\": 1}\n".write(toFile: converted, atomically: false, encoding: .utf8)
        }
        #expect(convert.status != 0)
        #expect(try scratch.read("out.json") == "{\"mine\": 1}\n")
        #expect(convert.error.contains("'\(converted)' was written to after it was read"), "\(convert.error)")
        let baseline = scratch.path("navigation.baseline")
        let written = try await Self.run(["validate", "--write-baseline", baseline, flow], in: scratch) {
            try "mine\n".write(toFile: baseline, atomically: true, encoding: .utf8)
        }
        #expect(written.status != 0)
        #expect(try scratch.read("navigation.baseline") == "mine\n")
        #expect(try Self.names(in: scratch) == ["navigation.baseline", "out.json"])
    }

    @Test("a temporary file a killed run left is removed by the next run when its process is gone; a live process's is kept")
    func staleTemporaryFilesAreRemoved() async throws {
        let scratch = try ScratchFolder("replace-stale")
        let path = scratch.path("a.flow.yaml")
        try Self.unformatted.write(toFile: path, atomically: false, encoding: .utf8)
        // A process that has ended (and been waited for): its pid names no process.
        let ended = try await BuiltTool.runProgram("/bin/sh", ["-c", "echo $$"])
        let gone = try #require(Int32(ended.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        try #require(kill(gone, 0) != 0 && errno == ESRCH)
        let stale = FileReplacement.temporaryName(of: path, process: gone)
        let live = FileReplacement.temporaryName(of: path, process: getpid())
        try "half-written".write(toFile: stale, atomically: false, encoding: .utf8)
        try "being written".write(toFile: live, atomically: false, encoding: .utf8)
        let result = try await BuiltTool.run(["fmt", path])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(try scratch.read("a.flow.yaml") == Self.formatted)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test("a file whose times cannot tell (written within the clock's granularity of the read, same size) is told by its bytes")
    func bytesTellWhatTimesCannot() throws {
        let scratch = try ScratchFolder("replace-bytes")
        let path = scratch.path("a.flow.yaml")
        try Self.unformatted.write(toFile: path, atomically: false, encoding: .utf8)
        let (read, stamp) = try SourceFile.readStamped(path: path)
        #expect(FileReplacement.change(at: path, since: .read(read, stamp)) == nil)
        // What the read saw, with other bytes of the same length: as a write the clock did not see.
        let other = SourceFile(path: path, bytes: Array(Self.unformatted.replacingOccurrences(of: "Hi", with: "Yo").utf8))
        #expect(FileReplacement.change(at: path, since: .read(other, stamp)) == "was written to")
        // Long after the file's last change, its times are trusted and the bytes not read.
        let seen = try #require(stamp)
        let later = ReadStamp(fingerprint: seen.fingerprint, time: FileFingerprint.Stamp(seconds: seen.time.seconds + 60, nanoseconds: 0))
        #expect(FileReplacement.change(at: path, since: .read(other, later)) == nil)
        // Only the times moved (a touch): the bytes are compared, and they are the same.
        var times = timespec()
        times.tv_sec = 1_000_000_000
        var both = [times, times]
        #expect(utimensat(AT_FDCWD, path, &both, 0) == 0)
        #expect(FileReplacement.change(at: path, since: .read(read, later)) == nil)
        #expect(FileReplacement.change(at: path, since: .read(other, later)) == "was written to")
        // Without a stamp (standard input), nothing is checked.
        #expect(FileReplacement.change(at: path, since: .read(other, nil)) == nil)
        #expect(FileReplacement.change(at: scratch.path("new"), since: .absent) == nil)
        #expect(FileReplacement.change(at: path, since: .absent) == "was created")
    }
}
