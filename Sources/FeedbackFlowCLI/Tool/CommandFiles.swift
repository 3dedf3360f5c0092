import FlowSource
import FlowSystem
import FlowWorkspace

/// The files one command reads and writes, each named by the option that gives it. Two
/// of them being one file — the same path, another spelling of it, a symbolic or hard
/// link — is a usage error, checked before anything is written: a transcript written
/// over the outbox erases the submissions kept there, feedback appended to the flow
/// breaks the flow.
///
/// Two existing regular files are one when `stat(2)` (links followed) gives both the
/// same device and inode (``FileIdentity``); two missing paths when they name the same
/// entry of the same folder (the folder's device and inode, then the name: `./a`, `a`
/// and `link-to-here/a` are one; a folder that does not exist either compares by the
/// absolute, standardized spelling). A device, fifo or socket
/// (`/dev/stdout` and `/dev/stderr` on one terminal) is never compared: nothing is kept
/// in it.
enum CommandFiles {
    /// One file of the command.
    struct Entry {
        /// How the error names it: `--outbox`, or `the flow file` for the input.
        var name: String
        /// The path as given.
        var path: String
        /// What writing over it destroys: `the flow`, `the submissions kept there`.
        var holds: String
        /// Whether it is the command's input (named without an option).
        var isInput = false

        /// The flow file a command reads.
        static func flow(_ path: String) -> Entry {
            Entry(name: "the flow file", path: path, holds: "the flow", isInput: true)
        }
    }

    /// - Throws: ``UsageError`` for the first pair, in the order given, that is one file,
    ///   naming the later of the two (give the input first). O(n²) for n entries (a
    ///   command has at most four).
    static func checkDistinct(_ entries: [Entry]) throws(UsageError) {
        let identities = entries.indices.map { identity(of: entries[$0].path, index: $0) }
        for later in entries.indices {
            for earlier in entries.indices where earlier < later && identities[earlier] == identities[later] {
                let (first, second) = (entries[earlier], entries[later])
                let what = first.isInput ? "the flow file" : "the \(first.name) file"
                throw UsageError(
                    "\(second.name) '\(second.path)' is \(what) '\(first.path)'; writing it would destroy \(first.holds)",
                    hint: "give \(second.name) another file")
            }
        }
    }

    /// Creates `path` or empties it, in place: written through a symbolic link and
    /// never replaced by a new file (so a device such as `/dev/full`, a named pipe or a
    /// link keeps being what it is). `open(2)` with `O_CREAT | O_TRUNC`, mode 0644.
    /// - Throws: ``UsageError`` when it cannot be opened for writing, with the reason.
    static func empty(_ path: String, option: String) throws(UsageError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = SystemError.last.reason
            throw UsageError("cannot write to '\(path)' (\(option)): \(reason)", hint: "check that its folder exists and is writable")
        }
        close(fd)
    }

    /// A usage error when `path` cannot be created or appended to (its folder is missing
    /// or not writable), checked before the flow starts rather than at the first submit.
    static func checkWritable(_ path: String, option: String) throws(UsageError) {
        let manager = FileManager.default
        let kind = PathKind(path)
        if kind != .missing {
            guard kind != .directory, manager.isWritableFile(atPath: path) else {
                throw UsageError("cannot write to '\(path)' (\(option))")
            }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard manager.isWritableFile(atPath: folder) else {
            throw UsageError("cannot create '\(path)' (\(option))", hint: "check that its folder exists and is writable")
        }
    }

    /// What tells two paths apart (see the type's notes).
    private enum Identity: Hashable {
        case file(FileIdentity)
        /// A name not there yet, in an existing folder.
        case entry(folder: FileIdentity, name: String)
        case missing(String)
        /// Not a regular file: different from everything, itself included.
        case special(index: Int)
    }

    private static func identity(of path: String, index: Int) -> Identity {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var folder = stat()
            if stat(url.deletingLastPathComponent().path, &folder) == 0 {
                return .entry(folder: FileIdentity(folder), name: url.lastPathComponent)
            }
            return .missing(url.path)
        }
        return (status.st_mode & S_IFMT) == S_IFREG ? .file(FileIdentity(status)) : .special(index: index)
    }
}
