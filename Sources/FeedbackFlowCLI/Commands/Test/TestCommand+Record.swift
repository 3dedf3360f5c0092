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
        guard let compiled = try FlowLoading.compiled(path: flowPath, allowsStandardInput: false, keepingTree: false, environment: environment),
            let flow = compiled.flow
        else { return .findings }
        let output = recordOutput ?? FlowTestFile.testFile(forFlow: flowPath)
        let existing = try RecordTarget(output: output, flowPath: flowPath)
        let name = recordName ?? "recorded \(existing.scenarioCount + 1)"
        guard !existing.names.contains(name) else {
            throw UsageError("'\(output)' has a scenario named '\(name)' already", hint: "give another with --name")
        }
        let file = try ReportFile(path: output, replacing: true, stopping: environment.variables[FileReplacement.stopVariable] != nil, what: "--output")
        let recorder = ScenarioRecorder()
        var programs: [String: any ActionHandler] = [:]
        if let transcript {
            let events = try TranscriptEvents.read(transcript, option: "--from-transcript")
            guard !events.isEmpty else {
                throw UsageError("--from-transcript '\(transcript)' holds no screen or tap of a flow", hint: "give a file written by 'feedbackflow run --transcript FILE'")
            }
            for event in events { await recorder.record(event) }
        } else {
            if environment.adoptsDescendants, !handlerPrograms.programs.isEmpty { environment.programs.adoptDescendants() }
            var registry = ActionHandlerRegistry(
                urlHandler: PrintingURLHandler(output: environment.output, allowedSchemes: URLSchemePolicy.defaultAllowedSchemes), feedbackSink: recorder)
            for (name, handler) in try handlerPrograms.handlers(variables: environment.variables, groups: environment.programs, declaredIn: flow, file: flowPath) {
                programs[name] = handler
            }
            // Each custom step answers as its program does, or, with none, succeeds with no
            // value as a scenario's stub does; what it answered becomes the recorded stub.
            for name in FlowNames(flow).customSteps {
                registry.register(name, RecordingStepHandler(programs[name] ?? StubActionHandler(answers: []), recorder: recorder))
            }
            let runner = LineModeRunner(
                flow: flow, registry: registry, input: environment.input, output: environment.output, style: environment.outputStyle,
                presenters: [recorder])
            if case .notStarted(let error) = await runner.run() { throw InternalFailure("the flow in '\(flowPath)' could not start: \(error)") }
        }
        let scenario = await recorder.scenario(named: name, indent: existing.indent)
        let text: String
        if let source = existing.text {
            text = source + (source.hasSuffix("\n") || source.isEmpty ? "" : "\n") + scenario
        } else {
            let reference = RecordTarget.relativePath(of: flowPath, from: AtomicReplacement.folder(of: output))
            text = "# Scenarios of \(reference), run by 'feedbackflow test'.\nflow: \(YAMLWriter.scalar(reference))\nscenarios:\n" + scenario
        }
        // The new text is read as `test` reads it before it is written: a file that would
        // not read (or names the flow wrongly) is not written, and the scenario is shown.
        let check = FlowTestCheck(DocumentLoader.load(SourceFile(path: output, bytes: Array(text.utf8))), path: output) { _ in .compiled(compiled) }
        guard !check.hasErrors, let recorded = check.file?.scenarios.last, recorded.name == name else {
            environment.errorOutput.write(scenario)
            let problem = check.diagnostics.first { $0.severity == .error }.map { ": \($0.description)" } ?? ""
            // From a transcript, that is the transcript's doing (another flow's); from a
            // session, the recorder's.
            if let transcript {
                throw UsageError("the scenario of '\(transcript)' does not fit '\(flowPath)' (is the transcript another flow's?)\(problem); '\(output)' is left as it was, the scenario is above")
            }
            throw InternalFailure("the recorded scenario would not read back in '\(output)', which is left as it was\(problem); it is above")
        }
        try file.write(text)
        environment.errorOutput.write(DisplayText.sanitized("feedbackflow test: the scenario '\(name)' was added to '\(output)'") + "\n")
        // Played again at once: one that does not pass (a transcript's missing values) is said.
        let replay = await ScenarioRunner(flow: flow, programs: programs).run(recorded)
        if let failure = replay.failure {
            environment.errorOutput.write(DisplayText.sanitized("feedbackflow test: it does not pass as written: \(failure.description)") + "\n")
            return .findings
        }
        return .clean
    }
}
