import FeedbackFlowTestSupport
import FlowWorkspace
import Testing
import FeedbackFlow
import FlowSource
@testable import FeedbackFlowCLI

/// `--limit NAME=N`, shared by `validate` and `parse`.
@Suite("--limit")
struct LoadingLimitOptionTests {
    @Test("each NAME sets its limit; the others keep their defaults")
    func setsLimits() throws {
        let limits = try LoadingLimitOption.limits(from: ["depth=64", "scalar-bytes=10", "mapping-entries=7"])
        #expect(limits.maximumNestingDepth == 64)
        #expect(limits.maximumScalarBytes == 10)
        #expect(limits.maximumMappingEntries == 7)
        #expect(limits.maximumNodes == LoadingLimits().maximumNodes)
    }

    @Test("an unknown name (with did you mean), a bad number, no '=', or a name given twice is a usage error",
          arguments: [
              (["dept=3"], "unknown limit 'dept'"), (["depth=0"], "invalid value '0' for the limit 'depth'"),
              (["depth=-1"], "invalid value '-1' for the limit 'depth'"), (["depth"], "invalid --limit 'depth'"),
              (["depth=3", "depth=4"], "the limit 'depth' is given twice"),
          ])
    func usageErrors(values: [String], message: String) {
        #expect(throws: UsageError.self) { try LoadingLimitOption.limits(from: values) }
        do {
            _ = try LoadingLimitOption.limits(from: values)
        } catch {
            #expect(error.message == message)
            if values == ["dept=3"] { #expect(error.hint == "did you mean 'depth'?") }
        }
    }

    @Test("validate --limit reaches the loader, and the hint names the option")
    func validateUsesIt() async throws {
        let result = try await BuiltTool.run(
            ["validate", "--limit", "depth=2", BuiltTool.repositoryRoot.appendingPathComponent("flows/simple-success.flow.yaml").path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("error: nesting exceeds 2 levels [nesting-depth-limit]"))
        #expect(result.standardOutput.contains("(with 'validate --limit depth=N')"))
    }

    @Test("run, graph and parse take --limit too, each naming its own option in the hint", arguments: ["run", "graph", "parse"])
    func otherCommandsUseIt(command: String) async throws {
        let flow = BuiltTool.repositoryRoot.appendingPathComponent("flows/simple-success.flow.yaml").path
        let result = try await BuiltTool.run([command, "--limit", "depth=2", flow], input: "")
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: nesting exceeds 2 levels [nesting-depth-limit]"))
        #expect(result.standardError.contains("(with '\(command) --limit depth=N')"))
    }
}
