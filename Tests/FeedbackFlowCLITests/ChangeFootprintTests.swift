import FeedbackFlowTestSupport
import Foundation
import Testing

/// `docs/architecture.md` says which files adding a built-in step, a form field, a
/// request of the language server or an output format touches. These tests find, in the
/// code of `Sources` (comments left out), every place that goes through the kinds one by
/// one, and fail when one is in a file the page does not list: the list stays complete
/// as the code changes.
@Suite("What adding a built-in step, a form field, an LSP request or an output format touches")
struct ChangeFootprintTests {
    static let root = BuiltTool.repositoryRoot.path

    /// The `Sources/…` paths written in backticks in the paragraphs of
    /// `docs/architecture.md` from the one starting with `heading` to the next that starts
    /// in bold.
    static func documentedFiles(under heading: String) throws -> Set<String> {
        let page = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let start = try #require(page.range(of: heading), "no '\(heading)' in docs/architecture.md")
        let rest = page[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n\n**")?.lowerBound ?? rest.endIndex)]
        return Set(section.matches(of: /`(Sources\/[^`]+\.swift)`/).map { String($0.output.1) })
    }

    /// The Swift files of `Sources` whose code (lines that are not comments) matches `pattern`.
    static func sourceFiles(matching pattern: Regex<Substring>) throws -> Set<String> {
        let sources = URL(fileURLWithPath: root + "/Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains(pattern) }) {
                found.insert(String(url.path.dropFirst(root.count + 1)))
            }
        }
        return found
    }

    @Test("every switch over the kinds of step is in a file listed for adding a built-in step")
    func builtInStepFootprint() throws {
        let documented = try Self.documentedFiles(under: "**Add a built-in step**")
        // A closure step (`.perform`) has no behaviour a built-in step could share: code
        // names it only where it goes through every kind of step.
        let switches = try Self.sourceFiles(matching: /(?:case|,)\s*\.perform\b/)
        #expect(!switches.isEmpty)
        #expect(switches.subtracting(documented).isEmpty, "not in docs/architecture.md: \(switches.subtracting(documented).sorted())")
        #expect(documented.contains("Sources/FlowCompile/Model/BuiltInStep.swift"))
    }

    @Test("every place that names a kind of form field is in a file listed for adding one")
    func formFieldFootprint() throws {
        let documented = try Self.documentedFiles(under: "**Add a form field**")
        // A switch over every kind of field names `textEditor`, and so does code that
        // treats one kind apart; code that reads the table does not.
        let places = try Self.sourceFiles(matching: /\.textEditor\b/)
        #expect(!places.isEmpty)
        #expect(places.subtracting(documented).isEmpty, "not in docs/architecture.md: \(places.subtracting(documented).sorted())")
    }

    @Test("every place that names the output formats one by one is in a file listed for adding one")
    func outputFormatFootprint() throws {
        let documented = try Self.documentedFiles(under: "**Add an output format**")
        // A switch over every format names `checkstyle`; code that reads the enum does not.
        let places = try Self.sourceFiles(matching: /\.checkstyle\b/)
        #expect(!places.isEmpty)
        #expect(places.subtracting(documented).isEmpty, "not in docs/architecture.md: \(places.subtracting(documented).sorted())")
    }

    @Test("every place that names a method of the language server protocol is in a file listed for adding a request")
    func languageServerRequestFootprint() throws {
        let documented = try Self.documentedFiles(under: "**Add an LSP request**")
        // A method's name written in code (`"textDocument/hover"`, `"window/showMessage"`):
        // the one table names each; code that reads the table does not.
        let places = try Self.sourceFiles(matching: /"(?:textDocument|workspace|window)\//)
        #expect(!places.isEmpty)
        #expect(places.subtracting(documented).isEmpty, "not in docs/architecture.md: \(places.subtracting(documented).sorted())")
        #expect(documented.contains("Sources/FlowLanguageServer/LSPMethod.swift"))
    }
}
