import FlowReporting
import FlowScenarios
import FlowSource
import FlowSystem
import FlowWorkspace

/// Turns the paths given to `validate` into the list of files to check.
///
/// - A file is checked whatever its extension (the user named it).
/// - A folder is searched recursively for files ending in `.yaml`, `.yml` or `.json`
///   (any case) that are not flow tests (`NAME.flowtest.yaml`, which `test` searches
///   for instead: ``Search``); entries whose name starts with `.` (`.git`, `.build`, editor files)
///   are skipped; each folder's files are sorted by path (Unicode scalar order), so the
///   output does not depend on the file system's listing order. Symbolic links are
///   followed, each real folder visited once (no loop).
/// - In a folder only regular files are taken: a fifo, socket or device (also reached
///   through a link) with such a name is never opened — opening a fifo waits for a
///   writer — but listed in ``Expansion/skipped``, so `validate` can say so. A path
///   named on the command line is taken whatever it is (a fifo there is read).
/// - A file reached twice (named and inside a named folder, through a link, or as a
///   hard link) is checked once, at its first place: files are told apart by device and
///   inode (``FileIdentity``), not by path.
/// - `-` is standard input (``SourceFile/standardInputPath``), read once, shown as `-`;
///   a path to what standard input is (`/dev/stdin`, the file it comes from) is the same
///   file.
/// - A path that does not exist, or a folder without any such file, is a
///   ``UsageError`` (status 2): in CI a typo in a path must not pass as "no findings".
/// - A folder that exists but cannot be listed or looked into (no permission to read
///   it, or to reach its entries) is not a usage error: it is listed in
///   ``Expansion/unreadable`` (once, however often it is reached), its `io-error`
///   reported with the other files' diagnostics (status 1), and the rest is still
///   searched.
package enum FlowFileFinder {
    /// The extensions searched for in folders, lowercased.
    package static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// Which files a folder search takes.
    package enum Search: Sendable {
        /// Flows: a name ending in one of ``FlowFileFinder/extensions`` that is not a flow
        /// test's (`validate`, `fmt`).
        case flows
        /// Flow tests (``FlowScenarios/FlowTestFile/isFlowTest(_:)``) and flows (`test`).
        case flowsAndTests

        /// Whether a file named `name` is taken.
        func takes(_ name: String) -> Bool {
            guard let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased()) else {
                return false
            }
            return self == .flowsAndTests || !FlowTestFile.isFlowTest(name)
        }
    }

    /// An entry of a searched folder that has a flow file's name but is not a regular
    /// file, so it is not read.
    package struct Skipped: Sendable, Hashable {
        /// The entry's path, as the folder search spells it.
        package var path: String
        /// What it is instead: `a fifo`, `a socket`, `a character device`, `a block device`
        /// (`a special file` for any other kind).
        package var kind: String

        /// An entry at `path` that is `kind`.
        package init(path: String, kind: String) {
            self.path = path
            self.kind = kind
        }
    }

    /// A folder that exists and could not be listed.
    package struct Unreadable: Sendable, Hashable {
        /// The folder's path, as the search spells it.
        package var path: String
        /// Why, as the system says it (`Permission denied`).
        package var reason: String
    }

    /// What `validate`'s and `fmt`'s paths expand to.
    package struct Expansion: Sendable, Hashable {
        /// The files to check, in order.
        package var files: [String]
        /// The entries of searched folders left out because they are not regular files,
        /// in the order of the search.
        package var skipped: [Skipped]
        /// The folders that could not be listed, in the order of the search.
        package var unreadable: [Unreadable] = []
        /// The files of ``files`` that were named on the command line (as the list spells
        /// them: a file named `./a.yaml` and found first as `a.yaml` in a folder is
        /// `a.yaml`), which a configuration's ignores never skip.
        package var named: Set<String> = []

        /// What the search itself found to say, at 1:1 of each path (there is no text to
        /// quote), like an unreadable file's `io-error`: a `skipped-file` note for each
        /// entry of ``skipped``, then an `io-error` for each folder of ``unreadable``.
        package var diagnostics: [Diagnostic] {
            let notes = skipped.map { skipped in
                FlowFileFinder.skippedNote(
                    at: skipped.path, "skipped: \(skipped.kind), not a regular file",
                    hint: "a folder search reads regular files only; name the file to read it")
            }
            let errors = unreadable.map { folder in
                Diagnostic.error(
                    .ioError, "cannot read folder '\(folder.path)': \(folder.reason)",
                    at: SourceSpan(file: folder.path, at: SourcePosition(line: 1, column: 1)),
                    hint: "its files were not read; the rest of the search went on")
            }
            return notes + errors
        }
    }

    /// The files to check for `paths`, in order (``expand(_:)``'s files; what it says of
    /// skipped entries and unreadable folders is left out).
    package static func files(for paths: [String]) throws(UsageError) -> [String] {
        try expand(paths).files
    }

    /// The files to check for `paths`, in order, and the folder entries skipped because
    /// they are not regular files. A file is known again by its ``FileIdentity``, from
    /// the `stat` that found it. O(entries under the folders · log).
    package static func expand(_ paths: [String], search kind: Search = .flows) throws(UsageError) -> Expansion {
        let manager = FileManager.default
        var result: [String] = []
        var skipped: [Skipped] = []
        var unreadable: [Unreadable] = []
        var unreadableSeen: Set<FileIdentity> = []
        var skippedSeen: Set<FileIdentity> = []
        var named: Set<String> = []
        // Each file taken, by what it is: the path it was taken under.
        var taken: [FileIdentity: String] = [:]
        var readsStandardInput = false
        // What standard input is, so that a path naming the same pipe or file
        // (`/dev/stdin`, the file it is redirected from) is not read a second time.
        var input = stat()
        let standardInput = fstat(0, &input) == 0 ? FileIdentity(input) : nil
        for path in paths {
            if path == SourceFile.standardInputPath {
                if !readsStandardInput {
                    if let standardInput, let earlier = taken[standardInput] {
                        named.insert(earlier)
                    } else {
                        if let standardInput { taken[standardInput] = path }
                        result.append(path)
                        named.insert(path)
                    }
                }
                readsStandardInput = true
                continue
            }
            guard let status = PathKind.status(of: path) else {
                throw UsageError(PathKind.unreachable(path, errno: errno, noun: "file or folder"))
            }
            var found: [(path: String, identity: FileIdentity)]
            if PathKind(status: status) == .directory {
                var visited: Set<FileIdentity> = []
                var special: [(entry: Skipped, identity: FileIdentity)] = []
                var locked: [(entry: Unreadable, identity: FileIdentity)] = []
                found = search(
                    folder: path, identity: FileIdentity(status), kind: kind, manager: manager, visited: &visited, skipped: &special,
                    unreadable: &locked)
                for (entry, identity) in locked where unreadableSeen.insert(identity).inserted {
                    unreadable.append(entry)
                }
                found.sort { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
                special.sort { $0.entry.path.unicodeScalars.lexicographicallyPrecedes($1.entry.path.unicodeScalars) }
                for (entry, identity) in special where skippedSeen.insert(identity).inserted {
                    skipped.append(entry)
                }
                // A folder that could not be listed (or one inside it) has its own error.
                guard !found.isEmpty || !locked.isEmpty else {
                    // Entries skipped as not regular files would get a note; here they are the reason.
                    let only = special.map { "'\($0.entry.path)' is \($0.entry.kind)" }
                    throw UsageError(
                        "no .yaml, .yml or .json file in folder '\(path)'"
                            + (only.isEmpty ? "" : " (" + only.joined(separator: ", ") + ", not a regular file)"))
                }
            } else {
                let identity = FileIdentity(status)
                if let earlier = taken[identity] {
                    named.insert(earlier)
                } else {
                    taken[identity] = path
                    result.append(path)
                    named.insert(path)
                }
                continue
            }
            for (file, identity) in found where taken[identity] == nil {
                taken[identity] = file
                result.append(file)
            }
        }
        return Expansion(files: result, skipped: skipped, unreadable: unreadable, named: named)
    }

    private static func search(
        folder: String, identity: FileIdentity, kind: Search, manager: FileManager, visited: inout Set<FileIdentity>,
        skipped: inout [(entry: Skipped, identity: FileIdentity)], unreadable: inout [(entry: Unreadable, identity: FileIdentity)]
    ) -> [(path: String, identity: FileIdentity)] {
        guard visited.insert(identity).inserted else { return [] }
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else {
            // FileManager's error does not say why; opendir(3) does.
            var reason = "cannot be listed"
            if let directory = opendir(folder) { closedir(directory) } else { reason = SystemError.last.reason }
            unreadable.append((Unreadable(path: folder, reason: reason), identity))
            return []
        }
        var files: [(path: String, identity: FileIdentity)] = []
        for name in entries where !name.hasPrefix(".") {
            let path = join(folder, name)
            // stat(2) follows links and opens nothing; a broken link fails and is skipped.
            guard let status = PathKind.status(of: path) else {
                // A folder that may be listed but not looked into (no search permission):
                // every entry's own lstat fails so, and the folder is said once. (A link
                // whose target cannot be reached is skipped, as a broken one.)
                var own = stat()
                guard lstat(path, &own) != 0, errno == EACCES else { continue }
                unreadable.append((Unreadable(path: folder, reason: SystemError(code: EACCES).reason), identity))
                return []
            }
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR {
                files += search(
                    folder: path, identity: FileIdentity(status), kind: kind, manager: manager, visited: &visited, skipped: &skipped,
                    unreadable: &unreadable)
                continue
            }
            guard kind.takes(name) else { continue }
            if type == S_IFREG {
                files.append((path, FileIdentity(status)))
            } else {
                skipped.append((Skipped(path: path, kind: kindName(type)), FileIdentity(status)))
            }
        }
        return files
    }

    /// The `skipped-file` note of a file a folder search found and left alone, at 1:1 of
    /// `path` (there is no text to quote): for `validate` a special file, for `fmt` also
    /// a file that is not a flow.
    package static func skippedNote(at path: String, _ message: String, hint: String) -> Diagnostic {
        let code = CommandDiagnosticCode.skippedFile
        return Diagnostic(
            severity: code.severity, code: code.rawValue, message: message,
            span: SourceSpan(file: path, at: SourcePosition(line: 1, column: 1)), hint: hint)
    }

    /// `a fifo`, `a socket`, `a character device`, `a block device` (else `a special file`) for a file type of
    /// `st_mode & S_IFMT` that is neither a regular file nor a folder.
    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a fifo"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }

    /// `folder/name`, without `./` for the current folder and without a doubled `/`.
    static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
