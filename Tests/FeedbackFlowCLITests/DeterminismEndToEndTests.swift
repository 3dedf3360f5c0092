import FeedbackFlowTestSupport
import Foundation
import Testing

/// Checking a folder of 1,000 flows on every core gives the same bytes every time, and
/// `--shard` splits it into parts that put together are the whole.
@Suite("validate output is stable across runs and shards")
struct DeterminismEndToEndTests {
    /// Flows with and without problems, copied round-robin into the folder.
    static let sources = [
        "flows/call-quality-rating.flow.yaml", "flows/rating-branches.flow.yaml", "flows/style-gallery.flow.yaml",
        "Tests/FeedbackFlowCLITests/Fixtures/bad/five-problems.yaml", "Tests/FeedbackFlowCLITests/Fixtures/ci/one-warning.yaml",
        "Tests/FeedbackFlowCLITests/Fixtures/ci/missing-title.yaml", "Tests/FeedbackFlowCLITests/Fixtures/ci/many-warnings.yaml",
    ]

    /// A folder of `count` flows named `flow-NNNN.yaml`, under `scratch`.
    static func folder(_ count: Int, in scratch: ScratchFolder) throws -> String {
        let folder = scratch.path("flows")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let texts = try sources.map { try Data(contentsOf: BuiltTool.repositoryRoot.appendingPathComponent($0)) }
        for index in 0..<count {
            let name = "flow-" + String(String(index + 10_000).dropFirst()) + ".yaml"
            try texts[index % texts.count].write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        return folder
    }

    @Test("1,000 flows: five runs print the same bytes, and --shard 1/3, 2/3, 3/3 together are the whole run", .timeLimit(.minutes(3)))
    func stableOutput() async throws {
        let scratch = try ScratchFolder("determinism")
        let folder = try Self.folder(1_000, in: scratch)
        var outputs: Set<[UInt8]> = []
        for _ in 0..<5 {
            let result = try await BuiltTool.run(["validate", folder])
            #expect(result.status == 1)
            outputs.insert(result.outputBytes)
        }
        #expect(outputs.count == 1)
        let text = try #require(outputs.first.map { String(decoding: $0, as: UTF8.self) })
        #expect(text.hasSuffix(" in 1000 files\n"))

        func diagnostics(_ arguments: [String]) async throws -> (items: [NSDictionary], files: Int) {
            let result = try await BuiltTool.run(["validate", "--format", "json"] + arguments + [folder])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
            let items = try #require(object["diagnostics"] as? [NSDictionary])
            let files = try #require((object["summary"] as? [String: Int])?["files"])
            return (items, files)
        }
        let whole = try await diagnostics([])
        #expect(whole.files == 1_000)
        var joined: [NSDictionary] = []
        var files = 0
        for index in 1...3 {
            let part = try await diagnostics(["--shard", "\(index)/3"])
            // Contiguous parts as equal as can be: 333, 333, 334 files.
            #expect(part.files == (index == 3 ? 334 : 333))
            joined += part.items
            files += part.files
        }
        #expect(files == 1_000)
        #expect(joined == whole.items)
    }

    @Test("--shard takes I/N with 1 <= I <= N and nothing else")
    func shardValues() async throws {
        for bad in ["0/3", "4/3", "1/0", "a/b", "1", "1/3/5", "-1/3", "/3"] {
            let result = try await BuiltTool.run(["validate", "--shard", bad, "flows"])
            #expect(result.status == 2, "\(bad)")
            #expect(result.standardError.contains("invalid value '\(bad)' for '--shard'"), "\(bad)")
        }
        // More parts than files: the one file is in the last part, the others are empty.
        let last = try await BuiltTool.run(["validate", "--shard", "7/7", "flows/simple-success.flow.yaml"])
        #expect(last.status == 0 && last.standardOutput == "no problems in 1 file\n")
        let first = try await BuiltTool.run(["validate", "--shard", "1/7", "flows/simple-success.flow.yaml"])
        #expect(first.status == 0 && first.standardOutput == "no problems in 0 files\n")
    }
}
