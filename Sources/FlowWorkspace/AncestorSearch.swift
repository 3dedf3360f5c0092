import FlowReporting

/// Finding a name in a folder or the nearest folder above it, as `git` finds `.git` and
/// `validate` its configuration file.
package enum AncestorSearch {
    /// The first of `directory` (absolute) and its ancestors that holds an entry
    /// `name`, with that entry's path; `nil` when none does. Bounded by the depth of
    /// `directory`: each step drops one part of it.
    package static func nearest(_ name: String, from directory: String) -> (folder: String, path: String)? {
        var folder = SARIFLocationBase.normalized(directory)
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/" + name
            if PathKind(candidate) != .missing { return (folder, candidate) }
            guard folder != "/" else { return nil }
            folder = SARIFLocationBase.normalized(folder + "/..")
        }
    }
}
