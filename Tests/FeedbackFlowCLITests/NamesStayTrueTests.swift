import FeedbackFlowTestSupport
import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI

/// Names in comments and documents that point at the code: they must name what exists.
@Suite("Names stay true")
struct NamesStayTrueTests {
    static let root = BuiltTool.repositoryRoot

    /// Every file of the repository, as paths relative to its root (build output and Git's
    /// own folder left out).
    static func repositoryFiles() -> [String] {
        let base = root.path + "/"
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".build") || path.hasPrefix(".git/") || path == ".git" {
                if path == ".build" || path == ".git" { enumerator?.skipDescendants() }
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
        }
        return files
    }

    /// The modules the package declares (every `name:` of a target in `Package.swift`).
    static func modules() throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return Set(manifest.matches(of: /(?:target|Target|executableTarget|testTarget|systemLibrary)\(\s*name: "([A-Za-z0-9_-]+)"/).map { String($0.1) })
    }

    @Test("every file a document names in backticks exists in the repository")
    func documentedFilesExist() throws {
        let files = Self.repositoryFiles()
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        let documents = ["README.md", "benchmarks/README.md", "Fuzz/README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
                .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" })
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            for match in text.matches(of: /`([A-Za-z0-9_.\/+-]+\.(?:swift|py|md|yaml|json|c))`/) {
                let path = String(match.1)
                checked += 1
                if path.contains("/") {
                    #expect(files.contains { $0 == path || $0.hasSuffix("/" + path) }, "\(document) names '\(path)', which does not exist")
                } else if path.first?.isUppercase == true, path.hasSuffix(".swift") {
                    #expect(names.contains(path), "\(document) names '\(path)', which does not exist")
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("no comment, document or symbol link names a module the package no longer has")
    func moduleNamesExist() throws {
        // The package's modules and the toolchain's that documentation links into.
        let modules = try Self.modules().union(["Swift", "Foundation", "FoundationEssentials", "Dispatch", "Testing"])
        #expect(modules.isSuperset(of: ["FlowSource", "FlowCompile", "FeedbackFlowCore", "FeedbackFlow"]))
        // Modules that were renamed or cut up; their old names may appear nowhere (plain
        // text search: `FlowDocumentTests` holds a gone name too). `FeedbackFlowHTTP` is a
        // module of today, so `FlowHTTP` counts only where `Feedback` does not come before.
        func goneNames(in text: String) -> [String] {
            var found: [String] = []
            for name in ["FlowDocument", "FlowRuntime", "FlowHTTP"] {
                var rest = text[...]
                while let range = rest.range(of: name) {
                    if !(name == "FlowHTTP" && text[..<range.lowerBound].hasSuffix("Feedback")) { found.append(name) }
                    rest = rest[range.upperBound...]
                }
            }
            return found
        }
        let swiftFiles = Self.repositoryFiles().filter { $0.hasSuffix(".swift") }
        // The types declared anywhere, and by module folder: a link's first part is a
        // module or one of them, and a module's link names a type that module declares.
        var types: Set<String> = []
        var typesByModule: [String: Set<String>] = [:]
        for file in swiftFiles {
            let text = (try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let parts = file.split(separator: "/")
            for declaration in text.matches(of: /\b(?:struct|enum|class|actor|protocol|typealias|extension)\s+([A-Z][A-Za-z0-9]*)/) {
                types.insert(String(declaration.1))
                if parts.first == "Sources", parts.count > 2 { typesByModule[String(parts[1]), default: []].insert(String(declaration.1)) }
            }
        }
        // `FeedbackFlow` re-exports the model and the runtime: their types are its types too.
        typesByModule["FeedbackFlow", default: []].formUnion(
            ["FlowSource", "FlowCompile", "FeedbackFlowCore"].flatMap { typesByModule[$0] ?? [] })
        for file in Self.repositoryFiles() where [".swift", ".md", ".yml", ".sh"].contains(where: file.hasSuffix) || file.hasPrefix("scripts/") {
            let text = (try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            if file == "Tests/FeedbackFlowCLITests/NamesStayTrueTests.swift" { continue }
            for name in goneNames(in: text) {
                Issue.record("\(file) names the module '\(name)', which no longer exists")
            }
            // ``Module/Symbol`` and ``Type/member`` links: the first part must be a module
            // of the package or a declared type.
            for link in text.matches(of: /``([A-Z][A-Za-z0-9]*)\/([A-Z][A-Za-z0-9]*)?/) {
                let head = String(link.1)
                if !modules.contains(head), !types.contains(head) {
                    Issue.record("\(file) links ``\(head)/…``, and there is no module or type \(head)")
                }
                if let declared = typesByModule[head], let symbol = link.2.map(String.init), !declared.contains(symbol) {
                    Issue.record("\(file) links ``\(head)/\(symbol)``, and module \(head) declares no \(symbol)")
                }
            }
        }
    }

    @Test("the synopsis of docs/command-line.md gives every command with every option it declares, and no other")
    func synopsisMatchesTheCommands() throws {
        let reference = try String(contentsOf: Self.root.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        // The first code block: one entry per command, continued on indented lines.
        let block = try #require(reference.components(separatedBy: "```").dropFirst().first)
        var synopsis: [String: String] = [:]
        var current: String?
        for line in block.split(separator: "\n") {
            if line.hasPrefix("feedbackflow "), let word = line.split(separator: " ").dropFirst().first {
                current = String(word)
                synopsis[String(word), default: ""] += line + "\n"
            } else if line.hasPrefix(" "), let current {
                synopsis[current, default: ""] += line + "\n"
            }
        }
        var options = 0
        for command in FeedbackFlowTool.commands {
            let name = command.configuration.name
            let entry = try #require(synopsis[name], "the synopsis has no 'feedbackflow \(name)'")
            let declared = Set(command.configuration.options.map(\.name))
            let written = Set(entry.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) })
            options += declared.count
            #expect(declared.isSubset(of: written), "\(name): the synopsis lacks \(declared.subtracting(written).sorted())")
            #expect(written.isSubset(of: declared), "\(name): the synopsis names \(written.subtracting(declared).sorted()), which it does not take")
        }
        #expect(options > 40)
    }

    @Test("a host value's name is checked the same way wherever it is given, with the same hint")
    func contextKeysShareOneCheck() throws {
        for (key, hint) in [
            ("call.max-participants", "'-' subtracts in a condition, so no condition could read 'call.max-participants'; write 'call.max_participants'"),
            ("1-st", "'-' subtracts in a condition, so no condition could read '1-st'; a name has letters, digits and '_' in parts joined by '.', each part starting with a letter or '_'"),
            ("in", "'in' is a word of conditions (true, false, null, in); choose another name"),
        ] {
            #expect(throws: UsageError("invalid --context key '\(key)'", hint: hint)) { try ContextDeclaration.checkKey(key, what: "--context key") }
            #expect(throws: UsageError("invalid --context key '\(key)'", hint: hint)) {
                try ContextDeclaration(parsing: ["\(key)=1"], valueRequired: true)
            }
        }
        #expect(throws: UsageError.self) { try ContextDeclaration.checkKey("flow.mine", what: "--context key") }
        try ContextDeclaration.checkKey("call.max_participants", what: "--context key")
    }

    @Test("every option a message, hint or help text of the tool spells is an option a command declares")
    func spelledOptionsExist() throws {
        let declared = Set(FeedbackFlowTool.commands.flatMap { $0.configuration.options.map(\.name) } + ["help", "version", "markdown"])
        var spelled = 0
        for file in Self.repositoryFiles() where file.hasPrefix("Sources/FeedbackFlowCLI/") && file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // A CSS custom property (`--accent:`, `var(--accent)`) is not an option.
                for option in line.matches(of: /--([a-z][a-z-]*[a-z])(?![a-z:)-])/) {
                    spelled += 1
                    #expect(declared.contains(String(option.1)), "\(file):\(number + 1) spells --\(option.1), which no command declares")
                }
            }
        }
        #expect(spelled > 50)
    }
}
