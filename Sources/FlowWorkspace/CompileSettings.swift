import FlowCompile

/// How a file is compiled here, decided in one place: the configuration that governs it
/// (`--config`, else the nearest `.feedbackflow.yaml` at or above the folder a run starts
/// in), applied to the compile options (its host names, handlers and handler manifest),
/// and its rule levels for the file's path.
package enum CompileSettings {
    /// The options the file at `path` is compiled with when it is checked on its own, as
    /// `validate` checks it from its folder with no other option: the nearest configuration
    /// at or above the file's folder (`workingDirectory` resolves a relative `path`), read by
    /// its whole path, applied over `base`, with its rule levels for `path`.
    /// - Throws: ``UsageError`` for a configuration that does not read.
    package static func options(forFile path: String, workingDirectory: String, base: CompileOptions = CompileOptions()) throws(UsageError)
        -> CompileOptions
    {
        let folder = SettingsPath.folder(of: path, workingDirectory: workingDirectory)
        let nearest = AncestorSearch.nearest(ValidationConfiguration.fileName, from: folder)?.path
        let found = nearest.flatMap { PathKind($0) == .other ? $0 : nil }
        let configuration = try ValidationConfiguration.find(explicit: found, workingDirectory: folder)
        var options = try configuration.applied(to: base, manifestGiven: false)
        options.ruleLevels = configuration.ruleLevels(for: path, workingDirectory: folder)
        return options
    }
}
