import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// Turns the paths given to `validate` into the list of files to check.
///
/// - A file is checked whatever its extension (the user named it).
/// - A folder is searched recursively for files ending in `.yaml`, `.yml` or `.json`
///   (any case); entries whose name starts with `.` (`.git`, `.build`, editor files)
///   are skipped; each folder's files are sorted by path (Unicode scalar order), so the
///   output does not depend on the file system's listing order. Symbolic links are
///   followed, each real folder visited once (no loop).
/// - A file reached twice (named and inside a named folder) is checked once, at its
///   first place.
/// - `-` is standard input (``SourceFile/standardInputPath``), read once, shown as `-`.
/// - A path that does not exist, or a folder without any such file, is a
///   ``UsageError`` (status 2): in CI a typo in a path must not pass as "no findings".
package enum FlowFileFinder {
    /// The extensions searched for in folders, lowercased.
    package static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// The files to check for `paths`, in order. O(entries under the folders · log).
    package static func files(for paths: [String]) throws(UsageError) -> [String] {
        let manager = FileManager.default
        var result: [String] = []
        var seen: Set<String> = []
        for path in paths {
            if path == SourceFile.standardInputPath {
                if seen.insert(path).inserted { result.append(path) }
                continue
            }
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError("no such file or folder '\(path)'")
            }
            var found: [String]
            if isDirectory.boolValue {
                var visited: Set<String> = []
                found = try search(folder: path, manager: manager, visited: &visited)
                found.sort { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                guard !found.isEmpty else {
                    throw UsageError("no .yaml, .yml or .json file in folder '\(path)'")
                }
            } else {
                found = [path]
            }
            for file in found where seen.insert(canonical(file)).inserted {
                result.append(file)
            }
        }
        return result
    }

    private static func search(folder: String, manager: FileManager, visited: inout Set<String>) throws(UsageError) -> [String] {
        guard visited.insert(canonical(folder)).inserted else { return [] }
        let entries: [String]
        do {
            entries = try manager.contentsOfDirectory(atPath: folder)
        } catch {
            throw UsageError("cannot read folder '\(folder)'")
        }
        var files: [String] = []
        for name in entries where !name.hasPrefix(".") {
            let path = join(folder, name)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                files += try search(folder: path, manager: manager, visited: &visited)
            } else if let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased()) {
                files.append(path)
            }
        }
        return files
    }

    /// `folder/name`, without `./` for the current folder and without a doubled `/`.
    static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The real absolute path, to recognise the same file or folder reached twice:
    /// `realpath(3)` (one call; Foundation's URL resolution costs several times more per
    /// file), or Foundation's resolution should `realpath` fail.
    private static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
