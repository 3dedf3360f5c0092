import FlowSource
import FlowSystem

/// Writes a file whole or not at all, and never over an edit made meanwhile.
///
/// The text goes to a new file beside it, `NAME.feedbackflow-PID.tmp`, which is then
/// renamed over it (rename(2) is atomic), so a process stopped halfway leaves the old
/// file. Just before the rename, the path is checked against what the command read
/// (``Expectation``): the same file (device and inode: an editor's save renames a new
/// file in) of the same size, and then its bytes, when its modification or status-change
/// times moved (a `touch` or `chmod` that changed nothing is not a change) or were recent
/// enough that a write could have left them as they were
/// (``FlowSource/FileFingerprint/isRecent(comparedTo:)``). A file that changed is left as
/// it is: ``Failure/changed(_:)``. What remains is the time between that check and the
/// rename, microseconds: POSIX has no rename that compares first. Where nothing was
/// there, the new file is linked in (`link(2)`, which never replaces), so one made
/// meanwhile is never written over.
///
/// A temporary file left by a run that was killed is removed by the next replacement of
/// the same file once its process is gone (`kill(PID, 0)` fails with `ESRCH`); the folder
/// is looked through once per run (``Sweep``). A process of another PID namespace or
/// another machine sharing the folder is not seen: its temporary file could be taken
/// for a stale one.
///
/// A symbolic link is followed (its target is replaced, the link stays). The new file is
/// made readable by the owner alone until it has the old file's mode (and, where the
/// system lets us, its owner and group); a new file gets 0644 less the umask. Its text
/// reaches the disk (fsync) before the rename. A pipe, device or read-only file (no write
/// permission bit, even for root, who may write anything) is not replaced, nor is a file
/// with other hard links: the new file would be under one name only, and the others
/// would keep the old text.
enum FileReplacement {
    /// What the path must still be when the new text is renamed over it.
    enum Expectation {
        /// Nothing is checked (a file the command did not read, such as a report).
        case unchecked
        /// Nothing is there: a file that appears meanwhile is not written over.
        case absent
        /// The file `source` was read from, as it was then (its ``FlowSource/ReadStamp``);
        /// text with no stamp (standard input, a fifo) is not checked.
        case read(SourceFile, ReadStamp?)
        /// A file that was not read (too large, not readable), known by its fingerprint
        /// alone: only a change of identity, size or times shows.
        case fingerprint(FileFingerprint)
    }

    /// Why a file was not replaced.
    enum Failure: Error {
        /// The folder cannot be written, or the system refused the write.
        case io(IOFailure)
        /// The path changed since it was read; the message says how, and that the file is
        /// left as it is.
        case changed(String)

        /// The one-line message.
        var message: String {
            switch self {
            case .io(let failure): failure.message
            case .changed(let message): message
            }
        }
    }

    /// The environment variable that makes a replacing command stop itself (`SIGSTOP`)
    /// just before it checks the path, so that a test can change the file at that moment
    /// and let it go on (`SIGCONT`); it waits on the process's stopped state, not on a clock.
    static let stopVariable = "FEEDBACKFLOW_STOP_BEFORE_REPLACING"

    /// Replaces the file at `path` with `text`, if it is still what `expectation` says;
    /// `what` names the option or command that writes it, for the error. With `stopping`,
    /// the process stops itself before the check (``stopVariable``).
    /// - Throws: ``Failure``.
    static func replace(
        _ path: String, with text: String, expecting expectation: Expectation, what: String, stopping: Bool = false,
        sweep: Sweep = Sweep()
    ) throws(Failure) {
        func failure(_ reason: String) -> Failure { .io(IOFailure("cannot write '\(path)' (\(what)): \(reason)")) }
        // The link's target, so that a link to a flow stays a link.
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists {
            // Only a regular file the user may write is replaced: not a pipe, device or read-only file.
            guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
            guard access(target, W_OK) == 0 else { throw failure(SystemError.last.reason) }
            // access(2) says yes to root for any file: its mode says whether it is meant to be written.
            guard status.st_mode & 0o222 != 0 else {
                throw failure("the file is read-only (mode \(String(status.st_mode & 0o7777, radix: 8)))")
            }
            guard status.st_nlink <= 1 else {
                throw failure("it has \(status.st_nlink) hard links, and replacing it would leave the others with the old text")
            }
        }
        if sweep.firstTime(in: AtomicReplacement.folder(of: target)) { removeStaleTemporaries(of: target) }
        let temporary = temporaryName(of: target, process: getpid())
        // A new file's mode is 0644 less the umask; a replacement is the owner's until it has the old mode.
        let written = AtomicReplacement.writeTemporary(Array(text.utf8), at: temporary, mode: exists ? 0o600 : 0o644, exclusive: true) { fd in
            guard exists else { return nil }
            _ = fchown(fd, status.st_uid, status.st_gid)  // only root may give a file away: best effort
            return fchmod(fd, status.st_mode & 0o7777) != 0 ? errno : nil
        }
        if let written { throw failure(SystemError(code: written).reason) }
        if stopping { raise(SIGSTOP) }
        if let change = change(at: target, since: expectation) {
            unlink(temporary)
            throw .changed("'\(path)' \(change) after it was read: it is not written over, and keeps that change (run the command again)")
        }
        if case .absent = expectation {
            // Linked in: fails rather than replace a file made since the check.
            let code = link(temporary, target) == 0 ? nil : errno
            unlink(temporary)
            if code == EEXIST {
                throw .changed("'\(path)' was created after it was read: it is not written over, and keeps that change (run the command again)")
            }
            if let code { throw failure(SystemError(code: code).reason) }
            return
        }
        if let code = AtomicReplacement.rename(temporary, over: target) { throw failure(SystemError(code: code).reason) }
        // The new file is in place; that the rename survives a crash is best effort.
        _ = AtomicReplacement.synchronizeFolder(of: target)
    }

    /// How the file at `target` differs from `expectation`, said for the message
    /// (`was written to`), or `nil` when it does not. O(file size) when the bytes are
    /// compared, else one `stat`.
    static func change(at target: String, since expectation: Expectation) -> String? {
        var status = stat()
        let exists = stat(target, &status) == 0
        switch expectation {
        case .unchecked:
            return nil
        case .absent:
            return exists ? "was created" : nil
        case .fingerprint(let fingerprint):
            guard exists else { return "was removed or moved away" }
            let now = FileFingerprint(status)
            if now.identity != fingerprint.identity { return "was replaced by another file (an editor's save)" }
            return now == fingerprint ? nil : "was written to"
        case .read(let source, let stamp):
            guard let (fingerprint, time) = stamp.map({ ($0.fingerprint, $0.time) }) else { return nil }
            guard exists else { return "was removed or moved away" }
            let now = FileFingerprint(status)
            if now.identity != fingerprint.identity { return "was replaced by another file (an editor's save)" }
            if now.size != fingerprint.size { return "was written to" }
            // Times that moved, or too close to the read to tell: the bytes do.
            guard now != fingerprint || fingerprint.isRecent(comparedTo: time) else { return nil }
            guard let again = try? SourceFile.read(path: target, byteLimit: source.bytes.count), again.bytes == source.bytes else {
                return "was written to"
            }
            return nil
        }
    }

    /// The folders a run has looked through for stale temporary files already, so that a
    /// run replacing many files of one folder looks once (not once per file: O(files²)).
    /// One per run, kept by the command; it is not shared between threads.
    final class Sweep {
        private var folders: Set<String> = []

        /// Whether `folder` was not looked through yet (and is from now on).
        func firstTime(in folder: String) -> Bool { folders.insert(folder).inserted }
    }

    /// The temporary file a replacement of `target` by `process` writes:
    /// `TARGET.feedbackflow-PID.tmp`, in the same folder (a rename stays in one file system).
    static func temporaryName(of target: String, process: pid_t) -> String {
        target + ".feedbackflow-\(process).tmp"
    }

    /// Removes the temporary files (`NAME.feedbackflow-PID.tmp`) of replacements of files
    /// of `target`'s folder whose process is gone (or is this one: a pid used again after
    /// a killed run; this process replaces one file at a time). O(entries of the folder).
    static func removeStaleTemporaries(of target: String) {
        let folder = AtomicReplacement.folder(of: target)
        for name in DirectoryNames.of(folder) ?? [] {
            guard name.hasSuffix(".tmp"), let marker = name.ranges(of: ".feedbackflow-").last,
                case let digits = name[marker.upperBound...].dropLast(4), !digits.isEmpty, digits.allSatisfy(\.isASCII),
                let process = pid_t(digits), process > 0
            else { continue }
            if process == getpid() || (kill(process, 0) != 0 && errno == ESRCH) {
                unlink(folder + "/" + name)
            }
        }
    }
}
