import FlowSource
import FlowSystem

/// A ``Presenter`` that appends one JSON object per event to a file (JSON Lines), with
/// the same complete-or-absent guarantee per line as ``JSONLinesFeedbackSink``.
///
/// Each line has `type` — `screenShown`, `actionTapped`, `stepRun`, `handlerResult`,
/// `stepFailed`, `stackChanged` or `flowEnded` — and the event's fields: `screen` and
/// `instance` (screen id and instance number) where an event concerns a screen;
/// `style`, `image`, `title`, `subtitle`, `depths` for `screenShown`; `slot`, `title`
/// for `actionTapped`; `step`, `argument`, `onFailure` for `stepRun`; `step`, `result`
/// (`success` / `failure`), `message` for `handlerResult`; `step`, `message` for
/// `stepFailed`; `operation`, `target`, `stacks` (screen ids, bottom first), `depths`
/// for `stackChanged`; `outcome` for `flowEnded`. Keys are sorted; numbers in a custom
/// step's `argument` are written exactly as in the flow, as in ``JSONLinesFeedbackSink``.
///
/// `screenUpdated` events are not written: they carry field values, which may be
/// personal data, and flip with every keystroke. The file is appended to, never
/// truncated; start from an empty file for a fresh transcript.
///
/// A presenter cannot fail the flow, so a failed write is kept in ``lastError`` and the
/// recorder goes on with the next event.
public actor TranscriptRecorder: Presenter {
    /// The file appended to (created with mode 0644 when missing): a file URL (any other
    /// URL's path is taken as a file's path).
    public nonisolated let file: URL
    private let appender: LineAppender
    /// The last write error, if any.
    public private(set) var lastError: DeliveryError?

    /// A recorder appending to `file`, a file URL (`URL(filePath: …)`). Nothing is opened
    /// until the first event, and what the file already holds is kept.
    public init(file: URL) {
        self.file = file
        self.appender = LineAppender(path: file.localPath)
    }

    /// Appends `event` as one JSON line (nothing for ``NavigatorEvent/screenUpdated(_:)``).
    /// A write error does not throw: it is kept in ``lastError``.
    public func present(_ event: NavigatorEvent) async {
        guard let entry = TranscriptEntry(event) else { return }
        do {
            try appender.append(Array((entry.jsonText + "\n").utf8))
        } catch {
            lastError = error
        }
    }

    // MARK: - Paths (deprecated)

    /// ``file``'s path: as given to ``init(path:)`` (or to `URL(filePath:)` for a relative
    /// path), else the URL's whole path.
    @available(*, deprecated, message: "use file, a file URL")
    public nonisolated var path: String { file.localPath }

    /// A recorder appending to the file at `path` (relative to the current folder, or
    /// absolute); otherwise as ``init(file:)``.
    @available(*, deprecated, message: "give the file as a URL: TranscriptRecorder(file: URL(filePath: path))")
    public init(path: String) {
        self.init(file: URL(localPath: path))
    }
}
