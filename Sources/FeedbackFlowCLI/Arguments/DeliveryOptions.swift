import FeedbackFlowPrograms
import FeedbackFlowCore
import FlowSource
import FlowSystem
import FlowWorkspace

/// Where submitted feedback goes, shared by `run` and `outbox`: `--feedback-out FILE`
/// (JSON lines) or `--feedback-url URL` (HTTP POST), always through the outbox file
/// `--outbox FILE`, which keeps every submission until it is delivered
/// (``FeedbackFlowCore/OutboxFeedbackSink``).
package struct DeliveryOptions: Sendable {
    package static let feedbackOut = CommandOption.text(
        "feedback-out", valueName: "file",
        help: "Append submitted feedback here as JSON lines (default: \(defaultFeedbackOut)).")
    package static let feedbackURL = CommandOption.value(
        "feedback-url", valueName: "url",
        help: "POST each submission here as JSON (with its Idempotency-Key) instead of writing --feedback-out."
    ) { text throws(UsageError) in
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw UsageError("invalid --feedback-url '\(text)'", hint: "give an http or https URL, e.g. https://example.com/feedback")
        }
        return url
    }
    package static let outbox = CommandOption.text(
        "outbox", valueName: "file",
        help: "Keep each submission here until it is delivered (default: \(defaultOutboxName) beside --feedback-out).")

    /// The default of `--feedback-out`.
    package static let defaultFeedbackOut = "feedback.jsonl"
    /// The default file name of `--outbox`, in the folder of `--feedback-out`.
    package static let defaultOutboxName = "feedback-outbox.jsonl"

    /// `--feedback-out` as given.
    @Option(DeliveryOptions.feedbackOut) package var feedbackOut: String?
    /// `--feedback-url`, checked: http or https with a host.
    @Option(DeliveryOptions.feedbackURL) package var feedbackURL: URL?
    /// `--outbox` as given.
    @Option(DeliveryOptions.outbox) package var outbox: String?

    /// No option given, or the options as the command line being read gives them
    /// (``ArgumentReading``).
    package init() {}

    /// The options given, e.g. in a test.
    package init(feedbackOut: String? = nil, feedbackURL: URL? = nil, outbox: String? = nil) {
        self.init()
        self.feedbackOut = feedbackOut
        self.feedbackURL = feedbackURL
        self.outbox = outbox
    }

    /// The options as `arguments` give them, checked (``check()``).
    /// - Throws: ``UsageError`` for a value that does not read, or a check that fails.
    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { DeliveryOptions() }
        try check()
    }

    /// Checks the options together.
    /// - Throws: ``UsageError`` for `--feedback-url` given with `--feedback-out` (one
    ///   place to deliver to).
    package func check() throws(UsageError) {
        guard feedbackURL != nil, feedbackOut != nil else { return }
        throw UsageError("--feedback-url and --feedback-out both say where feedback goes", hint: "give one of them")
    }

    /// The `--feedback-out` file: as given, else ``defaultFeedbackOut``.
    package var feedbackOutPath: String { feedbackOut ?? Self.defaultFeedbackOut }

    /// The outbox file: `--outbox` as given, else ``defaultOutboxName`` in the folder of
    /// `feedbackOut` — the current folder for a bare name, and for a `feedbackOut` that is
    /// not a regular file (`/dev/full`, `/dev/stdout`, a fifo), whose folder is no place
    /// for files.
    package func outboxPath(beside feedbackOut: String) -> String {
        if let outbox { return outbox }
        var status = stat()
        if stat(feedbackOut, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG { return Self.defaultOutboxName }
        guard let slash = feedbackOut.lastIndex(of: "/") else { return Self.defaultOutboxName }
        return String(feedbackOut[...slash]) + Self.defaultOutboxName
    }

    /// Whether a place to deliver to was given (`outbox flush` needs one).
    package var namesDelivery: Bool { feedbackURL != nil || feedbackOut != nil }

    /// The sink submissions are delivered through: the `feedbackflow-post` program
    /// (``HTTPProgramSink``, which posts with ``FeedbackFlowHTTP/HTTPFeedbackSink``) for
    /// `--feedback-url`, else a ``FeedbackFlowCore/JSONLinesFeedbackSink`` on `feedbackOut`.
    /// - Parameter groups: where each run of `feedbackflow-post` is registered.
    package func delivery(feedbackOut: String, groups: ProgramGroups) -> any FeedbackSink {
        if let feedbackURL { return HTTPProgramSink(url: feedbackURL, groups: groups) }
        return JSONLinesFeedbackSink(file: URL(localPath: feedbackOut))
    }

    /// The options that name this outbox and delivery again, for the hint
    /// `feedbackflow outbox flush --outbox kept.jsonl --feedback-url https://…`: `--outbox`
    /// when it was given, then `--feedback-url`, or else `--feedback-out feedbackOut`;
    /// each value quoted for a POSIX shell when it needs to be.
    package func commandLineWords(feedbackOut: String) -> String {
        var words: [String] = []
        if let outbox { words += [Self.outbox.flagName, Self.shellQuoted(outbox)] }
        if let feedbackURL {
            words += [Self.feedbackURL.flagName, Self.shellQuoted(feedbackURL.absoluteString)]
        } else {
            words += [Self.feedbackOut.flagName, Self.shellQuoted(feedbackOut)]
        }
        return words.joined(separator: " ")
    }

    /// The options of a flush of this outbox, for a hint: ``commandLineWords(feedbackOut:)``
    /// when a delivery was named, else `--outbox OUTBOX` (when given) and
    /// `--feedback-url URL|--feedback-out FILE`, what the person still has to choose.
    var flushWords: String {
        if namesDelivery { return commandLineWords(feedbackOut: feedbackOutPath) }
        let outboxWords = outbox.map { "\(Self.outbox.flagName) \(Self.shellQuoted($0)) " } ?? ""
        return outboxWords + "\(Self.feedbackURL.flagName) URL|\(Self.feedbackOut.flagName) FILE"
    }

    /// `text` as one POSIX shell word: as is when it holds only `A–Z a–z 0–9 _ - . / : @ %
    /// + = ,`, else in single quotes (a `'` inside written `'\''`).
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-./:@%+=,".unicodeScalars.contains(scalar))
        }
        if plain, !text.isEmpty { return text }
        return "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// A usage error when the chosen delivery cannot work here: `--feedback-url` without
    /// `feedbackflow-post` beside the running executable. Checked before anything is
    /// tried, so that no submission spends an attempt on it.
    package func checkDeliverable() throws(UsageError) {
        guard feedbackURL != nil, let missing = HTTPProgramSink.missingProgram else { return }
        throw UsageError(
            missing, hint: "install it beside \(FeedbackFlowTool.name) ('scripts/install' installs both programs)")
    }

    /// A usage error when the outbox file `path` cannot be used: it is a folder or not a
    /// regular file, or its folder is missing or not writable (the outbox writes a
    /// temporary file there, and locks it). Checked before anything runs; that it is no
    /// other file of the command is ``CommandFiles/checkDistinct(_:)``'s.
    package static func checkOutbox(_ path: String) throws(UsageError) {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw UsageError("--outbox '\(path)' is not a regular file", hint: "give a file path, e.g. --outbox \(Self.defaultOutboxName)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw UsageError("cannot write in the folder of --outbox '\(path)'", hint: "check that its folder exists and is writable")
        }
    }

    /// The files delivery writes, for ``CommandFiles/checkDistinct(_:)``: the outbox at
    /// `outboxPath`, then `feedbackOut` when feedback is appended there (no `--feedback-url`).
    func files(outboxPath: String, feedbackOut: String) -> [CommandFiles.Entry] {
        var files = [CommandFiles.Entry(name: Self.outbox.flagName, path: outboxPath, holds: "the submissions kept there")]
        if feedbackURL == nil {
            files.append(CommandFiles.Entry(name: Self.feedbackOut.flagName, path: feedbackOut, holds: "the feedback delivered there"))
        }
        return files
    }
}
