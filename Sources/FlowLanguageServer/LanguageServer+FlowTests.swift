import FeedbackFlow
import FlowCompile
import FlowScenarios
import FlowSource

/// Flow test files (`*.flowtest.yaml`, `.yml`, `.json`): checked as `feedbackflow test`
/// checks one before running it (``FlowScenarios/FlowTestCheck``: loading, the flow it
/// names compiled as `validate` would, `flow-not-testable` at `flow:` when that flow
/// cannot be read or has errors, then every key and name against the ``FlowScenarios/ScenarioKey``
/// tables and the flow, with "did you mean"), and a key's `help` on hover. Completion is
/// `+FlowTestCompletion`.
extension LanguageServer {
    /// Whether `document` is a flow test file, by its name.
    static func isFlowTest(_ document: LSPDocument) -> Bool {
        FlowTestFile.isFlowTest(LSPFileURI.path(of: document.uri) ?? document.uri)
    }

    /// What the server knows of the flow test file `source` (named `path`, loaded as
    /// `loaded` with `options`) once checked, the flow it names had through `lookup`:
    /// its diagnostics, and the flow's names, kept from `previous` while the flow is the
    /// same file but does not compile.
    static func flowTestAnalysis(
        previous: FlowTestAnalysis?, path: String, source: SourceFile, loaded: LoadedDocument, options: CompileOptions,
        lookup: (String) -> FlowTestCheck.FlowLookup
    ) -> DocumentAnalysis {
        let check = FlowTestCheck(loaded, path: path, flow: lookup)
        var test = previous ?? FlowTestAnalysis()
        var flow = check.flow
        // A text that does not load (half typed) still names its flow on its `flow:` line:
        // its names are looked up once, for completion.
        let written = loaded.root == nil ? writtenFlowReference(in: source.bytes, json: loaded.format == .json) : nil
        let flowPath = check.flowPath ?? written.map { FlowTestReader.flowPath($0, testFile: path) }
        if let flowPath, comparable(flowPath) != test.flowFile {
            test = FlowTestAnalysis(flowFile: comparable(flowPath))
        }
        if let flowPath, check.flowPath == nil, test.names == nil, case .compiled(let compilation) = lookup(flowPath), !compilation.hasErrors {
            flow = compilation.flow
        }
        if let flow { test.take(flow) }
        var analysis = DocumentAnalysis()
        analysis.flowTest = test
        analysis.diagnostics = check.diagnostics
        analysis.source = source
        analysis.options = options
        analysis.root = loaded.root
        return analysis
    }

    /// The flow a flow test's text names on a line of its own, read without loading the
    /// text: a YAML `flow: NAME` at the start of a line (quoted or not, a comment after
    /// it), or in JSON the first `"flow": "NAME"`; `nil` when none reads so. O(size).
    static func writtenFlowReference(in bytes: [UInt8], json: Bool) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if json { return text.firstMatch(of: /"flow"\s*:\s*"([^"\\\n]+)"/).map { String($0.1) } }
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) where line.hasPrefix("flow:") {
            guard let value = line.firstMatch(of: /^flow:\s+(?:'([^']+)'|"([^"\\]+)"|([^\s#'"][^#]*?))\s*(?:#.*)?$/) else { return nil }
            return String(value.1 ?? value.2 ?? value.3 ?? "")
        }
        return nil
    }

    /// The `help` of the flow test key at `offset` (a YAML key on its own line or in a flow
    /// mapping `{…}`, a JSON object's key), from its table (``FlowScenarios/ScenarioKey/table(at:)``),
    /// with the key's byte range. Only the 1 KiB of the line around the cursor is read.
    func flowTestKeyHelp(at offset: Int, in document: LSPDocument) -> (text: String, start: Int, end: Int)? {
        guard let (line, name, start, end, before, after) = keyWord(at: offset, in: document) else { return nil }
        let path: [String]
        if DocumentFormat(path: LSPFileURI.path(of: document.uri) ?? document.uri) == .json {
            guard start > 0, document.bytes[start - 1] == UInt8(ascii: "\""), after.firstMatch(of: /^"\s*:/) != nil,
                let found = KeyCompletion.jsonPath(document.bytes, offset: start - 1)
            else { return nil }
            path = found.path
        } else {
            guard after.firstMatch(of: /^["']?\s*:(?:\s|$)/) != nil else { return nil }
            let above = KeyCompletion.path(in: document, line: line, before: Substring(before))
            if before.firstMatch(of: /^ *(?:- +)*["']?$/) != nil {
                path = above
            } else if let place = KeyCompletion.flowKey(before: Substring(before), after: Substring(after)) {
                path = above + place.path
            } else {
                return nil
            }
        }
        guard let key = ScenarioKey.table(at: path.filter { $0 != "-" })?.first(where: { $0.name == name }) else { return nil }
        return ("**\(name)**" + (key.isRequired ? " (required)" : "") + ": " + key.help, start, end)
    }
}
