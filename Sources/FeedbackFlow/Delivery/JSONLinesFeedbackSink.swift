import Foundation

/// A ``FeedbackSink`` that appends each submission to a file as one JSON object on one
/// line (JSON Lines: RFC 8259 text, UTF-8, `\n` after each object).
///
/// Each append is complete or absent, never half a line (see the file's `LineAppender`:
/// `O_APPEND`, one write loop, `ftruncate` back on a failed write). Submissions are
/// serialized by the actor. Keys are sorted; see ``FeedbackSubmission`` for the shape.
public actor JSONLinesFeedbackSink: FeedbackSink {
    /// The file appended to (created when missing).
    public nonisolated let path: String
    private let appender: LineAppender

    public init(path: String) {
        self.path = path
        self.appender = LineAppender(path: path)
    }

    /// Appends `feedback` as one line.
    /// - Throws: ``DeliveryError``; the file is then as it was.
    public func submit(_ feedback: FeedbackSubmission) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(feedback)
        } catch {
            throw DeliveryError.encodingFailed(String(describing: error))
        }
        try appender.append(Array(data) + [UInt8(ascii: "\n")])
    }
}
