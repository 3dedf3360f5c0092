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
    /// The file's path.
    public nonisolated let path: String
    /// The largest file read: 16 MiB (about 200,000 records).
    public static let maximumBytes = 16 * 1024 * 1024

    /// A history in the file at `path` (created on the first record).
    public init(path: String) {
        self.path = path
    }

    /// Appends `record` as one line.
    /// - Throws: ``DeliveryError`` when the file cannot be opened or written.
    public func record(_ record: PresentationRecord) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = Array((try? encoder.encode(record)) ?? Data())
        line.append(0x0A)
        try LineAppender(path: path).append(line)
    }

    /// Every record in the file, oldest first.
    /// - Throws: ``HistoryFileError`` when the file cannot be read, is larger than
    ///   ``maximumBytes``, or holds a line that is not a record.
    public func records() throws -> [PresentationRecord] {
        var status = stat()
        // A history that was never written is empty; any other problem is read and reported.
        if stat(path, &status) != 0, errno == ENOENT { return [] }
        let file: SourceFile
        do {
            file = try SourceFile.read(path: path, byteLimit: Self.maximumBytes)
        } catch {
            throw HistoryFileError(path: path, line: nil, reason: error.message)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var records: [PresentationRecord] = []
        var lineNumber = 0
        for line in file.bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) else { continue }
            do {
                records.append(try decoder.decode(PresentationRecord.self, from: Data(line)))
            } catch {
                throw HistoryFileError(
                    path: path, line: lineNumber,
                    reason: "not a record like {\"at\":\"2026-12-01T10:00:00Z\",\"flow\":\"ID\",\"kind\":\"presented\"}")
            }
        }
        return records.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }
}

/// A presentation history file that could not be read: where, and why.
public struct HistoryFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// The 1-based line that is not a record, when that is the problem.
    public var line: Int?
    /// What is wrong.
    public var reason: String

    package init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `PATH:LINE: reason`, or `PATH: reason`.
    public var description: String {
        line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)"
    }
}
