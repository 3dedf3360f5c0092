import FeedbackFlow
@testable import FeedbackFlowCLI
import FeedbackFlowTestSupport
import FlowSource
import Foundation
import Testing

/// `feedbackflow fmt`, end to end through the built binary: `--check` and `--diff` in every
/// report format, writing in place, folders, links and standard input. The layout itself
/// is the formatter's (FlowFormatTests); its fixtures are read from there.
@Suite("fmt, end to end")
struct FormatTests {
    /// A fixture of the formatter's tests (`Tests/FlowFormatTests/Fixtures/fmt/`).
    static func fixture(_ name: String) -> URL {
        BuiltTool.repositoryRoot.appendingPathComponent("Tests/FlowFormatTests/Fixtures/fmt/\(name)")
    }

    @Test("fmt --check flows/ passes: the examples are in the layout")
    func examplesAreFormatted() async throws {
        let result = try await BuiltTool.run(["fmt", "--check", "flows/"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test("--check changes nothing and reports each file at its first line that would change, as text, json, github and sarif, as validate does")
    func checkReports() async throws {
        let scratch = try ScratchFolder("fmt-check")
        let name = "comments-before-document-start.flow.yaml"
        let input = try String(contentsOf: Self.fixture("\(name)"), encoding: .utf8)
        let expected = try String(contentsOf: Self.fixture("comments-before-document-start.expected"), encoding: .utf8)
        try input.write(toFile: scratch.path(name), atomically: false, encoding: .utf8)
        try expected.write(toFile: scratch.path("done.flow.yaml"), atomically: false, encoding: .utf8)
        // The first line where the fixture and its hand-typed layout differ.
        let a = input.split(separator: "\n", omittingEmptySubsequences: false)
        let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset) + 1
        let text = try await BuiltTool.run(["fmt", "--check", scratch.url.path])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("\(scratch.path(name)):\(line):1: error: not in fmt's layout"), "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("done.flow.yaml"))
        #expect(text.standardError.contains("1 of 2 files would be reformatted"))
        #expect(try scratch.read(name) == input)
        let json = try await BuiltTool.run(["fmt", "--check", "--format", "json", scratch.path(name), scratch.path("done.flow.yaml")])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let diagnostic = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "not-formatted" && diagnostic["line"] as? Int == line)
        // Both files were looked at, as validate counts the files it checked.
        #expect((object["summary"] as? [String: Any])?["files"] as? Int == 2, "\(json.standardOutput)")
        // SARIF's paths are relative to the repository (or working) folder, and the run's status is stated.
        let sarif = try await BuiltTool.run(["fmt", "--check", "--format", "sarif", name], in: scratch.url.path)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let location = try #require(
            ((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == name && artifact["uriBaseId"] as? String == "%SRCROOT%", "\(artifact)")
        #expect((run["invocations"] as? [[String: Any]])?.first?["exitCode"] as? Int == 1)
        let github = try await BuiltTool.run(["fmt", "--check", scratch.path(name)], environment: ["GITHUB_ACTIONS": "true"])
        #expect(github.standardOutput.hasPrefix("::error file=\(scratch.path(name)),line=\(line),col=1"), "\(github.standardOutput)")
    }

    @Test("--diff prints a unified diff that patch(1) applies to give fmt's layout; nothing is written")
    func diffApplies() async throws {
        let scratch = try ScratchFolder("fmt-diff")
        for name in ["blank-lines", "anchors-and-merge", "block-scalar-header-comment"] {
            let input = try String(contentsOf: Self.fixture("\(name).flow.yaml"), encoding: .utf8)
            let expected = try String(contentsOf: Self.fixture("\(name).expected"), encoding: .utf8)
            try input.write(toFile: scratch.path("\(name).flow.yaml"), atomically: false, encoding: .utf8)
            let diff = try await BuiltTool.run(["fmt", "--diff", scratch.path("\(name).flow.yaml")])
            #expect(diff.status == 0, "\(diff.standardError)")
            #expect(try scratch.read("\(name).flow.yaml") == input)
            try diff.standardOutput.write(toFile: scratch.path("\(name).diff"), atomically: false, encoding: .utf8)
            let patch = try await BuiltTool.runProgram(
                "/usr/bin/env", ["patch", "--quiet", "--no-backup-if-mismatch", scratch.path("\(name).flow.yaml"), scratch.path("\(name).diff")])
            #expect(patch.status == 0, "\(patch.standardOutput)\(patch.standardError)")
            #expect(try scratch.read("\(name).flow.yaml") == expected, "\(name): the patched file is not the layout")
        }
    }

    @Test("a file without a final line break: --check says so at its last line, and --diff gives a patch that applies")
    func noFinalLineBreak() async throws {
        let scratch = try ScratchFolder("fmt-eol")
        let text = "version: 1\nstyle: success\ntitle: Hi\nprimaryAction: none"
        try text.write(toFile: scratch.path("a.flow.yaml"), atomically: false, encoding: .utf8)
        let check = try await BuiltTool.run(["fmt", "--check", scratch.path("a.flow.yaml")])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("a.flow.yaml:4:1: error: not in fmt's layout: fmt would end the file with a line break"), "\(check.standardOutput)")
        let diff = try await BuiltTool.run(["fmt", "--diff", scratch.path("a.flow.yaml")])
        try diff.standardOutput.write(toFile: scratch.path("a.diff"), atomically: false, encoding: .utf8)
        let patch = try await BuiltTool.runProgram("/usr/bin/env", ["patch", "--quiet", scratch.path("a.flow.yaml"), scratch.path("a.diff")])
        #expect(patch.status == 0, "\(patch.standardError)")
        #expect(try scratch.read("a.flow.yaml") == text + "\n")
    }

    @Test("what a person cannot see is named by --check: a byte order mark, CRLF, both; a visible change quotes the line")
    func invisibleChanges() throws {
        let body = ["version: 1", "style: success", "title: Hi", "primaryAction: none"]
        let cases: [(old: String, message: String)] = [
            ("\u{FEFF}" + body.joined(separator: "\n") + "\n", "fmt would drop the byte order mark"),
            (body.joined(separator: "\r\n") + "\r\n", "fmt would end this line with LF, not CRLF"),
            ("\u{FEFF}" + body.joined(separator: "\r\n") + "\r\n", "fmt would drop the byte order mark and end this line with LF, not CRLF"),
            ("\u{FEFF}version:  1\n" + body.dropFirst().joined(separator: "\n") + "\n", "fmt would write this line as 'version: 1'"),
            ("version: 1 \t\n" + body.dropFirst().joined(separator: "\n") + "\n", "fmt would drop the blanks at the end of this line"),
        ]
        let new = body.joined(separator: "\n") + "\n"
        for (old, message) in cases {
            let diagnostic = FormatCommand.notFormatted(old: old, new: new, path: "a.flow.yaml")
            #expect(diagnostic.message == "not in fmt's layout: \(message)")
            #expect(diagnostic.span?.start.line == 1)
        }
    }

    @Test("--diff names a file with a line break, a quote or a backslash as GNU diff does, and patch applies it")
    func diffHeaderQuoting() async throws {
        let scratch = try ScratchFolder("fmt-diff-name")
        let name = "a\nb \"q\" \\.flow.yaml"
        try "version: 1\ntitle: \"Hi\"\nstyle: success\nprimaryAction: none\n".write(toFile: scratch.path(name), atomically: false, encoding: .utf8)
        let diff = try await BuiltTool.run(["fmt", "--diff", name], in: scratch.url.path)
        let ours = try #require(diff.standardOutput.split(separator: "\n").first { $0.hasPrefix("+++ ") })
        // GNU diff's own header for the same name, up to the tab before its date.
        let gnu = try await BuiltTool.runProgram("/bin/sh", ["-c", "cd \"$0\" && diff -u /dev/null \"$1\"", scratch.url.path, name])
        let theirs = try #require(gnu.standardOutput.split(separator: "\n").first { $0.hasPrefix("+++ ") }?.split(separator: "\t").first)
        #expect(ours == theirs)
        try diff.standardOutput.write(toFile: scratch.path("change.diff"), atomically: false, encoding: .utf8)
        let patch = try await BuiltTool.runProgram("/bin/sh", ["-c", "cd \"$0\" && patch --quiet -p0 < change.diff", scratch.url.path])
        #expect(patch.status == 0, "\(patch.standardOutput)\(patch.standardError)")
        #expect(try scratch.read(name) == "version: 1\nstyle: success\ntitle: Hi\nprimaryAction: none\n")
    }

    @Test("files laid out on every core are reported and diffed in the order of the file list, each once")
    func fileOrder() async throws {
        let scratch = try ScratchFolder("fmt-order")
        let loose = "version: 1\ntitle: \"Hi\"\nstyle: success\nprimaryAction: none\n"
        let tidy = "version: 1\nstyle: success\ntitle: Hi\nprimaryAction: none\n"
        // Every third file is in the layout already; the others are not.
        let names = (0..<24).map { String(format: "f%02d.flow.yaml", $0) }
        for (index, name) in names.enumerated() {
            try (index % 3 == 0 ? tidy : loose).write(toFile: scratch.path(name), atomically: false, encoding: .utf8)
        }
        let expected = names.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        let checked = try await BuiltTool.run(["fmt", "--check", scratch.url.path])
        #expect(checked.status == 1)
        let reported = checked.standardOutput.split(separator: "\n").filter { $0.contains(": error: not in fmt's layout") }
        #expect(reported.map { String($0.prefix { $0 != ":" }) } == expected.map { scratch.path($0) })
        #expect(checked.standardError == "16 of 24 files would be reformatted\n")
        let diffed = try await BuiltTool.run(["fmt", "--diff", scratch.url.path])
        let headers = diffed.standardOutput.split(separator: "\n").filter { $0.hasPrefix("--- ") }
        #expect(headers.map(String.init) == expected.map { "--- " + scratch.path($0) })
    }

    @Test("in a folder only flows are rewritten; a link's target is written and the link stays; a read-only or hard-linked file is left, the others formatted")
    func whatIsWritten() async throws {
        let scratch = try ScratchFolder("fmt-what")
        let flow = "version: 1\ntitle: \"Hi\"\nstyle: success\nprimaryAction: none\n"
        let formatted = "version: 1\nstyle: success\ntitle: Hi\nprimaryAction: none\n"
        let compose = "services: {web: {image: \"nginx\"}}\nversion: '3.8'\n"
        try FileManager.default.createDirectory(atPath: scratch.path("repo/real"), withIntermediateDirectories: true)
        try compose.write(toFile: scratch.path("repo/docker-compose.yml"), atomically: false, encoding: .utf8)
        try flow.write(toFile: scratch.path("repo/a.flow.yaml"), atomically: false, encoding: .utf8)
        try flow.write(toFile: scratch.path("repo/real/b.flow.yaml"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.flow.yaml"), withDestinationPath: scratch.path("repo/real/b.flow.yaml"))
        try flow.write(toFile: scratch.path("locked.flow.yaml"), atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scratch.path("locked.flow.yaml"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.path("locked.flow.yaml")) }
        // Two names of one file: writing a new file under one would leave the other with the old text.
        try flow.write(toFile: scratch.path("shared.flow.yaml"), atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(atPath: scratch.path("shared.flow.yaml"), toPath: scratch.path("also-shared.flow.yaml"))
        let result = try await BuiltTool.run([
            "fmt", scratch.path("repo"), scratch.path("link.flow.yaml"), scratch.path("locked.flow.yaml"), scratch.path("shared.flow.yaml"),
        ])
        #expect(try scratch.read("repo/docker-compose.yml") == compose)
        #expect(result.standardOutput.contains("docker-compose.yml:1:1: note: skipped: not a flow"), "\(result.standardOutput)")
        #expect(try scratch.read("repo/a.flow.yaml") == formatted)
        #expect(try scratch.read("repo/real/b.flow.yaml") == formatted)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("link.flow.yaml")) == scratch.path("repo/real/b.flow.yaml"))
        // Left as it was even for root, who may write anything: its mode says it is not to be written.
        #expect(result.status == 1)
        #expect(try scratch.read("locked.flow.yaml") == flow)
        #expect(result.standardOutput.contains("locked.flow.yaml:1:1: error: cannot write"), "\(result.standardOutput)")
        #expect(try scratch.read("shared.flow.yaml") == flow)
        #expect(try scratch.read("also-shared.flow.yaml") == flow)
        #expect(result.standardOutput.contains("shared.flow.yaml:1:1: error: cannot write"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("it has 2 hard links"), "\(result.standardOutput)")
        #expect(result.standardError.contains("2 of 5 files reformatted, 2 left as they were"), "\(result.standardError)")
    }

    @Test("fmt writes in place keeping the file's mode; a file it cannot lay out is left byte for byte, with the reason at its place")
    func writesInPlace() async throws {
        let scratch = try ScratchFolder("fmt-write")
        let input = try String(contentsOf: Self.fixture("quoting.flow.yaml"), encoding: .utf8)
        try input.write(toFile: scratch.path("quoting.flow.yaml"), atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: scratch.path("quoting.flow.yaml"))
        let directive = "# YAML 1.1, as the directive says\n%YAML 1.1\n---\nversion: 1\ntitle:   Hi\n"
        try directive.write(toFile: scratch.path("directive.flow.yaml"), atomically: false, encoding: .utf8)
        let result = try await BuiltTool.run(["fmt", scratch.url.path])
        #expect(result.status == 1)
        #expect(try scratch.read("quoting.flow.yaml") == String(contentsOf: Self.fixture("quoting.expected"), encoding: .utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: scratch.path("quoting.flow.yaml"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try scratch.read("directive.flow.yaml") == directive)
        #expect(result.standardOutput.contains("\(scratch.path("directive.flow.yaml")):2:1: error: a '%' directive"), "\(result.standardOutput)")
        #expect(result.standardError.contains("1 of 2 files reformatted, 1 left as they were"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["directive.flow.yaml", "quoting.flow.yaml"])
        // Standard input to standard output.
        let piped = try await BuiltTool.run(["fmt", "-"], input: input)
        #expect(piped.status == 0)
        #expect(piped.standardOutput == (try scratch.read("quoting.flow.yaml")))
    }

    @Test("a folder search skips the configuration's ignores and notes a fifo it did not open; a file named outright is formatted")
    func configurationIgnores() async throws {
        let scratch = try ScratchFolder("fmt-ignore")
        let flow = "version: 1\ntitle: \"Hi\"\nstyle: success\nprimaryAction: none\n"
        let formatted = "version: 1\nstyle: success\ntitle: Hi\nprimaryAction: none\n"
        try FileManager.default.createDirectory(atPath: scratch.path("flows/drafts"), withIntermediateDirectories: true)
        try "ignore: [\"drafts/\"]\n".write(toFile: scratch.path(".feedbackflow.yaml"), atomically: false, encoding: .utf8)
        for name in ["flows/a.flow.yaml", "flows/drafts/b.flow.yaml", "flows/drafts/c.flow.yaml"] {
            try flow.write(toFile: scratch.path(name), atomically: false, encoding: .utf8)
        }
        try #require(mkfifo(scratch.path("flows/pipe.flow.yaml"), 0o600) == 0)
        let result = try await BuiltTool.run(["fmt", "flows", "flows/drafts/c.flow.yaml"], in: scratch.url.path)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(try scratch.read("flows/a.flow.yaml") == formatted)
        #expect(try scratch.read("flows/drafts/b.flow.yaml") == flow)
        #expect(try scratch.read("flows/drafts/c.flow.yaml") == formatted)
        #expect(result.standardOutput.contains("flows/pipe.flow.yaml:1:1: note: skipped: a fifo, not a regular file [skipped-file]"), "\(result.standardOutput)")
        #expect(result.standardError.contains("2 of 2 files reformatted"), "\(result.standardError)")
        // --config names another file: nothing is ignored by an empty one.
        try "{}\n".write(toFile: scratch.path("empty.yaml"), atomically: false, encoding: .utf8)
        let all = try await BuiltTool.run(["fmt", "--config", "empty.yaml", "flows"], in: scratch.url.path)
        #expect(all.status == 0)
        #expect(try scratch.read("flows/drafts/b.flow.yaml") == formatted)
        // The configuration is read only for a folder search: a broken one stops that, not a named file or standard input.
        try "ignore: [\n".write(toFile: scratch.path(".feedbackflow.yaml"), atomically: false, encoding: .utf8)
        try flow.write(toFile: scratch.path("flows/a.flow.yaml"), atomically: false, encoding: .utf8)
        let named = try await BuiltTool.run(["fmt", "flows/a.flow.yaml"], in: scratch.url.path)
        #expect(named.status == 0, "\(named.standardError)")
        #expect(try scratch.read("flows/a.flow.yaml") == formatted)
        let searched = try await BuiltTool.run(["fmt", "flows"], in: scratch.url.path)
        #expect(searched.status == 2, "\(searched.standardError)")
        #expect(searched.standardError.contains(".feedbackflow.yaml:"), "\(searched.standardError)")
    }

    @Test("standard input fmt leaves as it was comes back on standard output byte for byte, in any encoding; unreadable, nothing")
    func refusedStandardInputBytes() async throws {
        let scratch = try ScratchFolder("fmt-stdin-bytes")
        // Latin-1 'é' (0xE9) is not UTF-8; UTF-16 with its byte order mark is not either.
        let latin1: [UInt8] = Array("version: 1\ntitle:  caf".utf8) + [0xE9] + Array("\n".utf8)
        let utf16: [UInt8] = [0xFF, 0xFE] + "version:  1\n".utf8.flatMap { [$0, 0] }
        for (name, bytes) in [("latin1.flow.yaml", latin1), ("utf16.flow.yaml", utf16)] {
            try Data(bytes).write(to: scratch.url.appendingPathComponent(name))
            let result = try await BuiltTool.runProgram(
                "/bin/sh", ["-c", "\"$0\" fmt - < \"$1\" > \"$2\"", BuiltTool.executable.path, scratch.path(name), scratch.path("\(name).out")])
            #expect(result.status == 1, "\(name)")
            #expect(result.standardError.contains("[invalid-utf8]"), "\(name): \(result.standardError)")
            #expect(try Array(Data(contentsOf: scratch.url.appendingPathComponent("\(name).out"))) == bytes, "\(name)")
        }
        let tooLarge = try await BuiltTool.run(["fmt", "--limit", "bytes=4", "-"], input: "version: 1\n")
        #expect(tooLarge.status == 1)
        #expect(tooLarge.standardOutput == "")
    }

    @Test("standard input is JSON with --stdin-format json or a .json --stdin-filename, which also names it in reports")
    func standardInputOptions() async throws {
        let json = try String(contentsOf: Self.fixture("key-order.flow.json"), encoding: .utf8)
        let expected = try String(contentsOf: Self.fixture("key-order.expected"), encoding: .utf8)
        let byFormat = try await BuiltTool.run(["fmt", "--stdin-format", "json", "-"], input: json)
        #expect(byFormat.status == 0)
        #expect(byFormat.standardOutput == expected)
        let byName = try await BuiltTool.run(["fmt", "--stdin-filename", "flows/welcome.flow.json", "-"], input: json)
        #expect(byName.status == 0)
        #expect(byName.standardOutput == expected)
        // /dev/stdin is standard input too: written to standard output, the file behind it untouched.
        let scratch = try ScratchFolder("fmt-dev-stdin")
        try json.write(toFile: scratch.path("welcome.flow.json"), atomically: false, encoding: .utf8)
        // So are its other names, however spelled: none rewrites the file it is redirected from.
        for name in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "//dev/./stdin"] {
            let devStdin = try await BuiltTool.runProgram(
                "/bin/sh", ["-c", "\"$0\" fmt --stdin-format json \"$2\" < \"$1\"", BuiltTool.executable.path, scratch.path("welcome.flow.json"), name])
            #expect(devStdin.standardOutput == expected, "\(name)")
            #expect(try scratch.read("welcome.flow.json") == json, "\(name)")
        }
        // --stdin-format wins over the name's extension: this JSON is read as YAML (a flow mapping), and stays one.
        let asYAML = try await BuiltTool.run(["fmt", "--stdin-format", "yaml", "--stdin-filename", "w.flow.json", "-"], input: "{version: 1, screens: {}}\n")
        #expect(asYAML.standardOutput == "{version: 1, screens: {}}\n")
        // The diff's labels and a read error carry the name too.
        let diff = try await BuiltTool.run(["fmt", "--diff", "--stdin-filename", "flows/welcome.flow.json", "-"], input: json)
        #expect(diff.standardOutput.hasPrefix("--- flows/welcome.flow.json\n+++ flows/welcome.flow.json\n"), "\(diff.standardOutput)")
        let tooLarge = try await BuiltTool.run(["fmt", "--limit", "bytes=10", "--stdin-filename", "flows/welcome.flow.json", "-"], input: json)
        #expect(tooLarge.status == 1)
        #expect(tooLarge.standardError.hasPrefix("flows/welcome.flow.json:1:1: error: cannot read file '-': larger than the limit"), "\(tooLarge.standardError)")
        let checked = try await BuiltTool.run(["fmt", "--check", "--stdin-filename", "flows/welcome.flow.json", "-"], input: json)
        #expect(checked.status == 1)
        #expect(checked.standardOutput.hasPrefix("flows/welcome.flow.json:1:1: error: not in fmt's layout"), "\(checked.standardOutput)")
        let unused = try await BuiltTool.run(["fmt", "--stdin-filename", "a.yaml", "flows"])
        #expect(unused.status == 2)
        #expect(unused.standardError.contains("--stdin-filename names standard input, and no path reads it"))
    }
}
