import FlowSource
import FlowSystem

/// A ``FeedbackSink`` that appends each submission to a file as one JSON object on one
/// line (JSON Lines: RFC 8259 text, UTF-8, `\n` after each object).
///
/// Each append is complete or absent, never half a line (see the file's `LineAppender`:
/// `O_APPEND`, one write loop, `ftruncate` back on a failed write). Submissions are
/// serialized by the actor. The line is `FeedbackSubmission/jsonText`: keys sorted,
/// `custom` numbers exactly as written in the flow (never rounded).
public actor JSONLinesFeedbackSink: FeedbackSink {
    /// The file appended to (created when missing): a file URL (any other URL's path is
    /// taken as a file's path).
    public nonisolated let file: URL
    private let appender: LineAppender

    /// A sink appending to `file`, a file URL (`URL(filePath: …)`). Nothing is opened yet:
    /// the file is opened (and created with mode 0644 when missing) for each submission, so
    /// an unwritable file fails that submission's step with
    /// ``DeliveryError/cannotOpen(path:code:)``, which names the file by its path.
    public init(file: URL) {
        self.file = file
        self.appender = LineAppender(path: file.localPath)
    }

    /// Appends `feedback` as one line.
    /// - Throws: ``DeliveryError``; the file is then as it was.
    public func submit(_ feedback: FeedbackSubmission) async throws {
        try appender.append(Array((feedback.jsonText + "\n").utf8))
    }

    // MARK: - Paths (deprecated)

    /// ``file``'s path: as given to ``init(path:)`` (or to `URL(filePath:)` for a relative
    /// path), else the URL's whole path.
    @available(*, deprecated, message: "use file, a file URL")
    public nonisolated var path: String { file.localPath }

    /// A sink appending to the file at `path` (relative to the current folder, or absolute);
    /// otherwise as ``init(file:)``.
    @available(*, deprecated, message: "give the file as a URL: JSONLinesFeedbackSink(file: URL(filePath: path))")
    public init(path: String) {
        self.init(file: URL(localPath: path))
    }
}
