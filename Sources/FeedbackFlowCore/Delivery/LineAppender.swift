import FlowSource
import FlowSystem

/// Appends whole lines to a file: each append is complete or absent, never half a line,
/// and starts on a line of its own (after a line break added when the file did not end
/// with one).
///
/// The file is opened for each append with `O_WRONLY | O_APPEND | O_CREAT` (mode 0644),
/// so every `write(2)` lands at the end even if another writer appended meanwhile
/// (POSIX `open`, "O_APPEND"). The line goes out in one write loop (retrying short
/// writes and `EINTR`); if a write fails part-way, the file is cut back with
/// `ftruncate(2)` to its size before the append, and removed when the append created it
/// and nothing else was written to it meanwhile. Callers serialize appends (the sink
/// and the recorder are actors); separate processes appending to the same file at the
/// same moment are not coordinated (``OutboxFeedbackSink`` holds a lock around its own).
///
/// A durable append (``append(_:durably:)`` with `durably: true`, what the outbox uses)
/// also makes the line survive a crash of the machine before returning: `fsync(2)` of the
/// file, and of its folder when the append created the file (POSIX leaves a new file's
/// name unsynchronised until its folder is). If either fails, the file is cut back to its
/// size before the append and the append throws ``DeliveryError/syncFailed(path:code:)``.
struct LineAppender: Sendable {
    let path: String

    /// Appends `line` (which must end with `\n`); with `durably`, synchronised to the
    /// disk before returning (see the type's notes).
    func append(_ line: [UInt8], durably: Bool = false) throws(DeliveryError) {
        var existing = stat()
        let creates = stat(path, &existing) != 0 && errno == ENOENT
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, code: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw .writeFailed(path: path, code: code)
        }
        let sizeBefore = status.st_size
        // A failed append leaves the file as it was: cut back to its size before, and
        // removed again when this append created it and it is still empty (a full disk
        // must not leave an empty outbox or feedback file behind).
        var failed = false
        defer {
            if failed, creates, fstat(fd, &status) == 0, status.st_size == 0 { unlink(path) }
            close(fd)
        }
        var line = line
        // A file whose last line was cut (or written by hand without a final line break)
        // gets one first, so this line stays a line of its own.
        if sizeBefore > 0 {
            var last: UInt8 = 0
            if pread(fd, &last, 1, sizeBefore - 1) == 1, last != 0x0A { line.insert(0x0A, at: 0) }
        }

        if let code = WholeWrite.write(line, to: fd) {
            _ = ftruncate(fd, sizeBefore)
            failed = true
            throw .writeFailed(path: path, code: code)
        }
        guard durably else { return }
        if fsync(fd) != 0 {
            let code = errno
            _ = ftruncate(fd, sizeBefore)
            failed = true
            throw .syncFailed(path: path, code: code)
        }
        if creates, let code = AtomicReplacement.synchronizeFolder(of: path) {
            _ = ftruncate(fd, sizeBefore)
            failed = true
            throw .syncFailed(path: AtomicReplacement.folder(of: path), code: code)
        }
    }
}
