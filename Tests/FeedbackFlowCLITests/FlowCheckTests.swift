import FeedbackFlowTestSupport
import Foundation
import Testing

/// The checks of the flow as a whole, one fixture each in `Fixtures/flow-checks/` with
/// its expected diagnostic beside it (place and message, found in the text); the folder's
/// `.feedbackflow.yaml` turns the opt-in ones on.
@Suite("Flow-level checks")
struct FlowCheckTests {
    static let folder = "Tests/FeedbackFlowCLITests/Fixtures/flow-checks"


    @Test("each fixture gets exactly its expected diagnostic, with the opt-in checks turned on by the folder's configuration")
    func fixtures() async throws {
        let root = BuiltTool.repositoryRoot.appendingPathComponent(Self.folder).path
        let result = try await BuiltTool.run(["validate", "--format", "json", "."], in: root)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        var found: [String: [String]] = [:]
        for item in object["diagnostics"] as? [[String: Any]] ?? [] {
            let file = String((item["file"] as? String ?? "").split(separator: "/").last ?? "")
            found[file, default: []].append("\(item["line"] ?? ""):\(item["column"] ?? "") \(item["code"] ?? "") \(item["message"] ?? "")")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".expected") }
        #expect(names.count == 8)
        for name in names {
            let expected = try String(contentsOfFile: root + "/" + name, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(found[String(name.dropLast(".expected".count)) + ".yaml"] == expected, "\(name)")
        }
    }

    @Test("without the configuration only the checks on by default run: the cycle, the loading title and the unused anchor")
    func defaults() async throws {
        let root = BuiltTool.repositoryRoot.appendingPathComponent(Self.folder).path
        let result = try await BuiltTool.run(["validate", "--config", "/dev/null", "--format", "json", "."], in: root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
        let codes = Set((object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
        #expect(codes == ["inescapable-cycle", "loading-title-same", "unused-anchor"])
    }
}
