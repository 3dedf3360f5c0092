#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowSource

/// Writes a file whole or not at all: the text goes to a new file beside it, which is
/// then renamed over it (rename(2) is atomic), so a process stopped halfway leaves the
/// old file. A symbolic link is followed (its target is replaced, the link stays). The new
/// file is made readable by the owner alone until it has the old file's mode (and, where
/// the system lets us, its owner and group); a new file gets 0644 less the umask. Its
/// text reaches the disk (fsync) before the rename. A pipe, device or read-only file
/// (no write permission bit, even for root, who may write anything) is not replaced, nor
/// is a file with other hard links: the new file would be under one name only, and the
/// others would keep the old text.
enum FileReplacement {
    /// Replaces the file at `path` with `text`; `what` names the option or command that
    /// writes it, for the error.
    /// - Throws: ``IOFailure`` when the folder cannot be written or the system refuses the write.
    static func replace(_ path: String, with text: String, what: String) throws(IOFailure) {
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
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw IOFailure("cannot write '\(path)' (\(what)): not a regular file")
            }
            guard access(target, W_OK) == 0 else {
                throw IOFailure("cannot write '\(path)' (\(what)): \(String(cString: strerror(errno)))")
            }
            // access(2) says yes to root for any file: its mode says whether it is meant to be written.
            guard status.st_mode & 0o222 != 0 else {
                throw IOFailure("cannot write '\(path)' (\(what)): the file is read-only (mode \(String(status.st_mode & 0o7777, radix: 8)))")
            }
            guard status.st_nlink <= 1 else {
                throw IOFailure(
                    "cannot write '\(path)' (\(what)): it has \(status.st_nlink) hard links, and replacing it would leave the others with the old text")
            }
        }
        let temporary = target + ".feedbackflow-\(getpid()).tmp"
        // A new file's mode is 0644 less the umask; a replacement is the owner's until it has the old mode.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0o600 : 0o644)
        guard fd >= 0 else {
            throw IOFailure("cannot write '\(path)' (\(what)): \(String(cString: strerror(errno)))")
        }
        var failure = WholeWrite.write(Array(text.utf8), to: fd)
        if exists {
            _ = fchown(fd, status.st_uid, status.st_gid)  // only root may give a file away: best effort
            if fchmod(fd, status.st_mode & 0o7777) != 0 { failure = failure ?? errno }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 { failure = failure ?? errno }
        if failure == nil, rename(temporary, target) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw IOFailure("cannot write '\(path)' (\(what)): \(String(cString: strerror(failure)))")
        }
    }
}
