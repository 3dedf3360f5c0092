import FlowCompile
import FlowReporting
import FlowSource

/// The configuration file, `.feedbackflow.yaml` (YAML or JSON), of `validate` (and of
/// `run`, which reads its `handlerEnvironment`), found in the
/// working directory or the nearest folder above it, or named with `--config`:
///
/// ```yaml
/// rules:                       # CODE: error | warning | note | off
///   unreachable-screen: error
/// overrides:                   # later entries win; each applies to the files it matches
///   - files: ["legacy/**"]
///     rules: {unknown-step: off}
/// ignore: ["drafts/", "*.draft.yaml"]   # files a folder search skips
/// context: [user.name, call.id]         # host values, as --context NAME
/// handlers: handlers.yaml               # a handler manifest, as --handlers FILE
/// handlerEnvironment: [API_TOKEN]       # for run: variables handler programs get, as --handler-env NAME
/// ```
///
/// Paths and patterns (``PathPattern``) are relative to the file's folder. Every key is
/// optional; an unknown key, code or level is a usage error at its `file:line:column`
/// (with "did you mean" when a known one is close), and every problem of the file is
/// reported, not only the first.
package struct ValidationConfiguration: Sendable {
    /// The file's name, looked up from the working directory upward.
    package static let fileName = ".feedbackflow.yaml"
    /// The keys of the file and of an override, written once.
    package static let keys = ["rules", "overrides", "ignore", "context", "handlers", "handlerEnvironment"]
    package static let overrideKeys = ["files", "rules"]

    /// A `rules` mapping for the files its patterns match.
    package struct Override: Sendable {
        package var files: [PathPattern]
        package var rules: [String: RuleLevel]
    }

    /// The file read; `nil` for the empty configuration (no file found).
    package var path: String?
    /// Its folder, absolute: what paths and patterns are relative to.
    package var folder: String
    package var rules: [String: RuleLevel] = [:]
    package var overrides: [Override] = []
    package var ignore: [PathPattern] = []
    package var context: [String] = []
    /// The manifest's path, as written (relative to ``folder``).
    package var handlers: String?
    /// Where ``handlers`` is written, for `validate`'s message when the manifest cannot be
    /// read (only `validate` reads it, so `run` is not stopped by it).
    package var handlersSpan: SourceSpan?
    /// ``handlers`` as a path: absolute, or relative to ``folder``.
    package var handlersPath: String? {
        handlers.map { SettingsPath.resolve($0, in: folder) }
    }
    /// The environment variables `run` passes on to handler programs, as `--handler-env`.
    package var handlerEnvironment: [String] = []

    /// No file: every rule at its own level, nothing ignored.
    package init(folder: String) {
        self.folder = folder
    }

    /// The rule levels for the file at `path` (relative to the working directory, or
    /// absolute): `rules`, then each override that matches, later ones winning.
    package func ruleLevels(for path: String, workingDirectory: String) -> [String: RuleLevel] {
        guard !overrides.isEmpty, let relative = relativePath(of: path, workingDirectory: workingDirectory) else { return rules }
        var levels = rules
        for override in overrides where override.files.contains(where: { $0.matches(relative) }) {
            levels.merge(override.rules) { $1 }
        }
        return levels
    }

    /// Whether a folder search skips the file at `path`.
    package func ignores(_ path: String, workingDirectory: String) -> Bool {
        guard !ignore.isEmpty, let relative = relativePath(of: path, workingDirectory: workingDirectory) else { return false }
        return ignore.contains { $0.matches(relative) }
    }

    /// `path` relative to ``folder``; `nil` outside it.
    private func relativePath(of path: String, workingDirectory: String) -> String? {
        SARIFLocationBase(baseDirectory: folder, workingDirectory: workingDirectory).relativePath(of: path)
    }

    /// The configuration for a run in `workingDirectory`: the file at `explicit`
    /// (`--config`), else the nearest ``fileName`` at or above the working directory,
    /// else the empty one.
    /// - Throws: ``UsageError`` for a missing `--config` file or a file that is not a
    ///   configuration, at its first problem's `file:line:column`.
    package static func find(explicit: String?, workingDirectory: String) throws(UsageError) -> ValidationConfiguration {
        if let explicit {
            guard PathKind(explicit) == .other else { throw UsageError("--config: " + PathKind.unreachable(explicit)) }
            return try read(explicit, workingDirectory: workingDirectory)
        }
        guard let (_, candidate) = AncestorSearch.nearest(fileName, from: workingDirectory), PathKind(candidate) == .other else {
            return ValidationConfiguration(folder: workingDirectory)
        }
        // Named as the user would: relative to the working directory when inside it.
        let base = SARIFLocationBase(baseDirectory: workingDirectory, workingDirectory: workingDirectory)
        return try read(base.relativePath(of: candidate) ?? candidate, workingDirectory: workingDirectory)
    }

    /// Reads the file at `path`, reporting every problem of it, not only the first: a
    /// setting that is wrong is left out and the rest is read on.
    /// - Throws: ``UsageError`` with the first problem, and the others in
    ///   ``UsageError/others``, each at its `file:line:column`.
    package static func read(_ path: String, workingDirectory: String) throws(UsageError) -> ValidationConfiguration {
        let folder = SettingsPath.folder(of: path, workingDirectory: workingDirectory)
        var configuration = ValidationConfiguration(folder: folder)
        configuration.path = path
        // An empty file is the empty configuration.
        var session = DecodingSession()
        guard let root = try UsageError.loadRoot(path: path, source: "configuration", session: &session) else { return configuration }
        configuration.decode(root, session: &session)
        if let problems = UsageError(decoding: session.diagnostics, source: "configuration") { throw problems }
        return configuration
    }

    /// Reads the settings of `root` into this configuration, each problem reported to
    /// `session` at its place and its setting left out.
    private mutating func decode(_ root: Node, session: inout DecodingSession) {
        guard let top = session.mapping(root, expected: "a mapping of settings") else { return }
        session.checkKeys(top, allowed: Self.keys)
        if let node = session.nonNullValue(top, "rules", expected: "a mapping of codes to levels") {
            rules = Self.rules(node, session: &session)
        }
        if let node = session.nonNullValue(top, "overrides", expected: "a list of {files, rules}"),
            let items = Self.list(node, of: "{files, rules}", session: &session)
        {
            for item in items {
                guard let fields = session.mapping(item, expected: "a mapping {files, rules}") else { continue }
                let suggested = session.checkKeys(fields, allowed: Self.overrideKeys)
                let problemsBefore = session.diagnostics.diagnostics.count
                let files = session.required(fields, "files", expected: "a list of patterns", suggested: suggested)
                    .map { Self.strings($0, session: &session).map(PathPattern.init) }
                let filesReported = session.diagnostics.diagnostics.count > problemsBefore
                let levels = session.nonNullValue(fields, "rules", expected: "a mapping of codes to levels")
                    .map { Self.rules($0, session: &session) } ?? [:]
                guard let files else { continue }
                guard !files.isEmpty else {
                    // Not a second time when its 'files' was already reported.
                    if filesReported { continue }
                    session.report(.invalidValue, "an override needs at least one pattern in 'files'", at: fields.node.span)
                    continue
                }
                overrides.append(Override(files: files, rules: levels))
            }
        }
        if let node = session.nonNullValue(top, "ignore", expected: "a list of strings") {
            ignore = Self.strings(node, session: &session).map(PathPattern.init)
        }
        if let node = session.nonNullValue(top, "context", expected: "a list of strings") {
            for item in Self.items(node) {
                guard let name = session.string(item) else { continue }
                do throws(UsageError) {
                    try ContextDeclaration.checkKey(name, what: "context name")
                    context.append(name)
                } catch {
                    session.report(.invalidValue, error.message + (error.hint.map { ": \($0)" } ?? ""), at: item.span)
                }
            }
        }
        if let node = session.nonNullValue(top, "handlers", expected: "the path of a handler manifest") {
            if let text = node.string, !text.isEmpty {
                handlers = text
                handlersSpan = node.span
            } else if node.string != nil {
                session.report(.invalidValue, "expected the path of a handler manifest", at: node.span)
            } else {
                session.mismatch(expected: "the path of a handler manifest", found: node)
            }
        }
        if let node = session.nonNullValue(top, "handlerEnvironment", expected: "a list of strings") {
            for item in Self.items(node) {
                guard let name = session.string(item) else { continue }
                do {
                    handlerEnvironment += try EnvironmentVariableName.checked([name], source: "handlerEnvironment")
                } catch {
                    session.report(.invalidValue, error.message, at: item.span, hint: error.hint)
                }
            }
        }
    }

    /// The items of a list, or the one value written instead of a list.
    private static func items(_ node: Node) -> [Node] {
        node.sequence.map { Array($0) } ?? [node]
    }

    /// The items of a list; `nil` after a `type-mismatch`.
    private static func list(_ node: Node, of what: String, session: inout DecodingSession) -> [Node]? {
        guard let items = node.sequence else {
            session.mismatch(expected: "a list of \(what)", found: node)
            return nil
        }
        return Array(items)
    }

    /// A list of strings, or one string; an item that is not a string is a problem and left out.
    private static func strings(_ node: Node, session: inout DecodingSession) -> [String] {
        if node.string != nil { return [node.string ?? ""] }
        guard let items = list(node, of: "strings", session: &session) else { return [] }
        return items.compactMap { session.string($0) }
    }

    /// Whether a configuration may set the level of `code`: the codes of one file's
    /// loading, decoding and validation, but not an error after which loading stopped,
    /// the diagnostic limit's note, or the command line's own codes.
    package static func configurable(_ code: String) -> Bool {
        guard CommandDiagnosticCode(rawValue: code) == nil, code != FlowDiagnosticCode.tooManyDiagnostics.rawValue else { return false }
        return !FlowCompiler.stopsLoading(code: code)
    }

    /// A mapping of codes to levels; an entry with a problem is reported and left out.
    private static func rules(_ node: Node, session: inout DecodingSession) -> [String: RuleLevel] {
        guard let fields = session.mapping(node, expected: "a mapping of codes to levels") else { return [:] }
        let codes = DiagnosticRuleCatalog.all.map(\.code)
        var out: [String: RuleLevel] = [:]
        for entry in fields.entries {
            guard let code = entry.keyText, codes.contains(code) else {
                session.report(
                    .invalidValue, "unknown diagnostic code '\(entry.keyText ?? "?")'", at: entry.key.span,
                    hint: entry.keyText.flatMap { Suggestion.hint(for: $0, among: codes) } ?? "run 'feedbackflow explain' for the list of codes")
                continue
            }
            guard configurable(code) else {
                session.report(
                    .invalidValue, "the level of '\(code)' cannot be configured", at: entry.key.span,
                    hint: "it is reported by the command line or when loading stopped, before or after rule levels apply")
                continue
            }
            guard let name = entry.value.string, let level = RuleLevel(name: name) else {
                session.report(
                    .invalidValue, "invalid level\(entry.value.string.map { " '\($0)'" } ?? "") for '\(code)'", at: entry.value.span,
                    hint: entry.value.string.flatMap { Suggestion.hint(for: $0, among: RuleLevel.names) }
                        ?? "write one of \(RuleLevel.names.joined(separator: ", "))")
                continue
            }
            out[code] = level
        }
        return out
    }

    /// The configuration as YAML, for `--print-config`: where it was read from, and the
    /// levels that apply to `file` when one is given.
    package func printed(for files: [String], workingDirectory: String) -> String {
        var out = "# " + (path.map { "from \($0)" } ?? "no \(Self.fileName) found; the defaults") + "\n"
        func list(_ items: [String]) -> String { "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        out += "ignore: \(list(ignore.map(\.text)))\n"
        out += "context: \(list(context))\n"
        out += "handlers: \(handlers.map { "\"\($0)\"" } ?? "null")\n"
        out += "handlerEnvironment: \(list(handlerEnvironment))\n"
        for file in files {
            let levels = ruleLevels(for: file, workingDirectory: workingDirectory)
            out += "# \(file)\(ignores(file, workingDirectory: workingDirectory) ? " (ignored in folder searches)" : "")\n"
            out += "rules:\n"
            for rule in DiagnosticRuleCatalog.all {
                out += "  \(rule.code): \(levels[rule.code]?.name ?? (rule.isEnabledByDefault ? rule.severity.rawValue : "off"))\n"
            }
        }
        return out
    }

    /// `options` with what this configuration adds for every file: its `context` names
    /// declared, and its handler manifest (`handlers:`) read unless `manifestGiven`
    /// (`--handlers` wins). What `validate` and the language server compile with.
    /// - Throws: ``UsageError`` at the configuration's line when the manifest cannot be read.
    package func applied(to options: CompileOptions, manifestGiven: Bool) throws(UsageError) -> CompileOptions {
        var options = options
        options.additionalVariables += context.filter { !options.additionalVariables.contains($0) }
        if !manifestGiven, let path = handlersPath {
            do throws(UsageError) {
                options.handlerManifest = try HandlerManifest.read(path)
            } catch {
                // Said at the configuration's line: the user wrote no --handlers.
                let message = error.message.hasPrefix("--handlers: ") ? String(error.message.dropFirst("--handlers: ".count)) : error.message
                var located = UsageError("configuration \(handlersSpan?.description ?? self.path ?? ""): handlers: \(message)", hint: error.hint)
                located.others = error.others
                throw located
            }
        }
        return options
    }
}
