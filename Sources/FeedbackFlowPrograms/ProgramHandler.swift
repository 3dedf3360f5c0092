import FlowCompile
import FeedbackFlowCore
import FlowSource
import FlowSystem

/// A handler that runs a program for each step, without a shell: what
/// `feedbackflow run --handler NAME=COMMAND` registers, and what a host (a desktop app,
/// a test rig) may use too.
///
/// Contract (how each program is run and bounded):
/// - The program is `arguments[0]` (searched in `PATH` when it holds no `/`) with the rest
///   as its arguments; nothing is expanded.
/// - Its standard input is one JSON object and a line feed:
///   `{"arguments":{…},"fields":{…},"flow":"ID","handler":"NAME","screen":"ID"}` — the step's
///   argument with its templates rendered (`{}` when none), every field's value, the flow
///   and screen ids (keys sorted).
/// - Its environment is ``environment`` only (by default ``minimalEnvironment(from:)``)
///   plus `FEEDBACKFLOW_HANDLER=NAME` and `FEEDBACKFLOW_FLOW=ID`.
/// - Exit status 0 is success; anything else, a signal or the time limit fails the step
///   with the program's standard error as the message (at most ``messageLimit`` scalars,
///   control characters replaced by U+FFFD; `exited with status N` when it is empty).
///   The exit status decides as soon as the program exits: its output is read for half a
///   second more at most, and a background child still holding it open is stopped with
///   the program's process group.
/// - On success its standard output may return values: nothing (white space only), or
///   one JSON object `{"set": {"NAME": value, …}}` whose names and types match the
///   handler's declared `returns`. Anything else — other JSON, text, more than
///   ``outputLimit`` bytes, a name not declared, a value of another type — fails the step
///   with a message that says which.
public struct ProgramHandler: ActionHandler {
    /// The program and its arguments.
    public var arguments: [String]
    /// How long the program may run; then its process group is terminated.
    /// ``defaultTimeLimit`` unless given, and when set to a limit that is not positive.
    public var timeLimit: Duration {
        get { Duration(clampingSeconds: timeLimitSeconds) }
        set { timeLimitSeconds = Self.limitSeconds(newValue.inSeconds) }
    }
    /// ``timeLimit`` in seconds, as stored: what ``ChildProcess`` counts with.
    package var timeLimitSeconds: Double
    /// The values the program may return, from the handler's declaration; `nil` accepts
    /// no returned values.
    public var declaration: HandlerDeclaration?
    /// The program's whole environment (besides the two `FEEDBACKFLOW_` variables).
    public var environment: [String: String]
    /// Where the running program's process group is registered, so that a command
    /// stopped by a signal stops it too; `nil`: nowhere.
    package var groups: ProgramGroups?

    /// The default of ``timeLimit``: 30 seconds.
    public static let defaultTimeLimit = Duration.seconds(30)
    /// The most bytes of standard output read (64 KiB); more fails the step.
    public static let outputLimit = 65_536
    /// The most Unicode scalars of standard error shown as the failure message (2,000).
    public static let messageLimit = 2_000

    /// A handler running `arguments` for each step, bounded by `timeLimit` (one that is
    /// not positive is ``defaultTimeLimit``), whose returned values are checked against
    /// `declaration`, with `environment` as its whole environment.
    public init(
        arguments: [String], timeLimit: Duration = ProgramHandler.defaultTimeLimit, declaration: HandlerDeclaration? = nil,
        environment: [String: String] = ProgramHandler.minimalEnvironment(from: [:])
    ) {
        self.init(arguments: arguments, seconds: timeLimit.inSeconds, declaration: declaration, environment: environment)
    }

    /// `seconds` as a time limit: a limit that is not a positive number of seconds would
    /// never stop the program, so it is ``defaultTimeLimit``.
    static func limitSeconds(_ seconds: Double) -> Double {
        seconds.isFinite && seconds > 0 ? seconds : defaultTimeLimit.inSeconds
    }

    /// The handler of both spellings: `seconds` that is not a positive finite number is
    /// ``defaultTimeLimit``.
    private init(arguments: [String], seconds: Double, declaration: HandlerDeclaration?, environment: [String: String]) {
        self.arguments = arguments
        self.timeLimitSeconds = Self.limitSeconds(seconds)
        self.declaration = declaration
        self.environment = environment
    }

    /// The variables of `variables` a program is given: `PATH` (default
    /// `/usr/local/bin:/usr/bin:/bin`), and `HOME`, `LANG`, `LC_ALL`, `TMPDIR` and `TZ` when
    /// set. Nothing else of the caller's environment (no tokens, no credentials) reaches it.
    public static func minimalEnvironment(from variables: [String: String]) -> [String: String] {
        var kept = ["PATH": variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"]
        for name in ["HOME", "LANG", "LC_ALL", "TMPDIR", "TZ"] { kept[name] = variables[name] }
        return kept
    }

    /// Runs the program; returns nothing.
    public func perform(_ invocation: ActionInvocation) async throws {
        _ = try await performReturningValues(invocation)
    }

    /// Runs the program and returns the values of its `{"set": …}`, by name.
    /// - Throws: ``ProgramHandlerError`` for every failure the contract names.
    public func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
        var environment = environment
        environment["FEEDBACKFLOW_HANDLER"] = invocation.name
        environment["FEEDBACKFLOW_FLOW"] = invocation.flowID
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                arguments, environment: environment, input: Self.request(for: invocation), timeout: timeLimitSeconds,
                outputLimit: Self.outputLimit, groups: groups)
        } catch let failure as ChildProcess.StartFailure {
            throw ProgramHandlerError(handler: invocation.name, message: failure.description)
        }
        let name = invocation.name
        switch result.ending {
        case .exited(0): break
        case .exited(let status): throw ProgramHandlerError(handler: name, message: Self.message(result.standardError, or: "exited with status \(status)"))
        case .signalled(let signal): throw ProgramHandlerError(handler: name, message: Self.message(result.standardError, or: "ended by signal \(signal)"))
        case .timedOut: throw ProgramHandlerError(handler: name, message: "did not finish within \(DurationText.text(Int(timeLimitSeconds.rounded(.up)))); stopped")
        case .cancelled: throw CancellationError()
        case .lost: throw ProgramHandlerError(handler: name, message: "ended, but how could not be learnt; the step counts as failed")
        }
        guard !result.outputCut else {
            throw ProgramHandlerError(handler: name, message: "wrote more than \(Self.outputLimit) bytes on standard output")
        }
        return try values(from: result.standardOutput, handler: name)
    }

    /// The request: one JSON object and a line feed.
    static func request(for invocation: ActionInvocation) -> [UInt8] {
        var members: [String: FlowValue] = [
            "handler": .string(invocation.name), "flow": .string(invocation.flowID),
            "screen": .string(invocation.screen.screenID),
            "arguments": invocation.argument ?? .object([:]),
            "fields": .object(invocation.fields.mapValues(\.flowValue)),
        ]
        if case .object = invocation.argument ?? .object([:]) {} else { members["arguments"] = invocation.argument }
        return Array((FlowValue.object(members).jsonText + "\n").utf8)
    }

    /// Standard error as a failure message, or `fallback` when it is empty.
    static func message(_ bytes: [UInt8], or fallback: String) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        text = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "\n" || scalar == "\t" || scalar.properties.generalCategory != .control ? scalar : "\u{FFFD}"
        }))
        let trimmed = text.trimmingWhiteSpace()
        guard !trimmed.isEmpty else { return fallback }
        let scalars = trimmed.unicodeScalars
        return scalars.count <= messageLimit ? trimmed : String(String.UnicodeScalarView(scalars.prefix(messageLimit))) + "…"
    }

    /// The returned values of standard output, checked against ``declaration``.
    func values(from output: [UInt8], handler name: String) throws(ProgramHandlerError) -> [String: ExpressionValue] {
        guard output.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { return [:] }
        let shape = "standard output must be empty or one JSON object {\"set\": {…}}"
        let document = JSONLoader(source: SourceFile(path: "standard output", bytes: output)).load()
        guard document.diagnostics.isEmpty, let root = document.root, let top = root.mapping else {
            throw ProgramHandlerError(handler: name, message: "\(shape); it is not JSON: \(document.diagnostics.first?.message ?? "not an object")")
        }
        var values: [String: ExpressionValue] = [:]
        for entry in top {
            guard entry.keyText == "set", let set = entry.value.mapping else {
                throw ProgramHandlerError(handler: name, message: "\(shape); found key '\(entry.keyText ?? "")'")
            }
            for field in set {
                let key = field.keyText ?? ""
                guard let declared = declaration?.returns.first(where: { $0.name == key }) else {
                    let known = declaration?.returns.map(\.name) ?? []
                    throw ProgramHandlerError(
                        handler: name,
                        message: "returned '\(key)', which the handler does not declare"
                            + (known.isEmpty ? " (it declares no returned values)" : " (it declares \(known.joined(separator: ", ")))"))
                }
                guard let value = ExpressionValue(node: field.value, as: declared.type) else {
                    throw ProgramHandlerError(
                        handler: name, message: "returned '\(key)' is declared \(declared.type), found \(field.value.kindDescription)")
                }
                values[key] = value
            }
        }
        return values
    }

    // MARK: - Seconds (deprecated)

    /// ``timeLimit`` in seconds.
    @available(*, deprecated, message: "use timeLimit, a Duration")
    public var timeout: Double {
        get { timeLimitSeconds }
        set { timeLimitSeconds = Self.limitSeconds(newValue) }
    }

    /// ``defaultTimeLimit`` in seconds: 30.
    @available(*, deprecated, message: "use defaultTimeLimit, a Duration")
    public static var defaultTimeout: Double { defaultTimeLimit.inSeconds }

    /// A handler bounded by `timeout` seconds (one that is not a positive finite number is
    /// ``defaultTimeLimit``); otherwise as ``init(arguments:timeLimit:declaration:environment:)``.
    @_disfavoredOverload
    @available(*, deprecated, message: "give the time limit as a Duration: ProgramHandler(arguments:timeLimit:declaration:environment:)")
    public init(
        arguments: [String], timeout: Double = ProgramHandler.defaultTimeout, declaration: HandlerDeclaration? = nil,
        environment: [String: String] = ProgramHandler.minimalEnvironment(from: [:])
    ) {
        self.init(arguments: arguments, seconds: timeout, declaration: declaration, environment: environment)
    }
}

/// Why a ``ProgramHandler`` step failed: the handler's name and what happened.
public struct ProgramHandlerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step's handler name.
    public var handler: String
    /// What happened, for the screen.
    public var message: String

    package init(handler: String, message: String) {
        self.handler = handler
        self.message = message
    }

    /// `NAME: message`.
    public var description: String { "\(handler): \(message)" }
}
