import FeedbackFlowTestSupport
import Foundation
import Testing

/// `feedbackflow new` through the built binary: every starter flow validates with no
/// diagnostic (the opt-in flow checks on too), names the schema editors read, and a file
/// that exists is never written over.
@Suite("new: starter flows")
struct NewCommandTests {
    /// The templates the format's documentation promises.
    static let templates = ["rating", "error-retry", "branching", "single"]

    @Test("each template writes a flow that validates with no diagnostic, opt-in checks on, is in fmt's layout, and says how to run it")
    func templatesValidateClean() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = try JSONSerialization.jsonObject(
            with: Data(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent("schemas/feedbackflow.schema.json"))) as? [String: Any]
        let address = try #require(schema?["$id"] as? String)
        let config = BuiltTool.fixture("flow-checks/.feedbackflow.yaml").path
        for template in Self.templates {
            let name = folder.appendingPathComponent("starter-\(template)").path
            let made = try await BuiltTool.run(["new", name, "--template", template])
            #expect(made.status == 0, "\(template): \(made.standardError)")
            let path = name + ".flow.yaml"
            #expect(made.standardOutput.contains("feedbackflow preview \(path)"), "\(made.standardOutput)")
            // The three next steps' explanations start in one column, whatever handlers the run needs.
            let steps = made.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  feedbackflow ") }
            let columns = Set(steps.compactMap { line in
                ["play it", "see it", "check it"].compactMap { line.range(of: $0)?.lowerBound }.first.map { line.distance(from: line.startIndex, to: $0) }
            })
            #expect(steps.count == 3 && columns.count == 1, "\(template): \(made.standardOutput)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=\(address)\n"))
            let checked = try await BuiltTool.run(["validate", "--format", "json", "--config", config, path])
            let report = try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [String: Any]
            #expect(checked.status == 0 && (report?["diagnostics"] as? [Any])?.isEmpty == true, "\(template): \(checked.standardOutput)")
            if template != "single" { #expect(text.contains("id: starter-\(template)\n")) }
            let layout = try await BuiltTool.run(["fmt", "--check", path])
            #expect(layout.status == 0, "\(template) is not in fmt's layout: \(layout.standardOutput)")
        }
    }

    @Test("a file that exists is not written over: status 2, the file as it was")
    func neverOverwrites() async throws {
        let folder = try BuiltTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mine.flow.yaml")
        try Data("mine\n".utf8).write(to: path)
        let again = try await BuiltTool.run(["new", folder.appendingPathComponent("mine").path])
        #expect(again.status == 2)
        #expect(again.standardError.contains("exists already"))
        #expect(try String(contentsOf: path, encoding: .utf8) == "mine\n")
        // A name that makes no id, and a JSON name, are refused before anything is written.
        #expect(try await BuiltTool.run(["new", folder.appendingPathComponent("9 lives").path]).status == 2)
        #expect(try await BuiltTool.run(["new", folder.appendingPathComponent("x.json").path]).status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["mine.flow.yaml"])
    }
}
