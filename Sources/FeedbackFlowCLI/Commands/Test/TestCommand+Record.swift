import FeedbackFlow
import FeedbackFlowCore
import FeedbackFlowPrograms
import FlowCompile
import FlowFormat
import FlowReporting
import FlowScenarios
import FlowSource
import FlowSystem
import FlowTerminal
import FlowWorkspace

extension TestCommand {
    /// `--record FLOW`: plays the flow in line mode (or reads `--from-transcript`) and adds
    /// the scenario that reproduces the session to the flow's test file, made when
    /// missing. The test file is read before the session and replaced whole after it,
    /// never over an edit made meanwhile (``ReportFile``).
    /// - Throws: ``UsageError`` for a flow that does not compile, a test file that names
    ///   another flow or whose `scenarios:` is not a block list at its end, an unreadable
    ///   transcript; ``IOFailure`` when the test file cannot be written.
    func record(_ flowPath: String, in environment: CommandEnvironment) async throws -> CommandResult {
        guard let flow = try FlowLoading.compiledFlow(path: flowPath, allowsStandardInput: false, environment: environment) else {
            return .findings
        }
        let output = recordOutput ?? Self.testFileName(for: flowPath)
        let existing = try RecordTarget(output: output, flowPath: flowPath)
        let file = try ReportFile(path: output, replacing: true, stopping: environment.variables[FileReplacement.stopVariable] != nil, what: "--output")
        let recorder = ScenarioRecorder()
        if let transcript {
            for event in try TranscriptEvents.read(transcript, option: "--from-transcript") { await recorder.record(event) }
        } else {
            if environment.adoptsDescendants, !handlerPrograms.programs.isEmpty { environment.programs.adoptDescendants() }
            var registry = ActionHandlerRegistry(
                urlHandler: PrintingURLHandler(output: environment.output, allowedSchemes: URLSchemePolicy.defaultAllowedSchemes), feedbackSink: recorder)
            for (name, handler) in try handlerPrograms.handlers(variables: environment.variables, groups: environment.programs, declaredIn: flow, file: flowPath) {
                registry.register(name, handler)
            }
            // A custom step with no program succeeds with no value, as a scenario's stub does.
            for name in FlowNames(flow).customSteps where !handlerPrograms.names.contains(name) {
                registry.register(name, StubActionHandler(answers: []))
            }
            let runner = LineModeRunner(
                flow: flow, registry: registry, input: environment.input, output: environment.output, style: environment.outputStyle,
                presenters: [recorder])
            if case .notStarted(let error) = await runner.run() { throw InternalFailure("the flow in '\(flowPath)' could not start: \(error)") }
        }
        let name = recordName ?? "recorded \(existing.scenarioCount + 1)"
        guard !existing.names.contains(name) else {
            throw UsageError("'\(output)' has a scenario named '\(name)' already", hint: "give another with --name")
        }
        let scenario = await recorder.scenario(named: name, indent: existing.indent)
        let text: String
        if let source = existing.text {
            text = source + (source.hasSuffix("\n") || source.isEmpty ? "" : "\n") + scenario
        } else {
            let reference = RecordTarget.relativePath(of: flowPath, from: PathIdentity.folder(of: output))
            text = "# Scenarios of \(reference), run by 'feedbackflow test'.\nflow: \(YAMLWriter.scalar(reference))\nscenarios:\n" + scenario
        }
        try file.write(text)
        environment.errorOutput.write(DisplayText.sanitized("feedbackflow test: the scenario '\(name)' was added to '\(output)'") + "\n")
        return .clean
    }
}

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
        guard let first = items.first, last == scenarios.key.span.start, first.span.start.line > scenarios.key.span.start.line else {
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
    static func relativePath(of path: String, from folder: String) -> String {
        let base = SARIFLocationBase(baseDirectory: "/", workingDirectory: FileManager.default.currentDirectoryPath)
        let target = base.absolutePath(of: path).split(separator: "/")
        let start = base.absolutePath(of: folder).split(separator: "/")
        var shared = 0
        while shared < min(target.count - 1, start.count), target[shared] == start[shared] { shared += 1 }
        return (Array(repeating: "..", count: start.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
    }
}
