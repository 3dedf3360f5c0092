import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowScenarios
import FlowSource
import FlowSystem
import FlowWorkspace

/// The flow test `--record` adds its scenario to: its text, its scenarios' names and the
/// indentation of its `scenarios:` items; or none yet.
struct RecordTarget {
    /// The file's text; `nil` when there is no file yet.
    var text: String?
    /// Its scenarios' names.
    var names: Set<String> = []
    var scenarioCount = 0
    /// The spaces before each item's `-`.
    var indent = 2

    /// Reads the test file at `output`, if there is one.
    /// - Throws: ``UsageError`` when it names another flow than `flowPath`, or its
    ///   `scenarios:` is not a block list ending the file.
    init(output: String, flowPath: String) throws(UsageError) {
        guard !output.lowercased().hasSuffix(".json") else {
            throw UsageError("--record writes YAML: '\(output)' is a JSON file", hint: "give a NAME.flowtest.yaml with --output")
        }
        guard PathKind(output) != .missing else { return }
        let document = DocumentLoader.load(path: output)
        guard let root = document.root, let fields = MappingFields(root),
            let reference = fields.value("flow")?.string, let scenarios = fields.entry("scenarios")
        else {
            throw UsageError("'\(output)' is not a flow test with 'flow:' and 'scenarios:'", hint: "give another file with --output")
        }
        guard PathIdentity.same(FlowTestReader.flowPath(reference, testFile: output), flowPath) else {
            throw UsageError("'\(output)' tests '\(reference)', not '\(flowPath)'", hint: "give the flow's own test file with --output")
        }
        let items = scenarios.value.sequence.map(Array.init) ?? []
        let last = fields.entries.last?.key.span.start
        // A block list (`- name: …` on lines of their own), not a flow one (`[…]`).
        let isBlock = document.source.bytes.indices.contains(scenarios.value.span.start.offset)
            && document.source.bytes[scenarios.value.span.start.offset] != UInt8(ascii: "[")
        guard let first = items.first, isBlock, last == scenarios.key.span.start, first.span.start.line > scenarios.key.span.start.line else {
            throw UsageError(
                "'\(output)': the scenario is added at the end of its 'scenarios:' list, which must be the file's last key, one item per line",
                hint: "move 'scenarios:' last, or give another file with --output")
        }
        text = String(decoding: document.source.bytes, as: UTF8.self)
        // An item's value starts two columns after its `-`.
        indent = max(0, first.span.start.column - 3)
        scenarioCount = items.count
        for item in items {
            if let name = MappingFields(item)?.value("name")?.string { names.insert(name) }
        }
    }

    /// `path` as written from the folder `folder` (`../flows/a.flow.yaml`): both made
    /// absolute from the working folder, then the folders they share left out.
    /// Links are resolved first (`realpath(3)`), so the path written leads to the flow
    /// from wherever the test file really is.
    static func relativePath(of path: String, from folder: String) -> String {
        let base = SARIFLocationBase(baseDirectory: "/", workingDirectory: FileManager.default.currentDirectoryPath)
        func resolved(_ path: String) -> String {
            guard let real = realpath(path, nil) else { return base.absolutePath(of: path) }
            defer { free(real) }
            return String(cString: real)
        }
        let target = resolved(path).split(separator: "/")
        let start = resolved(folder).split(separator: "/")
        var shared = 0
        while shared < min(target.count - 1, start.count), target[shared] == start[shared] { shared += 1 }
        return (Array(repeating: "..", count: start.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
    }
}
