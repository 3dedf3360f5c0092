import FlowSystem

/// The names in a folder, read with `opendir(3)`/`readdir(3)` (no `FileManager`: the
/// processes in `/proc`, the temporary files beside a file being replaced).
package enum DirectoryNames {
    /// The names in `folder`, `.` and `..` left out, in the order the system gives them;
    /// `nil` when the folder cannot be opened. O(entries).
    package static func of(_ folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
