import FlowSource

/// A flow test file (`*.flowtest.yaml`): the flow it tests and its scenarios, as read by
/// ``FlowTestReader``.
package struct FlowTestFile: Sendable {
    /// The file's path, as the run names it.
    package var path: String
    /// The `flow:` value as written (relative to the file's folder).
    package var flowReference: String
    /// Where `flow:`'s value is written.
    package var flowSpan: SourceSpan
    /// The flow file's path: ``flowReference`` from the test file's folder.
    package var flowPath: String
    /// The scenarios, in the file's order.
    package var scenarios: [Scenario]

    /// The file's name ends in `.flowtest.yaml`, `.flowtest.yml` or `.flowtest.json`: the
    /// files `test` finds in a folder.
    package static func isFlowTest(_ path: String) -> Bool {
        extensions.contains { path.hasSuffix($0) }
    }

    /// The endings of flow test files' names.
    package static let extensions = [".flowtest.yaml", ".flowtest.yml", ".flowtest.json"]

    /// The endings of flow files' names, as the pre-commit hooks match flows.
    package static let flowExtensions = [".flow.yaml", ".flow.yml", ".flow.json"]

    /// Whether `path` is named as a flow file is (`NAME.flow.yaml`, `.flow.yml`, `.flow.json`).
    package static func isFlow(_ path: String) -> Bool {
        flowExtensions.contains { path.hasSuffix($0) }
    }

    /// The flow test beside the flow at `path`: `NAME.flowtest.yaml` for `NAME.flow.yaml`
    /// (or for `NAME.yaml`).
    package static func testFile(forFlow path: String) -> String {
        var base = path
        for suffix in flowExtensions + [".yaml", ".yml", ".json"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        return base + extensions[0]
    }
}
