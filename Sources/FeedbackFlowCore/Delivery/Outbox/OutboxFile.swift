import FlowSource
import FlowSystem

/// The outbox file on disk: reading its lines, durable appends, atomic replacement, and
/// the lock that serialises its writers across processes. Used only by
/// ``OutboxFeedbackSink``, which holds the lock around every read-modify-write.
///
/// Crash safety (a `kill -9` or a power cut at any instruction):
/// - an append is one `write(2)` loop of a whole line, then `fsync(2)` (``LineAppender``,
///   durably): a crash leaves at most a last line without its line break, which
///   ``read()`` ignores (its submission was never acknowledged);
/// - a replacement writes `PATH.tmp` in the same folder, `fsync`s it, `rename(2)`s it over
///   the file (atomic: the name names the old or the new file, never a mix) and `fsync`s
///   the folder; an empty outbox is `unlink(2)`ed instead. A crash leaves the old or the
///   new file, and at worst a stale `PATH.tmp`, which the next replacement overwrites.
struct OutboxFile: Sendable {
    /// One line of the file.
    enum Line: Sendable {
        /// A line that is a record.
        case record(OutboxRecord)
        /// A whole line (it ends with a line break) that is not a record, kept byte for
        /// byte by every replacement, so nothing is dropped unseen; `number` is its
        /// 1-based line number.
        case unreadable(number: Int, bytes: [UInt8])
    }

    let path: String

    /// Where replacements are written before they are renamed over the file.
    var temporaryPath: String { path + ".tmp" }

    /// The file's lines in order. A missing file has none; a last line without its line
    /// break is left out (a cut append); so are blank lines.
    /// - Throws: ``OutboxError/cannotRead(path:reason:)``.
    func read() throws(OutboxError) -> [Line] {
        var status = stat()
        if stat(path, &status) != 0, errno == ENOENT { return [] }
        let file: SourceFile
        do {
            // Only a regular file, opened so that nothing waits (a fifo would hold the command).
            file = try SourceFile.read(path: path, byteLimit: OutboxFeedbackSink.maximumBytes, onlyRegular: true)
        } catch {
            throw .cannotRead(path: path, reason: error.message)
        }
        var lines: [Line] = []
        var start = 0
        var number = 0
        let bytes = file.bytes
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            number += 1
            let line = bytes[start..<end]
            start = end + 1
            guard line.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }) else { continue }
            if let record = OutboxRecord(jsonLine: line) {
                lines.append(.record(record))
            } else {
                lines.append(.unreadable(number: number, bytes: Array(line)))
            }
        }
        return lines
    }

    /// Appends `record` as one line, on the disk before returning.
    /// - Throws: ``DeliveryError``; the file is then as it was.
    func append(_ record: OutboxRecord) throws(DeliveryError) {
        try LineAppender(path: path).append(Array((record.jsonText + "\n").utf8), durably: true)
    }

    /// Replaces the file by `lines`, atomically and durably (see the type's notes);
    /// removes it when `lines` is empty.
    /// - Throws: ``DeliveryError``; the file is then as it was.
    func replace(with lines: [Line]) throws(DeliveryError) {
        guard !lines.isEmpty else {
            guard unlink(path) == 0 || errno == ENOENT else { throw .cannotReplace(path: path, code: errno) }
            if let code = AtomicReplacement.synchronizeFolder(of: path) {
                throw .syncFailed(path: AtomicReplacement.folder(of: path), code: code)
            }
            return
        }
        var bytes: [UInt8] = []
        for line in lines {
            switch line {
            case .record(let record): bytes += Array(record.jsonText.utf8)
            case .unreadable(_, let text): bytes += text
            }
            bytes.append(0x0A)
        }
        let temporary = temporaryPath
        if let code = AtomicReplacement.writeTemporary(bytes, at: temporary, mode: 0o644, exclusive: false)
            ?? AtomicReplacement.rename(temporary, over: path)
        {
            throw .cannotReplace(path: path, code: code)
        }
        if let code = AtomicReplacement.synchronizeFolder(of: path) {
            throw .syncFailed(path: AtomicReplacement.folder(of: path), code: code)
        }
    }

    /// Runs `body` holding an exclusive `flock(2)` on the file's folder, so that no other
    /// outbox of any process appends to or replaces the file meanwhile (an append between
    /// another writer's read and its rename would be lost). The lock is released when
    /// `body` returns or throws, and by the system if the process dies. Blocks while
    /// another process holds it (only for the length of a file operation).
    /// - Throws: ``OutboxError/cannotLock(path:code:)``, or what `body` throws.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        let fd = open(AtomicReplacement.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw OutboxError.cannotLock(path: path, code: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw OutboxError.cannotLock(path: path, code: errno) }
        }
        return try body()
    }
}
