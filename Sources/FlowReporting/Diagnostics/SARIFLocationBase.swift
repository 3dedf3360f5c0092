/// The directory SARIF output writes paths relative to (`--base-dir`, by default the
/// repository root), and the working directory relative paths are read against. Pure
/// text operations: nothing is looked up on disk, so a path is never resolved through a
/// symbolic link.
package struct SARIFLocationBase: Sendable, Hashable {
    /// The `uriBaseId` of relative paths: the name GitHub code scanning and most SARIF
    /// viewers know for the root of the sources.
    package static let uriBaseID = "%SRCROOT%"

    /// Absolute, without `.` or `..` parts and without a trailing `/` (except `/`).
    package let baseDirectory: String
    /// Absolute, normalised the same way.
    package let workingDirectory: String

    /// - Parameters:
    ///   - baseDirectory: absolute, or relative to `workingDirectory`.
    ///   - workingDirectory: absolute.
    package init(baseDirectory: String, workingDirectory: String) {
        let working = Self.normalized(workingDirectory)
        self.workingDirectory = working
        self.baseDirectory = Self.normalized(baseDirectory.hasPrefix("/") ? baseDirectory : working + "/" + baseDirectory)
    }

    /// `path` made absolute against the working directory and normalised.
    package func absolutePath(of path: String) -> String {
        Self.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    /// `path` relative to the base directory, or `nil` when it is outside it (or is
    /// standard input, `-`, which has no place on disk).
    package func relativePath(of path: String) -> String? {
        guard path != "-" else { return nil }
        let absolute = absolutePath(of: path)
        let prefix = baseDirectory == "/" ? "/" : baseDirectory + "/"
        guard absolute.hasPrefix(prefix), absolute.count > prefix.count else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    /// `path` (absolute) with empty and `.` parts dropped and each `..` removing the part
    /// before it (none above the root), RFC 3986 §5.2.4 applied to a path.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
