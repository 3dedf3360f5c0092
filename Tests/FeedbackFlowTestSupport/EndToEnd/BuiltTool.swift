import Foundation
import Testing

/// The `feedbackflow` executable built next to this test bundle, run as a separate
/// process, the way a user or CI runs it.
///
/// The binary is looked up in the build products folder, beside the test program that
/// runs (e.g. `.build/debug/`). `scripts/test` builds it before `swift test`;
/// a missing binary fails the test with that advice instead of passing silently.
package struct BuiltTool {
    /// What one run printed and how it ended.
    package struct Result {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String
        package var outputBytes: [UInt8]
        package var errorBytes: [UInt8]
    }

    /// The root of the source tree (three levels above this file's folder).
    package static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    package static var executable: URL {
        productsFolder.appendingPathComponent("feedbackflow")
    }

    /// The build products folder: where the test program that runs lies (SwiftPM builds
    /// every target's products there, `feedbackflow` among them).
    package static var productsFolder: URL {
        var program = URL(fileURLWithPath: CommandLine.arguments.first ?? "").standardizedFileURL
        // On Apple platforms the tests run inside a `.xctest` bundle's `Contents/MacOS`.
        while program.pathComponents.contains(where: { $0.hasSuffix(".xctest") }), !program.lastPathComponent.hasSuffix(".xctest") {
            program.deleteLastPathComponent()
        }
        return program.deletingLastPathComponent()
    }

    /// Type-checks Swift `files` against the modules the tests were built with, as a file
    /// of another package would be: without this package's name, so `package`
    /// declarations are out of reach (`swiftc -typecheck`, Swift 6 language mode). The
    /// system libraries' module maps are given as SwiftPM gives them to a dependent
    /// package: the modules that import them internally still name them.
    package static func typeCheck(_ files: [String]) async throws -> Result {
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules").path
        return try await runProgram(
            "/usr/bin/env",
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
             "-I", repositoryRoot.appendingPathComponent("Sources/CYAML").path,
             "-I", repositoryRoot.appendingPathComponent("Sources/CCurl").path] + files)
    }


    /// Runs the tool with `arguments` in the repository root (so `flows/…` paths work),
    /// feeding `input` on standard input (then end of file). Output goes to files, not
    /// pipes, so a large output cannot block the child. `environment` is added to a
    /// minimal one (PATH, HOME) with NO_COLOR unset.
    /// - Parameter standardOutput: a file to write standard output to instead of a
    ///   fresh one (e.g. `/dev/full`); the result's standard output is then empty.
    package static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        standardOutput: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Result {
        let binary = executable
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no executable at \(binary.path); build it first (scripts/test runs 'swift build --product feedbackflow')",
            sourceLocation: sourceLocation)
        return try await runProgram(
            binary.path, arguments, input: input, environment: environment, standardOutput: standardOutput)
    }

    /// Runs the tool with `folder` as its working directory (where it looks for its
    /// configuration), through `/bin/sh`.
    package static func run(_ arguments: [String], in folder: String) async throws -> Result {
        let quoted = ([executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await runProgram("/bin/sh", ["-c", "cd '\(folder)' && exec \(quoted)"])
    }

    /// Runs any program the same way (used to run the tool under script(1)).
    package static func runProgram(
        _ program: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        standardOutput: String? = nil
    ) async throws -> Result {
        let binary = URL(fileURLWithPath: program)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedbackflow-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("stdin")
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path]
        variables.merge(environment) { $1 }
        process.environment = variables
        let inputHandle = try FileHandle(forReadingFrom: inputURL)
        let outputHandle = try FileHandle(forWritingTo: standardOutput.map(URL.init(fileURLWithPath:)) ?? outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle

        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try? inputHandle.close()
        try? outputHandle.close()
        try? errorHandle.close()
        let outputBytes = [UInt8](try Data(contentsOf: outputURL))
        let errorBytes = [UInt8](try Data(contentsOf: errorURL))
        return Result(
            status: status,
            standardOutput: String(decoding: outputBytes, as: UTF8.self),
            standardError: String(decoding: errorBytes, as: UTF8.self),
            outputBytes: outputBytes, errorBytes: errorBytes)
    }

    /// A new empty temporary folder, removed by the caller.
    package static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedbackflow-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
