import Foundation
import FeedbackFlow
import FlowTerminal

/// `feedbackflow run FILE`: plays a flow in the terminal, in line mode.
public struct RunCommand: Command {
    public static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Play a flow in the terminal (line mode), reading answers from standard input.",
        discussion: """
            The flow is checked first; a flow with errors is not run (its diagnostics are
            printed and the status is 1). Submitted feedback is appended to the
            --feedback-out file, one JSON object per line. 'openURL' steps print
            "Opening <url>" instead of launching anything, and refuse schemes other than
            http, https, mailto and tel. End of input ends the run.
            """,
        options: [
            .value("feedback-out", valueName: "file", help: "Append submitted feedback here as JSON lines (default: feedback.jsonl)."),
            .value("transcript", valueName: "file", help: "Write every event of the run here, one JSON object per line."),
            .value("context", valueName: "key=value", repeatable: true, help: "Set a context variable for templates; repeatable."),
        ],
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file (YAML or JSON)."))

    public var file: String
    public var feedbackOut: String
    public var transcript: String?
    /// `--context` values in the order given; a later key wins.
    public var context: [(key: String, value: String)]

    public init(file: String, feedbackOut: String = "feedback.jsonl", transcript: String? = nil, context: [(key: String, value: String)] = []) {
        self.file = file
        self.feedbackOut = feedbackOut
        self.transcript = transcript
        self.context = context
    }

    public init(arguments: ParsedArguments) throws(UsageError) {
        var context: [(key: String, value: String)] = []
        for item in arguments.allValues("context") {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("invalid --context '\(item)'", hint: "write '--context key=value'")
            }
            context.append((String(item[..<equals]), String(item[item.index(after: equals)...])))
        }
        self.init(
            file: arguments.positionals.first ?? "",
            feedbackOut: arguments.value("feedback-out") ?? "feedback.jsonl",
            transcript: arguments.value("transcript"),
            context: context)
    }

    /// The context variables as a dictionary (a later `--context` for a key wins).
    public var contextVariables: [String: String] {
        var variables: [String: String] = [:]
        for (key, value) in context { variables[key] = value }
        return variables
    }

    public func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let variables = contextVariables
        guard
            let flow = try FlowLoading.compiledFlow(
                path: file, additionalVariables: variables.keys.sorted(), environment: environment)
        else { return .findings }
        try Self.checkWritable(feedbackOut, option: "--feedback-out")
        var presenters: [any Presenter] = []
        var recorder: TranscriptRecorder?
        if let transcript {
            // A transcript of this run: start from an empty file.
            guard FileManager.default.createFile(atPath: transcript, contents: nil) else {
                throw UsageError("cannot write the transcript file '\(transcript)'", hint: "check that its folder exists")
            }
            let created = TranscriptRecorder(path: transcript)
            recorder = created
            presenters.append(created)
        }
        let registry = ActionHandlerRegistry(
            urlHandler: PrintingURLHandler(output: environment.output),
            feedbackSink: JSONLinesFeedbackSink(path: feedbackOut),
            allowedURLSchemes: PrintingURLHandler.allowedSchemes)
        let runner = LineModeRunner(
            flow: flow, registry: registry, input: environment.input, output: environment.output,
            style: environment.outputStyle, presenters: presenters, context: variables)
        let outcome = await runner.run()
        if let recorder, let error = await recorder.lastError {
            throw InternalFailure("writing the transcript '\(recorder.path)' failed: \(error)")
        }
        guard outcome != .failed else {
            throw InternalFailure("the flow in '\(file)' could not start")
        }
        return .clean
    }

    /// A usage error when `path` cannot be created or appended to (its folder is missing
    /// or not writable), checked before the flow starts rather than at the first submit.
    static func checkWritable(_ path: String, option: String) throws(UsageError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue, manager.isWritableFile(atPath: path) else {
                throw UsageError("cannot write to '\(path)' (\(option))")
            }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard manager.isWritableFile(atPath: folder) else {
            throw UsageError("cannot create '\(path)' (\(option))", hint: "check that its folder exists and is writable")
        }
    }
}
