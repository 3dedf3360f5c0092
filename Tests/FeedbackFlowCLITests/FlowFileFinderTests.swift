#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FeedbackFlowTestSupport
import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI

@Suite("validate's path expansion: folders, extensions, hidden entries, order")
struct FlowFileFinderTests {
    /// Creates `files` (relative paths) under a new temporary folder.
    static func tree(_ files: [String]) throws -> URL {
        let root = try BuiltTool.temporaryFolder()
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x: 1\n".utf8).write(to: url)
        }
        return root
    }

    @Test("folders are searched recursively for .yaml/.yml/.json, sorted, hidden entries skipped")
    func search() throws {
        let root = try Self.tree([
            "b.yaml", "a.JSON", "notes.txt", "sub/c.yml", "sub/deeper/d.yaml", ".hidden/e.yaml", ".f.yaml", "Z.yaml",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try FlowFileFinder.files(for: [root.path])
        let relative = files.map { String($0.dropFirst(root.path.count + 1)) }
        // Sorted by Unicode scalar values: uppercase before lowercase, '/' (2F) before letters.
        #expect(relative == ["Z.yaml", "a.JSON", "b.yaml", "sub/c.yml", "sub/deeper/d.yaml"])
    }

    @Test("a named file is checked whatever its extension, and a file reached twice once")
    func namedFiles() throws {
        let root = try Self.tree(["flow.txt", "dir/a.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        let named = root.appendingPathComponent("flow.txt").path
        let inside = root.appendingPathComponent("dir/a.yaml").path
        let files = try FlowFileFinder.files(for: [named, inside, root.appendingPathComponent("dir").path + "/"])
        #expect(files == [named, inside])
    }

    @Test("a missing path or a folder without flow files is a usage error")
    func errors() throws {
        let root = try Self.tree(["readme.md"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: UsageError("no .yaml, .yml or .json file in folder '\(root.path)'")) {
            try FlowFileFinder.files(for: [root.path])
        }
        #expect(throws: UsageError("no such file or folder '\(root.path)/nope'")) {
            try FlowFileFinder.files(for: [root.path + "/nope"])
        }
    }

    @Test("a file named through a symbolic link, a hard link or './' is the same file, checked once at its first place")
    func sameFileByOtherPaths() throws {
        let root = try Self.tree(["a.yaml", "other.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.yaml").path
        let symbolic = root.appendingPathComponent("link.yaml").path
        let hard = root.appendingPathComponent("hard.yaml").path
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: file)
        #expect(link(file, hard) == 0)
        let other = root.appendingPathComponent("other.yaml").path
        let files = try FlowFileFinder.files(for: [symbolic, file, hard, root.path + "/./a.yaml", other, root.path])
        #expect(files == [symbolic, other])
    }

    @Test("a named path that is a link loop, or that goes through a file as if it were a folder, is a usage error saying so")
    func unreachableNamedPaths() throws {
        let root = try Self.tree(["a.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("l1.yaml").path, second = root.appendingPathComponent("l2").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        #expect(throws: UsageError("cannot follow '\(first)': its symbolic links make a loop")) {
            try FlowFileFinder.files(for: [first])
        }
        let through = root.appendingPathComponent("a.yaml").path + "/b.yaml"
        #expect(throws: UsageError("no such file or folder '\(through)': a part of the path before the end is not a folder")) {
            try FlowFileFinder.files(for: [through])
        }
    }

    @Test("a symbolic link loop is visited once")
    func symlinkLoop() throws {
        let root = try Self.tree(["a/x.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/loop").path, withDestinationPath: root.appendingPathComponent("a").path)
        let files = try FlowFileFinder.files(for: [root.appendingPathComponent("a").path])
        #expect(files.count == 1)
    }

    @Test("a fifo or a device inside a folder is skipped, with its kind; named on the command line it is a file to read")
    func specialFilesInFolders() throws {
        let root = try Self.tree(["dir/a.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("dir/pipe.yaml").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let device = root.appendingPathComponent("dir/null.json").path
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/null")
        let folder = root.appendingPathComponent("dir").path
        let expansion = try FlowFileFinder.expand([folder])
        #expect(expansion.files == [root.appendingPathComponent("dir/a.yaml").path])
        #expect(expansion.skipped == [
            FlowFileFinder.Skipped(path: device, kind: "a character device"),
            FlowFileFinder.Skipped(path: fifo, kind: "a fifo"),
        ])
        let named = try FlowFileFinder.expand([fifo, device])
        #expect(named.files == [fifo, device])
        #expect(named.skipped.isEmpty)
        // A folder whose only flow-named entry is a fifo says so in its usage error.
        let lone = root.appendingPathComponent("lone").path
        try FileManager.default.createDirectory(atPath: lone, withIntermediateDirectories: true)
        try #require(mkfifo(lone + "/p.yaml", 0o600) == 0)
        #expect(throws: UsageError("no .yaml, .yml or .json file in folder '\(lone)' ('\(lone)/p.yaml' is a fifo, not a regular file)")) {
            try FlowFileFinder.expand([lone])
        }
    }

    @Test("a folder that cannot be listed is an io-error at its path, and the rest is still searched: validate and fmt go on, status 1")
    func unreadableFolder() async throws {
        let root = try BuiltTool.temporaryFolder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("flows/locked").path)
            try? FileManager.default.removeItem(at: root)
        }
        let flow = try Data(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("flows/call-quality-rating.flow.yaml"))
        for folder in ["flows/ok", "flows/locked"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try flow.write(to: root.appendingPathComponent("\(folder)/call.flow.yaml"))
        }
        let locked = root.appendingPathComponent("flows/locked").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        // Root may list any folder: the tool runs as nobody then (setpriv(1), util-linux).
        func run(_ arguments: [String]) async throws -> BuiltTool.Result {
            guard getuid() == 0 else { return try await BuiltTool.run(arguments) }
            return try await BuiltTool.runProgram(
                "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", BuiltTool.executable.path] + arguments)
        }
        let expected = "\(locked):1:1: error: cannot read folder '\(locked)': Permission denied [io-error]"
        let validated = try await run(["validate", root.appendingPathComponent("flows").path])
        #expect(validated.status == 1)
        #expect(validated.standardOutput.hasPrefix(expected), "\(validated.standardOutput)")
        #expect(!validated.standardOutput.contains("ok/call.flow.yaml"), "the readable flow is clean: \(validated.standardOutput)")
        let checked = try await run(["fmt", "--check", root.appendingPathComponent("flows").path])
        #expect(checked.status == 1)
        #expect(checked.standardOutput.hasPrefix(expected), "\(checked.standardOutput)")
        #expect(checked.standardError.contains("0 of 1 file would be reformatted"), "\(checked.standardError)")
        // Named alone, it is the same error, not a usage error; reached twice, said once.
        let alone = try await run(["validate", locked])
        #expect(alone.status == 1)
        #expect(alone.standardOutput.hasPrefix(expected), "\(alone.standardOutput)")
        let twice = try await run(["validate", root.appendingPathComponent("flows").path, locked])
        #expect(twice.standardOutput.components(separatedBy: "cannot read folder").count == 2, "\(twice.standardOutput)")
        // A folder that may be listed but not looked into (no search permission) is said too, not passed over.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked)
        let listed = try await run(["validate", root.appendingPathComponent("flows").path])
        #expect(listed.status == 1)
        #expect(listed.standardOutput.hasPrefix(expected), "\(listed.standardOutput)")
        // A folder the configuration ignores is not searched, so not reported.
        try "ignore: [\"flows/locked\"]\n".write(to: root.appendingPathComponent(".feedbackflow.yaml"), atomically: false, encoding: .utf8)
        let ignored = try await run(["validate", "--config", root.appendingPathComponent(".feedbackflow.yaml").path, root.appendingPathComponent("flows").path])
        #expect(ignored.status == 0, "\(ignored.standardOutput)")
    }

    @Test("a file named on the command line is never skipped by the configuration's ignores, whichever spelling reached it first")
    func namedFilesAreKept() throws {
        let root = try Self.tree(["flows/a.yaml", "flows/drafts/b.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("flows").path
        // Found first in the folder as flows/drafts/b.yaml, then named through a './'.
        let expansion = try FlowFileFinder.expand([folder, root.path + "/./flows/drafts/b.yaml"])
        #expect(expansion.files == [folder + "/a.yaml", folder + "/drafts/b.yaml"])
        #expect(expansion.named == [folder + "/drafts/b.yaml"])
        try "ignore: [\"drafts/\"]\n".write(to: root.appendingPathComponent(".feedbackflow.yaml"), atomically: false, encoding: .utf8)
        let configuration = try ValidationConfiguration.read(root.appendingPathComponent(".feedbackflow.yaml").path, workingDirectory: root.path)
        #expect(configuration.withoutIgnored(expansion, workingDirectory: root.path).files == expansion.files)
        #expect(configuration.withoutIgnored(try FlowFileFinder.expand([folder]), workingDirectory: root.path).files == [folder + "/a.yaml"])
    }

    @Test("standard input is named by '-', /dev/stdin, /dev/fd/0, /proc's descriptor 0, however spelled and through links; a file is not")
    func standardInputNames() throws {
        let root = try Self.tree(["a.yaml"])
        defer { try? FileManager.default.removeItem(at: root) }
        // A link to /dev/stdin, a link to that link, and a folder link to /dev.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("in").path, withDestinationPath: "/dev/stdin")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("in2").path, withDestinationPath: "in")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("devices").path, withDestinationPath: "/dev")
        let named = [
            "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "/proc/thread-self/fd/0", "/proc/\(getpid())/fd/0", "//dev//stdin", "/dev/./fd/0",
            "/dev/../dev/stdin", root.appendingPathComponent("in").path, root.appendingPathComponent("in2").path,
            root.appendingPathComponent("devices/stdin").path,
        ]
        for name in named {
            #expect(StandardInput.isNamed(by: name), "\(name)")
        }
        let files = ["--", "dev/stdin", "./-", "/dev/fd/1", "/dev/stdin/x", "/proc/self/fd/00", "/dev/stdout", root.appendingPathComponent("a.yaml").path]
        for name in files {
            #expect(!StandardInput.isNamed(by: name), "\(name)")
        }
    }

    @Test("paths join without './' or a doubled slash")
    func join() {
        #expect(FlowFileFinder.join(".", "a.yaml") == "a.yaml")
        #expect(FlowFileFinder.join("flows/", "a.yaml") == "flows/a.yaml")
        #expect(FlowFileFinder.join("flows", "a.yaml") == "flows/a.yaml")
    }
}
