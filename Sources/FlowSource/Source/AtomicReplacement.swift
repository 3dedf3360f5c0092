import FlowSystem

/// Replacing a file whole, so that a reader sees the old bytes or the new ones, never a
/// mix, and a process stopped halfway leaves the old file: the new bytes go to a
/// temporary file in the same folder (a rename stays in one file system), reach the
/// disk (`fsync(2)`), are renamed over the file (`rename(2)` is atomic), and the rename
/// reaches the disk too (``synchronizeFolder(of:)``). The one way the outbox and the
/// command line's `fmt`, `convert -o` and baselines replace files.
package enum AtomicReplacement {
    /// Writes `bytes` to a new file at `temporary` with `mode`, runs `prepare` on its
    /// descriptor (to give it the old file's owner and mode), makes it durable and closes
    /// it. With `exclusive`, a file already at `temporary` is an error (`EEXIST`) and is
    /// left alone; without, it is emptied first. On a failure after the file was made, it
    /// is removed. Returns `nil`, or the error number of the first failure. O(bytes).
    package static func writeTemporary(
        _ bytes: [UInt8], at temporary: String, mode: mode_t, exclusive: Bool, prepare: (Int32) -> Int32? = { _ in nil }
    ) -> Int32? {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC), mode)
        guard fd >= 0 else { return errno }
        var code = WholeWrite.write(bytes, to: fd)
        if code == nil { code = prepare(fd) }
        if code == nil, fsync(fd) != 0 { code = errno }
        if close(fd) != 0 { code = code ?? errno }
        if code != nil { unlink(temporary) }
        return code
    }

    /// Renames `temporary` over `target`; when that fails, removes `temporary`. Returns
    /// `nil`, or the error number.
    package static func rename(_ temporary: String, over target: String) -> Int32? {
        guard FlowSystem.rename(temporary, target) != 0 else { return nil }
        let code = errno
        unlink(temporary)
        return code
    }

    /// The folder of `path`: what precedes its last `/` (`/` for a file at the root, `.`
    /// for a bare name).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `fsync(2)` of the folder holding `path`, so that a name created, renamed or removed
    /// there survives a crash; `nil` when done, else the `errno`. A file system that cannot
    /// synchronise folders (`EINVAL`) counts as done.
    package static func synchronizeFolder(of path: String) -> Int32? {
        let fd = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        guard fsync(fd) == 0 || errno == EINVAL else { return errno }
        return nil
    }
}
