import FeedbackFlowTestSupport
import Foundation
import Testing

/// What `Package.swift` says about the files of the test targets. SwiftPM prints
/// "found N file(s) which are unhandled" on every build for a file in a target's folder
/// that is neither a source, a declared resource nor excluded.
@Suite("Package manifest")
struct PackageManifestTests {
    @Test("every file directly in a test target's folder is a Swift source, a declared resource or excluded")
    func noUnhandledFiles() throws {
        let root = BuiltTool.repositoryRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let blocks = manifest.components(separatedBy: ".testTarget(").dropFirst()
        #expect(blocks.count >= 4)
        for block in blocks {
            let name = try #require(Self.strings(in: block, after: "name:").first)
            // The block ends where the next target begins.
            let target = block.components(separatedBy: "\n        ),").first ?? block
            let declared = Set(Self.strings(in: target, after: "exclude:") + Self.strings(in: target, after: "resources:"))
            let folder = root.appendingPathComponent("Tests/\(name)").path
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: folder + "/" + file, isDirectory: &isFolder)
                guard !isFolder.boolValue, !file.hasSuffix(".swift") else { continue }
                #expect(declared.contains(file), "Tests/\(name)/\(file) is not excluded in Package.swift")
            }
        }
    }

    /// The modules of the products for apps, and what none of them may use: the
    /// `Synchronization` module (macOS 15 / iOS 18, above the declared platforms) and
    /// process APIs (an iOS app cannot spawn programs).
    static let hostModules = ["FlowSource", "FlowYAML", "FlowCompile", "FeedbackFlowCore", "FeedbackFlowHTTP", "FeedbackFlow"]
    static let forbidden = [
        "import Synchronization", "Mutex<", "Atomic<", "posix_spawn", "waitid(", "waitpid(", "fork(", "execv", "pipe2",
        "/proc/self",
    ]

    @Test("the products for apps use nothing above iOS 16 / macOS 13 and spawn no process; programs are a product of their own")
    func hostProductsStayPortable() throws {
        let root = BuiltTool.repositoryRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("platforms: [.iOS(.v16), .macOS(.v13)]"))
        // Every library product is the module of its name (`import` what you depend on), and
        // every one but the programs' is made of host modules.
        for line in manifest.split(separator: "\n") where line.contains(".library(name:") {
            #expect(Self.strings(in: String(line), after: "targets:") == Self.strings(in: String(line), after: "name:"), "\(line)")
            let targets = Self.strings(in: String(line), after: "targets:")
            if Self.strings(in: String(line), after: "name:").first == "FeedbackFlowPrograms" { continue }
            #expect(targets.allSatisfy(Self.hostModules.contains), "\(line)")
        }
        for module in Self.hostModules {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "\(module)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for word in Self.forbidden where text.contains(word) {
                    Issue.record("Sources/\(module)/\(file) uses '\(word)'")
                }
            }
        }
    }

    /// The double-quoted strings of the bracketed list (or the one string) after `key` in `text`.
    static func strings(in text: String, after key: String) -> [String] {
        guard let start = text.range(of: key) else { return [] }
        var rest = text[start.upperBound...]
        if let open = rest.firstIndex(where: { $0 == "[" || $0 == "\"" }), rest[open] == "[" {
            rest = rest[open...]
            if let close = rest.firstIndex(of: "]") { rest = rest[..<close] }
        } else if let end = rest.firstIndex(of: ",") {
            rest = rest[..<end]
        }
        return rest.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
