import FlowSource
import FlowSystem

/// A ``PresentationHistory`` kept in a JSON Lines file: one record per line,
/// `{"at":"2026-12-01T10:00:00Z","flow":"call-quality","kind":"presented"}` (keys sorted,
/// dates in ISO 8601 to the second, UTC). A missing file is an empty history.
///
/// Each ``record(_:)`` appends one whole line (the line is complete or
/// absent). ``records()`` reads the file, at most ``maximumBytes``; a line that is not
/// a record fails with its line number rather than being skipped, since a limit
/// checked against a partial history could show a flow too often.
public actor JSONFilePresentationHistory: PresentationHistory {
    /// The history's file: a file URL (any other URL's path is taken as a file's path).
    public nonisolated let file: URL
    /// The largest file read: 16 MiB (about 200,000 records).
    public static let maximumBytes = 16 * 1024 * 1024

    /// A history in `file`, a file URL (`URL(filePath: …)`), created on the first record.
    public init(file: URL) {
        self.file = file
    }

    /// Appends `record` as one line.
    /// - Throws: ``DeliveryError`` when the file cannot be opened or written.
    public func record(_ record: PresentationRecord) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = Array((try? encoder.encode(record)) ?? Data())
        line.append(0x0A)
        try LineAppender(path: file.localPath).append(line)
    }

    /// Every record in the file, oldest first.
    /// - Throws: ``HistoryFileError`` when the file cannot be read, is larger than
    ///   ``maximumBytes``, or holds a line that is not a record.
    public func records() throws -> [PresentationRecord] {
        let path = file.localPath
        var status = stat()
        // A history that was never written is empty; any other problem is read and reported.
        if stat(path, &status) != 0, errno == ENOENT { return [] }
        let source: SourceFile
        do {
            source = try SourceFile.read(path: path, byteLimit: Self.maximumBytes)
        } catch {
            throw HistoryFileError(file: file, line: nil, reason: error.message)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var records: [PresentationRecord] = []
        var lineNumber = 0
        for line in source.bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) else { continue }
            do {
                records.append(try decoder.decode(PresentationRecord.self, from: Data(line)))
            } catch {
                throw HistoryFileError(
                    file: file, line: lineNumber,
                    reason: "not a record like {\"at\":\"2026-12-01T10:00:00Z\",\"flow\":\"ID\",\"kind\":\"presented\"}")
            }
        }
        return records.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }

    // MARK: - Paths (deprecated)

    /// ``file``'s path: as given to ``init(path:)`` (or to `URL(filePath:)` for a relative
    /// path), else the URL's whole path.
    @available(*, deprecated, message: "use file, a file URL")
    public nonisolated var path: String { file.localPath }

    /// A history in the file at `path` (relative to the current folder, or absolute);
    /// otherwise as ``init(file:)``.
    @available(*, deprecated, message: "give the file as a URL: JSONFilePresentationHistory(file: URL(filePath: path))")
    public init(path: String) {
        self.init(file: URL(localPath: path))
    }
}

/// A presentation history file that could not be read: where, and why.
public struct HistoryFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The history's file (``JSONFilePresentationHistory/file``).
    public var file: URL
    /// The 1-based line that is not a record, when that is the problem.
    public var line: Int?
    /// What is wrong.
    public var reason: String

    package init(file: URL, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `PATH:LINE: reason`, or `PATH: reason`: a file given relative to the current folder
    /// named by that relative path, any other by its whole path.
    public var description: String {
        let path = file.localPath
        return line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)"
    }

    /// ``file``'s path, as ``description`` names it; setting it sets ``file`` to the file
    /// at that path (relative to the current folder, or absolute).
    @available(*, deprecated, message: "use file, a file URL")
    public var path: String {
        get { file.localPath }
        set { file = URL(localPath: newValue) }
    }
}
