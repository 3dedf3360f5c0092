#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file whole or not at all: the text goes to a new file beside it, which is
/// then renamed over it (rename(2) is atomic), so a process stopped halfway leaves the
/// old file. The file keeps its permissions (a new one gets 0644 less the umask).
enum FileReplacement {
    /// Replaces the file at `path` with `text`; `what` names the option or command that
    /// writes it, for the error.
    /// - Throws: ``UsageError`` when the folder cannot be written, ``IOFailure`` when the
    ///   system refuses the write.
    static func replace(_ path: String, with text: String, what: String) throws {
        let temporary = path + ".feedbackflow-\(getpid()).tmp"
        do {
            let file = try ReportFile(path: temporary, isNew: true, what: what)
            try file.write(text)
        } catch {
            unlink(temporary)
            throw error
        }
        var status = stat()
        if stat(path, &status) == 0 { chmod(temporary, status.st_mode & 0o7777) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw UsageError("cannot write '\(path)' (\(what)): \(reason)")
        }
    }
}
