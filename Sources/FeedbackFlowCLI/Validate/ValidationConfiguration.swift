import FeedbackFlow
import FlowCompile
import FlowReporting
import FeedbackFlowCore
import FlowSource
import FlowTerminal

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
    static func read(_ path: String, workingDirectory: String) throws(UsageError) -> ValidationConfiguration {
        let absolute = SARIFLocationBase(baseDirectory: "/", workingDirectory: workingDirectory).absolutePath(of: path)
        let folder = SARIFLocationBase(baseDirectory: absolute + "/..", workingDirectory: workingDirectory).baseDirectory
        var configuration = ValidationConfiguration(folder: folder)
        configuration.path = path
        let document = DocumentLoader.load(path: path)
        // An empty file is the empty configuration.
        let loading = document.diagnostics.filter { $0.severity == .error && !$0.has(.emptyDocument) }
        if let first = loading.first {
            var error = UsageError("configuration \(first.span?.description ?? path): \(first.message)", hint: first.hint)
            error.others = loading.dropFirst().map { UsageError("configuration \($0.span?.description ?? path): \($0.message)", hint: $0.hint) }
            throw error
        }
        guard let root = document.root, !root.isNull else { return configuration }
        var problems = ConfigurationProblems()
        guard let top = root.mapping else {
            problems.add("expected a mapping of settings, found \(root.kindDescription)", at: root)
            try problems.throwIfAny()
            return configuration
        }
        for entry in top {
            guard let key = entry.keyText, keys.contains(key) else {
                problems.add(
                    "unknown key '\(entry.keyText ?? "?")'", at: entry.key,
                    hint: entry.keyText.flatMap { Suggestion.hint(for: $0, among: keys) } ?? "valid keys: \(keys.joined(separator: ", "))")
                continue
            }
            switch key {
            case "rules": configuration.rules = rules(entry.value, problems: &problems)
            case "overrides":
                guard let items = entry.value.sequence else {
                    problems.add("expected a list of {files, rules}", at: entry.value)
                    continue
                }
                for item in items {
                    guard let fields = item.mapping else {
                        problems.add("expected a mapping {files, rules}", at: item)
                        continue
                    }
                    var override = Override(files: [], rules: [:])
                    let problemsBefore = problems.all.count
                    for field in fields {
                        guard let name = field.keyText, overrideKeys.contains(name) else {
                            problems.add(
                                "unknown key '\(field.keyText ?? "?")'", at: field.key,
                                hint: field.keyText.flatMap { Suggestion.hint(for: $0, among: overrideKeys) } ?? "an override has 'files' and 'rules'")
                            continue
                        }
                        if name == "files" {
                            override.files = strings(field.value, problems: &problems).map(PathPattern.init)
                        } else {
                            override.rules = rules(field.value, problems: &problems)
                        }
                    }
                    guard !override.files.isEmpty else {
                        // Not a second time when its 'files' was already reported.
                        if problems.all.count == problemsBefore { problems.add("an override needs 'files'", at: item) }
                        continue
                    }
                    configuration.overrides.append(override)
                }
            case "ignore": configuration.ignore = strings(entry.value, problems: &problems).map(PathPattern.init)
            case "context":
                configuration.context = strings(entry.value, problems: &problems)
                let items: [Node] = entry.value.sequence.map { Array($0) } ?? [entry.value]
                for item in items {
                    guard let name = item.string else { continue }
                    do throws(UsageError) { try ContextDeclaration.checkKey(name, what: "context name") } catch {
                        problems.add(error.message + (error.hint.map { ": \($0)" } ?? ""), at: item)
                    }
                }
            case "handlers":
                guard let text = entry.value.string, !text.isEmpty else {
                    problems.add("expected the path of a handler manifest", at: entry.value)
                    continue
                }
                configuration.handlers = text
            case "handlerEnvironment":
                // Each name checked at its own item.
                let items = entry.value.sequence.map { Array($0) } ?? [entry.value]
                for item in items {
                    guard let name = item.string else {
                        problems.add("expected a string, found \(item.kindDescription)", at: item)
                        continue
                    }
                    do {
                        configuration.handlerEnvironment += try HandlerProgramOption.checkedNames([name], source: "handlerEnvironment")
                    } catch {
                        problems.add(error.message, at: item, hint: error.hint)
                    }
                }
            default:
                // Every key of `keys` has its case above.
                problems.add("unknown key '\(key)'", at: entry.key, hint: "valid keys: \(keys.joined(separator: ", "))")
            }
        }
        try problems.throwIfAny()
        return configuration
    }

    /// The problems of a configuration file, in the order found.
    private struct ConfigurationProblems {
        var all: [UsageError] = []

        mutating func add(_ message: String, at node: Node, hint: String? = nil) {
            all.append(UsageError("configuration \(node.span.description): \(message)", hint: hint))
        }

        /// - Throws: the first problem, with the others in ``UsageError/others``.
        func throwIfAny() throws(UsageError) {
            guard var first = all.first else { return }
            first.others = Array(all.dropFirst())
            throw first
        }
    }

    /// A list of strings, or one string; an item that is not a string is a problem and left out.
    private static func strings(_ node: Node, problems: inout ConfigurationProblems) -> [String] {
        if let text = node.string, node.sequence == nil { return [text] }
        guard let items = node.sequence else {
            problems.add("expected a list of strings", at: node)
            return []
        }
        var out: [String] = []
        for item in items {
            guard let text = item.string else {
                problems.add("expected a string, found \(item.kindDescription)", at: item)
                continue
            }
            out.append(text)
        }
        return out
    }

    /// Whether a configuration may set the level of `code`: the codes of one file's
    /// loading, decoding and validation, but not an error after which loading stopped,
    /// the diagnostic limit's note, or the command line's own codes.
    static func configurable(_ code: String) -> Bool {
        guard CommandDiagnosticCode(rawValue: code) == nil, code != FlowDiagnosticCode.tooManyDiagnostics.rawValue else { return false }
        return !FlowCompiler.stopsLoading(code: code)
    }

    /// A mapping of codes to levels; an entry with a problem is reported and left out.
    private static func rules(_ node: Node, problems: inout ConfigurationProblems) -> [String: RuleLevel] {
        guard let entries = node.mapping else {
            problems.add("expected a mapping of codes to levels", at: node)
            return [:]
        }
        let codes = DiagnosticRuleCatalog.all.map(\.code)
        var out: [String: RuleLevel] = [:]
        for entry in entries {
            if let code = entry.keyText, !configurable(code), codes.contains(code) {
                problems.add(
                    "the level of '\(code)' cannot be configured", at: entry.key,
                    hint: "it is reported by the command line or when loading stopped, before or after rule levels apply")
                continue
            }
            guard let code = entry.keyText, codes.contains(code) else {
                problems.add(
                    "unknown diagnostic code '\(entry.keyText ?? "?")'", at: entry.key,
                    hint: entry.keyText.flatMap { Suggestion.hint(for: $0, among: codes) } ?? "run 'feedbackflow explain' for the list of codes")
                continue
            }
            guard let name = entry.value.string, let level = RuleLevel(name: name) else {
                let written = entry.value.string.map { " '\($0)'" } ?? ""
                problems.add(
                    "invalid level\(written) for '\(code)'", at: entry.value,
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
}
