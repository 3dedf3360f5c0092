import FeedbackFlowPrograms
import FeedbackFlowCore
import FlowSource
import FlowSystem

/// Delivers submissions over HTTP by running `feedbackflow-post` (installed beside
/// `feedbackflow`) once per submission: the one program that links libcurl, so that
/// `feedbackflow` itself starts without loading it. The program
/// posts the submission's JSON with its id as Idempotency-Key and answers in one JSON
/// line, which becomes success or a ``FeedbackFlowCore/DeliveryFailure`` (retryable, with its
/// Retry-After, or permanent) exactly as ``FeedbackFlowHTTP/HTTPFeedbackSink`` would throw it.
/// A program that cannot be found or started (or whose start fails: exit status 126 or
/// 127, as the loader and shells report it) is broken here, not at the receiver:
/// ``FeedbackFlowCore/DeliveryUnavailable``, which spends no attempt. One that ran and ended
/// without an answer (another status, a signal, its timeout) is a retryable failure of
/// that attempt, so one submission it cannot send never holds up the others.
struct HTTPProgramSink: FeedbackSink {
    let url: URL
    let timeout: Double
    /// The program's path; `nil` when it is not beside the running executable.
    let program: String?
    /// Where each run's process group is registered while it runs.
    let groups: ProgramGroups

    /// The name of the program.
    static let programName = "feedbackflow-post"
    /// Timeout of a request, in seconds (the program's own default).
    static let defaultTimeout = 15.0

    init(url: URL, timeout: Double = HTTPProgramSink.defaultTimeout, groups: ProgramGroups) {
        self.url = url
        self.timeout = timeout
        self.program = Self.locate()
        self.groups = groups
    }

    /// `feedbackflow-post` in the folder of the running executable (`/proc/self/exe`).
    static func locate() -> String? {
        guard let candidate = expectedPath, ChildProcess.isExecutableFile(candidate) else { return nil }
        return candidate
    }

    /// Where `feedbackflow-post` must be: beside the running executable (Linux:
    /// `/proc/self/exe`; elsewhere Foundation's `Bundle.main.executablePath`); `nil` when
    /// that cannot be learnt.
    static var expectedPath: String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            guard let executable = Bundle.main.executablePath else { return nil }
        #endif
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        return String(executable[...slash]) + programName
    }

    /// Why HTTP delivery cannot work here: `feedbackflow-post` is not beside the running
    /// executable, or not executable. `nil` when it is there.
    static var missingProgram: String? {
        guard locate() == nil else { return nil }
        return "cannot deliver over HTTP: '\(expectedPath ?? programName)' is missing or not executable"
    }

    func submit(_ feedback: FeedbackSubmission) async throws {
        guard let program else {
            throw DeliveryUnavailable(Self.missingProgram ?? "cannot deliver over HTTP: '\(Self.programName)' is missing")
        }
        let result: ChildProcess.Result
        let body = Array(feedback.jsonText.utf8)
        do {
            // The length lets the program refuse a body cut short (this process killed mid-write).
            result = try await ChildProcess.run(
                [program, url.absoluteString, String(timeout), feedback.id, String(body.count)],
                environment: ProgramHandler.minimalEnvironment(from: [:]), input: body,
                timeout: timeout + 10, outputLimit: 65_536, groups: groups)
        } catch let failure as ChildProcess.StartFailure {
            throw DeliveryUnavailable("cannot deliver over HTTP: \(failure)")
        }
        let detail = String(decoding: result.standardError.prefix(500), as: UTF8.self)
        let noAnswer = "cannot deliver over HTTP: \(Self.programName) gave no answer" + (detail.isEmpty ? "" : ": \(detail)")
        switch result.ending {
        case .cancelled: throw CancellationError()
        case .timedOut, .lost: throw DeliveryFailure.retryable(noAnswer)
        case .exited(0): break
        case .exited(let status) where status == 126 || status == 127:
            throw DeliveryUnavailable(noAnswer + " (exit status \(status): it could not start)")
        case .exited(let status): throw DeliveryFailure.retryable(noAnswer + " (exit status \(status))")
        case .signalled(let signal): throw DeliveryFailure.retryable(noAnswer + " (ended by signal \(signal))")
        }
        let document = JSONLoader(source: SourceFile(path: Self.programName, bytes: result.standardOutput)).load()
        guard document.diagnostics.isEmpty, let answer = document.root?.mapping else { throw DeliveryFailure.retryable(noAnswer) }
        func field(_ key: String) -> Node? { answer.first { $0.keyText == key }?.value }
        if field("delivered")?.bool == true { return }
        let message = field("message")?.string ?? "POST \(url.absoluteString) failed"
        if field("permanent")?.bool == true { throw DeliveryFailure.permanent(message) }
        var retryAfter: RetryAfter?
        if let seconds = field("retryAfterSeconds")?.integer {
            retryAfter = .seconds(seconds)
        } else if let text = field("retryAfterDate")?.string, let date = try? Date(text, strategy: .iso8601) {
            retryAfter = .date(date)
        }
        throw DeliveryFailure.retryable(message, retryAfter: retryAfter)
    }
}
