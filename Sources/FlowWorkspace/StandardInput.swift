import FlowSource
import FlowSystem

/// Which paths name the process's standard input, for the commands that read a flow
/// from it (`validate`, `fmt`, `parse`, `graph`) and those that refuse it (`run`,
/// `preview`). `fmt` writes standard input back to standard output, never to the file
/// it is redirected from, so every spelling must be known, not only `-`.
package enum StandardInput {
    /// Whether `path` names standard input: `-` (``SourceFile/standardInputPath``), or a
    /// path that is, or whose chain of symbolic links passes through, `/dev/stdin`,
    /// `/dev/fd/0`, or descriptor 0 of this process or thread under `/proc`, however
    /// spelled (`//dev/./stdin`, `/dev/../dev/stdin`, a folder link to `/dev`). A path to
    /// the file standard input is redirected from, named as itself, is that file. At
    /// most 16 links are followed (a loop ends there). O(links · path length).
    package static func isNamed(by path: String) -> Bool {
        if path == SourceFile.standardInputPath { return true }
        var current = path
        for _ in 0..<16 {
            if namesDescriptorZero(current) { return true }
            // The folder as the system resolves it (links, `..`), the name as written.
            guard let slash = current.lastIndex(of: "/") else { return false }
            let folder = slash == current.startIndex ? "/" : String(current[..<slash])
            let name = String(current[current.index(after: slash)...])
            guard !name.isEmpty, let resolved = realpath(folder, nil) else { return false }
            let real = String(cString: resolved)
            free(resolved)
            current = (real == "/" ? "" : real) + "/" + name
            if namesDescriptorZero(current) { return true }
            // The name itself, when it is a link: on to what it points at.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, Int(PATH_MAX))
            guard count > 0 else { return false }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (real == "/" ? "" : real) + "/" + target
        }
        return false
    }

    /// Whether `path`, an absolute path read without the file system (`.` dropped, `..`
    /// taking off the part before it), is `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`,
    /// `/proc/thread-self/fd/0`, or descriptor 0 under this process's folder in `/proc`
    /// (`/proc/PID/fd/0`, `/proc/PID/task/TID/fd/0`).
    private static func namesDescriptorZero(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        let process = Substring(String(getpid()))
        switch parts.count {
        case 2: return parts == ["dev", "stdin"]
        case 3: return parts == ["dev", "fd", "0"]
        case 4: return parts[0] == "proc" && ["self", "thread-self", process].contains(parts[1]) && parts[2] == "fd" && parts[3] == "0"
        case 6: return parts[0] == "proc" && parts[1] == process && parts[2] == "task" && parts[4] == "fd" && parts[5] == "0"
        default: return false
        }
    }
}
