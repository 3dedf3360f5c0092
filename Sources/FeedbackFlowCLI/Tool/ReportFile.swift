import FlowSource
import FlowSystem
import FlowWorkspace

/// A file a report is written to (`--format sarif=FILE`, `$GITHUB_STEP_SUMMARY`), opened
/// before anything is checked, so that a path that cannot be written is a usage error
/// at once rather than after the work, and closed when the value goes away.
final class ReportFile {
    let path: String
    /// The open file; `nil` for a file to be made by replacing (``replacing``) that does not exist yet.
    let writer: FileDescriptorWriter?

    /// Opens `path` for writing, created with mode 0644 when missing: emptied at the
    /// first ``write(_:)`` (so a usage error found after opening leaves an earlier report
    /// as it was) or, with `appending`, added to (`O_APPEND`).
    /// - Throws: ``UsageError`` naming the file and the system's reason.
    /// - Parameter isNew: the file must not exist yet (`O_EXCL`): a file there is never
    ///   written over, even one made between a check and the write.
    /// - Parameter replacing: the file is a whole output a command makes (`convert -o`,
    ///   `--write-baseline`): a regular file there is read now and, at the one
    ///   ``write(_:)``, replaced whole (``FileReplacement``), unless it changed since, which
    ///   fails rather than write over that change. A device or pipe is written to as it is.
    ///   A file that is not there is not made until the write (a refused run leaves none),
    ///   and then only if none was made meanwhile; its folder must be writable now.
    ///   With `stopping`, the process stops itself before that check
    ///   (``FileReplacement/stopVariable``).
    init(
        path: String, appending: Bool = false, isNew: Bool = false, replacing: Bool = false, stopping: Bool = false, what: String
    ) throws(UsageError) {
        self.path = path
        self.appending = appending
        self.what = what
        self.stopping = stopping
        var status = stat()
        if replacing, stat(path, &status) != 0, errno == ENOENT {
            let folder = AtomicReplacement.folder(of: path)
            guard access(folder, W_OK | X_OK) == 0 else {
                throw UsageError(
                    "cannot write to '\(path)' (\(what)): \(SystemError.last.reason)", hint: "check that its folder exists and is writable")
            }
            writer = nil
            replaced = .absent
            return
        }
        // Opened without waiting: a fifo nothing reads fails at once (ENXIO) instead of
        // holding the command; the flag is cleared after.
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (appending ? O_APPEND : 0) | (isNew ? O_EXCL : 0), 0o644)
        guard fd >= 0 else {
            if errno == ENXIO {
                throw UsageError("cannot write to '\(path)' (\(what)): it is a pipe nothing reads", hint: "start its reader first, or give a file")
            }
            if isNew, errno == EEXIST {
                throw UsageError("'\(path)' exists already: it is not written over", hint: "choose another name, or move that file away")
            }
            let reason = SystemError.last.reason
            throw UsageError("cannot write to '\(path)' (\(what)): \(reason)", hint: "check that its folder exists and is writable")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        writer = FileDescriptorWriter(fileDescriptor: fd)
        if replacing, fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            // What is there now is what the write may replace.
            // Too large or unreadable to hold: known by its fingerprint alone.
            replaced = (try? SourceFile.readStamped(path: path)).map { .read($0.source, $0.stamp) } ?? .fingerprint(FileFingerprint(status))
        }
    }

    private let appending: Bool
    private let what: String
    private let stopping: Bool
    private var emptied = false
    /// For a regular file opened with `replacing`, what it must still be at the write.
    private var replaced: FileReplacement.Expectation?

    /// Writes `text`; a file opened with `replacing` is replaced by it.
    /// - Throws: ``IOFailure`` when the system refuses (a full disk), or when a file
    ///   opened with `replacing` changed since it was opened (it is left as it is).
    func write(_ text: String) throws(IOFailure) {
        if let replaced {
            self.replaced = nil
            do throws(FileReplacement.Failure) {
                try FileReplacement.replace(path, with: text, expecting: replaced, what: what, stopping: stopping)
            } catch {
                throw IOFailure(error.message)
            }
            return
        }
        guard let writer else { throw IOFailure("cannot write to '\(path)': not opened") }
        if !appending, !emptied {
            emptied = true
            // A device or pipe cannot be truncated, and need not be.
            if ftruncate(writer.fileDescriptor, 0) != 0, errno != EINVAL, errno != EBADF {
                throw IOFailure("cannot write to '\(path)': \(SystemError.last.reason)")
            }
        }
        writer.write(text)
        if let failure = writer.failure { throw IOFailure("cannot write to '\(path)': \(failure)") }
    }

    deinit {
        if let writer { close(writer.fileDescriptor) }
    }
}
