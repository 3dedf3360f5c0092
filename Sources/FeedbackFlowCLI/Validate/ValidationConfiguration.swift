import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowRuntime
import FlowSource
import FlowTerminal

/// `validate`'s configuration file, `.feedbackflow.yaml` (YAML or JSON), found in the
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
/// ```
///
/// Paths and patterns (``PathPattern``) are relative to the file's folder. Every key is
/// optional; an unknown key, code or level is a usage error at its `file:line:column`.
package struct ValidationConfiguration: Sendable {
    /// The file's name, looked up from the working directory upward.
    package static let fileName = ".feedbackflow.yaml"
    /// The keys of the file and of an override, written once.
    package static let keys = ["rules", "overrides", "ignore", "context", "handlers"]
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

    /// Reads the file at `path`.
    static func read(_ path: String, workingDirectory: String) throws(UsageError) -> ValidationConfiguration {
        let absolute = SARIFLocationBase(baseDirectory: "/", workingDirectory: workingDirectory).absolutePath(of: path)
        let folder = SARIFLocationBase(baseDirectory: absolute + "/..", workingDirectory: workingDirectory).baseDirectory
        var configuration = ValidationConfiguration(folder: folder)
        configuration.path = path
        let document = DocumentLoader.load(path: path)
        // An empty file is the empty configuration.
        if let problem = document.diagnostics.first(where: { $0.severity == .error && !$0.has(.emptyDocument) }) {
            throw UsageError("configuration \(problem.span?.description ?? path): \(problem.message)", hint: problem.hint)
        }
        guard let root = document.root, !root.isNull else { return configuration }
        func fail(_ message: String, at node: Node, hint: String? = nil) -> UsageError {
            UsageError("configuration \(node.span.description): \(message)", hint: hint)
        }
        guard let top = root.mapping else { throw fail("expected a mapping of settings, found \(root.kindDescription)", at: root) }
        for entry in top {
            guard let key = entry.keyText, keys.contains(key) else {
                throw fail(
                    "unknown key '\(entry.keyText ?? "?")'", at: entry.key,
                    hint: entry.keyText.flatMap { Suggestion.hint(for: $0, among: keys) } ?? "valid keys: \(keys.joined(separator: ", "))")
            }
            switch key {
            case "rules": configuration.rules = try rules(entry.value, fail: fail)
            case "overrides":
                guard let items = entry.value.sequence else { throw fail("expected a list of {files, rules}", at: entry.value) }
                for item in items {
                    guard let fields = item.mapping else { throw fail("expected a mapping {files, rules}", at: item) }
                    var override = Override(files: [], rules: [:])
                    for field in fields {
                        guard let name = field.keyText, overrideKeys.contains(name) else {
                            throw fail("unknown key '\(field.keyText ?? "?")'", at: field.key, hint: "an override has 'files' and 'rules'")
                        }
                        if name == "files" {
                            override.files = try strings(field.value, fail: fail).map(PathPattern.init)
                        } else {
                            override.rules = try rules(field.value, fail: fail)
                        }
                    }
                    guard !override.files.isEmpty else { throw fail("an override needs 'files'", at: item) }
                    configuration.overrides.append(override)
                }
            case "ignore": configuration.ignore = try strings(entry.value, fail: fail).map(PathPattern.init)
            case "context": configuration.context = try strings(entry.value, fail: fail)
            case "handlers":
                guard let text = entry.value.string, !text.isEmpty else { throw fail("expected the path of a handler manifest", at: entry.value) }
                configuration.handlers = text
            default:
                // Every key of `keys` has its case above.
                throw fail("unknown key '\(key)'", at: entry.key, hint: "valid keys: \(keys.joined(separator: ", "))")
            }
        }
        return configuration
    }

    /// A list of strings, or one string.
    private static func strings(_ node: Node, fail: (String, Node, String?) -> UsageError) throws(UsageError) -> [String] {
        if let text = node.string, node.sequence == nil { return [text] }
        guard let items = node.sequence else { throw fail("expected a list of strings", node, nil) }
        var out: [String] = []
        for item in items {
            guard let text = item.string else { throw fail("expected a string, found \(item.kindDescription)", item, nil) }
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

    /// A mapping of codes to levels.
    private static func rules(_ node: Node, fail: (String, Node, String?) -> UsageError) throws(UsageError) -> [String: RuleLevel] {
        guard let entries = node.mapping else { throw fail("expected a mapping of codes to levels", node, nil) }
        let codes = DiagnosticRuleCatalog.all.map(\.code)
        var out: [String: RuleLevel] = [:]
        for entry in entries {
            if let code = entry.keyText, !configurable(code), codes.contains(code) {
                throw fail(
                    "the level of '\(code)' cannot be configured", entry.key,
                    "it is reported by the command line or when loading stopped, before or after rule levels apply")
            }
            guard let code = entry.keyText, codes.contains(code) else {
                throw fail(
                    "unknown diagnostic code '\(entry.keyText ?? "?")'", entry.key,
                    entry.keyText.flatMap { Suggestion.hint(for: $0, among: codes) } ?? "run 'feedbackflow explain' for the list of codes")
            }
            guard let name = entry.value.string, let level = RuleLevel(name: name) else {
                throw fail("invalid level for '\(code)'", entry.value, "write one of \(RuleLevel.names.joined(separator: ", "))")
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
