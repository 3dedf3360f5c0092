import FlowSystem

/// Replacing a file whole, so that a reader sees the old bytes or the new ones, never a
/// mix, and a process stopped halfway leaves the old file: the new bytes go to a
/// temporary file in the same folder (a rename stays in one file system), reach the
/// disk (`fsync(2)`), and are renamed over the file (`rename(2)` is atomic). The one
/// way the outbox and the command line's `fmt`, `convert -o` and baselines replace files.
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
}
