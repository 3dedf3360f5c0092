import FlowReporting

/// Paths written inside a settings file (a configuration's `handlers:`, a theme's
/// `assets:`) or a baseline: relative to a folder, the file's own, not to the working
/// directory.
package enum SettingsPath {
    /// The absolute folder holding the file at `path` (relative to `workingDirectory`, or
    /// absolute), `..` and `.` resolved.
    package static func folder(of path: String, workingDirectory: String) -> String {
        let absolute = SARIFLocationBase(baseDirectory: "/", workingDirectory: workingDirectory).absolutePath(of: path)
        return SARIFLocationBase(baseDirectory: absolute + "/..", workingDirectory: workingDirectory).baseDirectory
    }

    /// `written` as a path: itself when absolute, else relative to `folder`.
    package static func resolve(_ written: String, in folder: String) -> String {
        written.hasPrefix("/") ? written : folder + "/" + written
    }
}
