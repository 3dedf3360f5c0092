import FeedbackFlowCore
import FlowSource

/// The feedback sink of `feedbackflow run`: submits through the outbox and, when a
/// submission stays kept (delivered later by `outbox flush`), says so on the screen at
/// once and counts it, so that the run can say it again when it ends. The step succeeds
/// either way: the submission is durably kept. Those a flush will try again and those
/// refused for good are counted apart, since only the first are delivered by a flush. A submission that could not be kept
/// throws, as the outbox does, and fails the step.
actor OutboxReportingFeedbackSink: FeedbackSink {
    private let outbox: OutboxFeedbackSink
    private let output: any TextWriter
    private let style: TerminalStyle
    /// How many submissions of this run stay kept and will be tried again.
    private(set) var liveCount = 0
    /// The last error of the last of those.
    private(set) var liveError: String?
    /// How many submissions of this run were refused for good (dead: kept, never tried again).
    private(set) var deadCount = 0
    /// The last error of the last of those.
    private(set) var deadError: String?

    init(_ outbox: OutboxFeedbackSink, output: any TextWriter, style: TerminalStyle) {
        self.outbox = outbox
        self.output = output
        self.style = style
    }

    func submit(_ feedback: FeedbackSubmission) async throws {
        guard case .kept(let record) = try await outbox.submitReturningOutcome(feedback) else { return }
        if record.isDead {
            deadCount += 1
            deadError = record.lastError
        } else {
            liveCount += 1
            liveError = record.lastError
        }
        output.write(style.apply(OutboxText.keptOnScreen(record, outbox: outbox.file.localPath), .yellow) + "\n")
    }
}
