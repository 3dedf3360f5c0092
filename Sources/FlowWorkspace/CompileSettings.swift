import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSystem

/// How a file is compiled here, decided in one place for every command and the
/// language server: the configuration that governs it (`--config`, else the nearest
/// `.feedbackflow.yaml` at or above the folder a run starts in), applied to the command
/// line's compile options (its host names, handlers and handler manifest), its rule
/// levels for the file's path, the name and syntax standard input is read under, the
/// command's own flag hints, and where report paths start.
package struct CompileSettings: Sendable {
    /// The configuration read (an empty one, at ``workingDirectory``, when there is none).
    package var configuration: ValidationConfiguration
    /// The folder relative paths and the configuration's path patterns start from.
    package var workingDirectory: String
    /// What every file is compiled with, before its rule levels: the command line's
    /// options with the configuration applied.
    package var options: CompileOptions
    /// The name and syntax of standard input.
    package var standardInput: StandardInputNaming
    /// The options the command declares names with, added to the library's hints.
    package var flagHint: FlagHint

    /// The settings of a run in `workingDirectory`: the configuration at
    /// `configurationPath` (`nil`: the nearest one) applied over `base`; a handler
    /// manifest in `base` wins over the configuration's.
    /// - Throws: ``UsageError`` for a configuration that does not read.
    package init(
        configurationPath: String?, workingDirectory: String = FileManager.default.currentDirectoryPath, base: CompileOptions = CompileOptions(),
        standardInput: StandardInputNaming = StandardInputNaming(), flagHint: FlagHint = .none
    ) throws(UsageError) {
        configuration = try ValidationConfiguration.find(explicit: configurationPath, workingDirectory: workingDirectory)
        self.workingDirectory = workingDirectory
        options = try configuration.applied(to: base, manifestGiven: !base.handlerManifest.isEmpty)
        self.standardInput = standardInput
        self.flagHint = flagHint
    }

    /// What the file reported as `name` is compiled with: ``options`` with the
    /// configuration's rule levels for its path.
    package func options(for name: String) -> CompileOptions {
        var options = options
        options.ruleLevels = configuration.ruleLevels(for: name, workingDirectory: workingDirectory)
        return options
    }

    /// Compiles the file at `path` (standard input under ``standardInput``'s name and
    /// syntax) with its ``options(for:)``; the diagnostics carry the command's
    /// ``flagHint``. Returns the name it is reported under and what came of it.
    package func compile(_ path: String) -> (name: String, compilation: FlowCompilation, options: CompileOptions) {
        let (isStandardInput, name, syntax) = standardInput.reading(path)
        let options = options(for: name)
        var compilation =
            isStandardInput
            ? FlowCompiler.compile(path: path, named: name, format: syntax, options: options)
            : FlowCompiler.compile(path: path, options: options, keepingTree: false)
        compilation.diagnostics = flagHint.adding(to: compilation.diagnostics)
        return (name, compilation, options)
    }

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
        return try CompileSettings(configurationPath: found, workingDirectory: folder, base: base).options(for: path)
    }

    /// Where report paths start (SARIF's `%SRCROOT%`, the navigation baseline's and the
    /// storyboard's file labels): `baseDirectory` (`--base-dir`), else the nearest folder
    /// at or above the working directory that holds `.git` (a folder, or a file in a
    /// worktree), else the working directory.
    package static func locationBase(_ baseDirectory: String? = nil) -> SARIFLocationBase {
        let working = FileManager.default.currentDirectoryPath
        let base = baseDirectory ?? AncestorSearch.nearest(".git", from: working)?.folder ?? working
        return SARIFLocationBase(baseDirectory: base, workingDirectory: working)
    }
}
