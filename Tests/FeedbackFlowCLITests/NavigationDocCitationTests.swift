import FeedbackFlowTestSupport
import Foundation
import Testing

/// `docs/navigation.md` cites, for each rule, the test that pins it (`KEY "test name"`,
/// with `…` standing for left-out words); the keys name test files in its table.
@Suite("Navigation rules' citations")
struct NavigationDocCitationTests {
    static func squeezed(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("every test docs/navigation.md cites exists in the file its key names")
    func citationsNameTests() throws {
        let root = BuiltTool.repositoryRoot
        let doc = try String(contentsOf: root.appendingPathComponent("docs/navigation.md"), encoding: .utf8)
        // `| NS | `NavigationStateTests.swift` |`, and `| VR / VF | `a.swift` / `b.swift` |`.
        var files: [String: String] = [:]
        for row in doc.matches(of: /\| ([A-Z]{2})(?: \/ ([A-Z]{2}))? \| `([^`]+)`(?: \/ `([^`]+)`)?/) {
            files[String(row.1)] = String(row.3)
            if let second = row.2, let file = row.4 { files[String(second)] = String(file) }
        }
        #expect(files.count >= 20)
        var testNames: [String: [String]] = [:]
        var cited = 0
        for citation in doc.matches(of: /\b([A-Z]{2}) "([^"]+)"/) {
            let key = String(citation.1)
            guard let file = files[key] else {
                Issue.record("docs/navigation.md cites key \(key), which its table does not name")
                continue
            }
            if testNames[file] == nil {
                let path = file.hasPrefix("Tests/") ? file : "Tests/FeedbackFlowTests/\(file)"
                let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                testNames[file] = source.matches(of: /@Test\(\s*"((?:[^"\\]|\\.)*)"/).map {
                    Self.squeezed($0.1.replacingOccurrences(of: "\\\"", with: "\""))
                }
            }
            let pieces = citation.2.split(separator: "…").map { Self.squeezed($0) }.filter { !$0.isEmpty }
            let found = testNames[file, default: []].contains { name in pieces.allSatisfy { name.contains($0) } }
            #expect(found, "no test \"\(Self.squeezed(citation.2))\" in \(file)")
            cited += 1
        }
        #expect(cited >= 100)
    }
}
