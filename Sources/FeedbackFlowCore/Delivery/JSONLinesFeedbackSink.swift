/// A ``FeedbackSink`` that appends each submission to a file as one JSON object on one
/// line (JSON Lines: RFC 8259 text, UTF-8, `\n` after each object).
///
/// Each append is complete or absent, never half a line (see the file's `LineAppender`:
/// `O_APPEND`, one write loop, `ftruncate` back on a failed write). Submissions are
/// serialized by the actor. The line is `FeedbackSubmission/jsonText`: keys sorted,
/// `custom` numbers exactly as written in the flow (never rounded).
public actor JSONLinesFeedbackSink: FeedbackSink {
    /// The file appended to (created when missing).
    public nonisolated let path: String
    private let appender: LineAppender

    /// A sink appending to the file at `path`. Nothing is opened yet: the file is opened (and
    /// created with mode 0644 when missing) for each submission, so an unwritable path fails
    /// that submission's step with ``DeliveryError/cannotOpen(path:code:)``.
    public init(path: String) {
        self.path = path
        self.appender = LineAppender(path: path)
    }

    /// Appends `feedback` as one line.
    /// - Throws: ``DeliveryError``; the file is then as it was.
    public func submit(_ feedback: FeedbackSubmission) async throws {
        try appender.append(Array((feedback.jsonText + "\n").utf8))
    }
}
