import FlowSystem

/// What a path names, symbolic links followed (POSIX `stat`): the one place the CLI asks,
/// so it needs neither `ObjCBool` (Foundation on Darwin) nor `inout Bool`
/// (FoundationEssentials elsewhere).
package enum PathKind: Equatable {
    /// Nothing, or a broken link.
    case missing
    case directory
    /// A regular file, fifo, device or socket.
    case other

    /// The kind of `path`.
    package init(_ path: String) {
        self.init(status: Self.status(of: path))
    }

    /// The kind a `stat` found (``status(of:)``); `nil` is ``missing``.
    package init(status: stat?) {
        guard let status else {
            self = .missing
            return
        }
        self = (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }

    /// Whether `path` is a regular file (symbolic links followed): one that can be read
    /// without waiting, unlike a fifo or a device.
    package static func isRegularFile(_ path: String) -> Bool {
        status(of: path).map { $0.st_mode & S_IFMT == S_IFREG } ?? false
    }

    /// `stat(2)` of `path`, symbolic links followed; `nil` when it fails (nothing there,
    /// a broken link, no permission).
    package static func status(of path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }

    /// Why `stat(2)` finds nothing at `path`, from a fresh `stat`'s `errno`: the one
    /// message every command gives for a path it cannot reach (see
    /// ``unreachable(_:errno:noun:)``).
    package static func unreachable(_ path: String, noun: String = "file") -> String {
        var status = stat()
        return unreachable(path, errno: stat(path, &status) == 0 ? ENOENT : errno, noun: noun)
    }

    /// Why `stat(2)` found nothing at `path`, from its `errno`: a link loop (`ELOOP`), a
    /// part of the path that is not a folder (`ENOTDIR`), no permission (`EACCES`), else
    /// no such `noun` (`file`, or `file or folder` where either is taken).
    package static func unreachable(_ path: String, errno: Int32, noun: String) -> String {
        switch errno {
        case ELOOP: "cannot follow '\(path)': its symbolic links make a loop"
        case ENOTDIR: "no such \(noun) '\(path)': a part of the path before the end is not a folder"
        case EACCES: "cannot reach '\(path)': permission denied"
        default: "no such \(noun) '\(path)'"
        }
    }
}
