import FeedbackFlow
import FlowCompile
import FlowSource

/// A flow test file checked before any scenario runs, in one place for `test` and the
/// language server: its loading problems, an empty file, the flow it names (`flow:`)
/// had through the caller (compiled from disk, or from an editor's open text) with a
/// `flow-not-testable` error at `flow:` when it cannot be read or has errors, and the
/// file read against that flow (``FlowTestReader``). O(size of the file + the flow's
/// compile).
package struct FlowTestCheck: Sendable {
    /// What came of looking up the flow a test file names.
    package enum FlowLookup: Sendable {
        /// The flow was compiled (with or without errors).
        case compiled(FlowCompilation)
        /// The flow cannot be read: why (FlowWorkspace's `PathKind.unreachable`).
        case unreadable(String)
    }

    /// The file's problems, in the order found: loading, the flow, then reading.
    package var diagnostics: [Diagnostic] = []
    /// The flow file the test names (`flow:` from the test file's folder), once read.
    package var flowPath: String?
    /// Where `flow:`'s value is written, once read.
    package var flowSpan: SourceSpan?
    /// The flow, when it compiled without errors.
    package var flow: Flow?
    /// The file as read, when its root is a mapping with `flow:`.
    package var file: FlowTestFile?

    /// Checks `document`, the test file named `path`; `lookup` gives the flow at the path
    /// the file names (as the file names it, from its folder).
    package init(_ document: LoadedDocument, path: String, flow lookup: (String) -> FlowLookup) {
        diagnostics = document.diagnostics
        guard let root = document.root, !root.isNull else {
            if diagnostics.isEmpty {
                diagnostics.append(
                    ScenarioMessages.fileProblem(
                        "the flow test file is empty", at: SourceSpan(file: path, at: SourcePosition(line: 1, column: 1)),
                        hint: "write 'flow: NAME.flow.yaml' and 'scenarios:'"))
            }
            return
        }
        var header = DecodingSession()
        guard let reference = FlowTestReader.flowReference(in: root, session: &header) else {
            diagnostics += header.diagnostics.diagnostics
            return
        }
        let flowPath = FlowTestReader.flowPath(reference.text, testFile: path)
        self.flowPath = flowPath
        flowSpan = reference.span
        switch lookup(flowPath) {
        case .unreadable(let reason):
            diagnostics.append(ScenarioMessages.untestable(reason, at: reference.span))
        case .compiled(let compilation):
            if let compiled = compilation.flow, !compilation.hasErrors {
                flow = compiled
            } else {
                diagnostics.append(ScenarioMessages.untestable(compilation, path: flowPath, at: reference.span))
            }
        }
        var reader = FlowTestReader(flow: flow, flowFile: flowPath)
        file = reader.read(root, path: path)
        // In the file's order, as a compiler lists them.
        diagnostics += reader.session.diagnostics.diagnostics.sorted {
            ($0.span?.start.line ?? 0, $0.span?.start.column ?? 0) < ($1.span?.start.line ?? 0, $1.span?.start.column ?? 0)
        }
    }

    /// Whether the file has an error: then no scenario runs.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
