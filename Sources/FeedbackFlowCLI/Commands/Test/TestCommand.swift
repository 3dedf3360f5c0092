import FeedbackFlowCore
import FeedbackFlowPrograms
import FlowCompile
import FlowReporting
import FlowScenarios
import FlowSource
import FlowSystem
import FlowTerminal
import FlowWorkspace

/// `feedbackflow test [PATH…]`: runs flow tests (`*.flowtest.yaml`) against the real
/// navigator and reports each scenario and what the scenarios took of each flow.
package struct TestCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "test",
        abstract: "Run flow tests (NAME.flowtest.yaml): scenarios played against the navigator, with the coverage of each flow.",
        discussion: """
            A flow test names its flow ('flow:', relative to the test file) and lists
            scenarios; each starts the flow (plainly, or by its trigger), then sets fields,
            taps buttons by their titles and reports events, and says what must then be
            true: the screen on top, the stacks, a field's state, a button's, a submission
            and its values, the outcome, the trigger's decision and its reason. Custom steps
            are answered by the scenario's stubs, else by --handler programs. A scenario
            stops at its first failure, reported at its line and column in the test file
            with what happened instead; a submission, or a refusal by the trigger, that no
            expectation names fails it too. docs/testing.md describes the format.

            PATHs are test files, flows (their tests are found beside them) or folders
            (searched for both; default: the working folder). A flow found with no test is
            a warning (untested-flow). The flows are compiled as validate compiles them (the
            nearest .feedbackflow.yaml applies); one with errors runs none of its scenarios
            (flow-not-testable).

            Coverage counts each flow's screens shown, buttons tapped, both branches of each
            'if', steps that leave a screen, and routes of its graph; --coverage-min N fails
            the run under N% in total. --format json lists every item never taken at its
            line and column; 'storyboard --coverage REPORT' and 'graph --coverage REPORT'
            draw the routes never taken.

            --record FLOW plays FLOW in line mode (as 'run' does, reading standard input) and
            writes the scenario that reproduces the session; with --from-transcript FILE it
            reads a 'run --transcript' file instead (which holds no field values). The
            scenario is added to --output (default: NAME.flowtest.yaml beside the flow,
            made when missing).

            EXIT STATUS: 0 every scenario passed (and coverage is at least --coverage-min);
            1 a scenario failed, a test file has an error, or coverage is under the minimum;
            2 usage error (no test found, a bad option); 3 a report could not be written.
            """,
        options: ArgumentReading.specs { TestCommand() },
        positional: PositionalSpec(name: "path", count: .zeroOrMore, help: "Flow tests, flows or folders (default: .)."))

    /// The formats `test` writes.
    static let formats: [DiagnosticFormat] = [.text, .json, .junit, .sarif, .github]

    /// The paths given.
    @Positionals package var paths: [String]
    /// `--format`: where each report goes.
    @Option(ReportOutput.option(writing: formats))
    package var outputs: [ReportOutput]
    /// `--coverage-min N`: the least coverage, in percent, the run passes with.
    @Option(.count(
        "coverage-min", valueName: "percent", expected: "a whole percentage from 0 to 100",
        help: "Fail (coverage-below-minimum) when the scenarios take less than this percentage of the flows' items in total."))
    package var coverageMinimum: Int?
    /// `--filter TEXT`: only the scenarios whose name holds it.
    @Option(.text("filter", valueName: "text", help: "Run only the scenarios whose name contains TEXT."))
    package var filter: String?
    /// `--config`.
    @Option(CommonOptions.config) package var configurationPath: String?
    /// `--color`.
    @Option(.choice(
        "color", of: TerminalCapabilities.ColorChoice.self, valueName: "when",
        help: "Colour text output: auto (a terminal, or FORCE_COLOR / CLICOLOR_FORCE set), always or never; NO_COLOR wins."))
    package var color: TerminalCapabilities.ColorChoice?
    /// `--record FLOW`: play the flow and write the scenario.
    @Option(.text("record", valueName: "flow", help: "Play FLOW in line mode and write the scenario that reproduces the session."))
    package var recordedFlow: String?
    /// `--from-transcript FILE`: with `--record`, read a `run --transcript` file instead of playing.
    @Option(.text("from-transcript", valueName: "file", help: "With --record: write the scenario of this 'run --transcript' file instead of playing."))
    package var transcript: String?
    /// `--output FILE`: with `--record`, the test file the scenario is added to.
    @Option(.text("output", short: "o", valueName: "file", help: "With --record: the flow test to add the scenario to (default NAME.flowtest.yaml beside the flow)."))
    package var recordOutput: String?
    /// `--name TEXT`: with `--record`, the scenario's name.
    @Option(.text("name", valueName: "text", help: "With --record: the scenario's name (default 'recorded N')."))
    package var recordName: String?
    /// `--handler NAME=COMMAND`, `--handler-timeout`, `--handler-env`.
    package var handlerPrograms = HandlerProgramOption()

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { TestCommand() }
        if let format = outputs.first(where: { !Self.formats.contains($0.format) })?.format {
            throw UsageError("test writes no \(format.rawValue) report", hint: "give one of \(Self.formats.map(\.rawValue).joined(separator: ", "))")
        }
        if let coverageMinimum, coverageMinimum > 100 {
            throw UsageError("--coverage-min \(coverageMinimum): a percentage is at most 100")
        }
        let recordOnly = [(transcript != nil, "--from-transcript"), (recordOutput != nil, "--output"), (recordName != nil, "--name")]
        if recordedFlow == nil, let given = recordOnly.first(where: \.0) {
            throw UsageError("\(given.1) goes with --record FLOW")
        }
        if recordedFlow != nil, !paths.isEmpty {
            throw UsageError("--record plays one flow and writes its scenario: give no other path", hint: "run 'feedbackflow test' on the tests afterwards")
        }
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        if let recordedFlow { return try await record(recordedFlow, in: environment) }
        let start = DiagnosticFormat.RunFacts.Start()
        let settings = try CompileSettings(configurationPath: configurationPath)
        let outputs = outputs.isEmpty ? [ReportOutput.standard(environment: environment.variables)] : outputs
        var reportFiles: [String: ReportFile] = [:]
        for case let path? in outputs.map(\.path) {
            reportFiles[path] = try ReportFile(path: path, what: "--format")
        }
        if environment.adoptsDescendants, !handlerPrograms.programs.isEmpty { environment.programs.adoptDescendants() }
        var programs: [String: any ActionHandler] = [:]
        for (name, handler) in try handlerPrograms.handlers(variables: environment.variables, groups: environment.programs) {
            programs[name] = handler
        }
        let (tests, untestedFlows) = try Self.find(paths.isEmpty ? ["."] : paths)
        let frontend = FlowTestFrontend(settings: settings, programs: programs, filter: filter)
        var results: [FlowTestFileResult] = []
        for path in tests { results.append(await frontend.run(path)) }
        var coverage = Self.coverage(of: results)
        var report = FlowTestReport(files: results, coverage: [])
        if let filter, results.allSatisfy({ $0.scenarios.isEmpty && !$0.hasErrors }) {
            throw UsageError("--filter '\(filter)': no scenario's name contains it", hint: "a filter that runs nothing would pass without testing anything")
        }
        // A flow file (NAME.flow.yaml) no test names is said, and counts with nothing taken;
        // other YAML and JSON files found (schemas, fixtures) are not flows of the project.
        for flow in untestedFlows where FlowTestFile.isFlow(flow) && !results.contains(where: { $0.flowPath.map { PathIdentity.same($0, flow) } ?? false }) {
            let compilation = settings.compile(flow).compilation
            guard let compiled = compilation.flow, !compilation.hasErrors else { continue }
            coverage.append(FlowCoverage(flow: compiled, path: flow))
            report.untested.append(ScenarioMessages.untested(flow: flow, testFile: FlowTestFile.testFile(forFlow: flow)))
        }
        report.coverage = coverage.sorted { $0.flowPath.unicodeScalars.lexicographicallyPrecedes($1.flowPath.unicodeScalars) }
        if let coverageMinimum {
            let total = FlowCoverage.percent(report.totalCoverage)
            if total < Double(coverageMinimum) {
                report.general.append(ScenarioMessages.belowMinimum(FlowTestReport.decimal(total), minimum: coverageMinimum))
            }
        }
        report.duration = ContinuousClock.now - start.instant
        let result: CommandResult = report.hasFailures ? .findings : .clean
        let facts = DiagnosticFormat.RunFacts.ending(
            "test", base: CompileSettings.locationBase(), exitCode: result == .findings ? 1 : 0, start: start, environment: environment.variables)
        let style =
            switch color {
            case nil, .auto?: environment.outputStyle
            case let choice?: TerminalStyle(isEnabled: TerminalCapabilities.colorsEnabled(fileDescriptor: 1, environment: environment.variables, choice: choice))
            }
        for output in outputs {
            let text: String =
                switch output.format {
                case .text: FlowTestTextWriter(style: output.path == nil ? style : .plain).render(report)
                case .json: FlowTestJSONWriter.render(report)
                case .junit:
                    FlowTestJUnitWriter(document: JUnitDocument(
                        suiteName: FeedbackFlowTool.name, command: "test", toolVersion: FeedbackFlowTool.version, timestamp: facts.timestamp,
                        hostname: facts.hostname, seconds: facts.seconds)).render(report)
                case .sarif, .github, .checkstyle: output.format.renderer(style: .plain, facts: facts).render(report.diagnosticReport)
                }
            if let path = output.path, let file = reportFiles[path] {
                try file.write(text)
            } else {
                environment.output.write(text)
            }
        }
        if !outputs.contains(where: { $0.path == nil }) {
            let (passed, failed) = report.counts
            let files = outputs.compactMap(\.path).map { "'\($0)'" }.joined(separator: ", ")
            environment.errorOutput.write(DisplayText.sanitized("\(FeedbackFlowTool.name) test: \(passed) passed, \(failed) failed; written to \(files)") + "\n")
        }
        return result
    }

    /// The test files to run and the flows to check for tests, from the paths: a test
    /// file is run; a flow brings the tests in its folder; a folder brings both.
    /// - Throws: ``UsageError`` for a path that does not exist, or when no test is found.
    static func find(_ paths: [String]) throws(UsageError) -> (tests: [String], flows: [String]) {
        let expansion = try FlowFileFinder.expand(paths, search: .flowsAndTests)
        var tests: [String] = []
        var flows: [String] = []
        for file in expansion.files {
            if FlowTestFile.isFlowTest(file) { tests.append(file) } else { flows.append(file) }
        }
        // A flow named by itself brings the tests beside it (in its own folder) that name it.
        let named = flows.filter { expansion.named.contains($0) }
        for folder in Set(named.map(AtomicReplacement.folder(of:))).sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.filter(FlowTestFile.isFlowTest).sorted() {
                let test = folder == "." ? name : folder + "/" + name
                guard !tests.contains(where: { PathIdentity.same($0, test) }),
                    let reference = FlowTestReader.flowPath(ofTestFile: test), named.contains(where: { PathIdentity.same($0, reference) })
                else { continue }
                tests.append(test)
            }
        }
        guard !tests.isEmpty else {
            throw UsageError(
                "no flow test (NAME.flowtest.yaml) in " + paths.map { "'\($0)'" }.joined(separator: ", "),
                hint: "write one beside the flow, or record one: feedbackflow test --record FLOW")
        }
        return (tests, flows)
    }

    /// The coverage of every flow the results tested, each marked with every scenario
    /// that ran it (the report orders them).
    static func coverage(of results: [FlowTestFileResult]) -> [FlowCoverage] {
        var byFlow: [String: FlowCoverage] = [:]
        for result in results {
            guard let flow = result.flow, let path = result.flowPath else { continue }
            let key = PathIdentity.key(path)
            var coverage = byFlow[key] ?? FlowCoverage(flow: flow, path: path)
            for scenario in result.scenarios { coverage.mark(scenario.trace) }
            byFlow[key] = coverage
        }
        return Array(byFlow.values)
    }
}
