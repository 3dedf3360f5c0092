import FlowCompile
import FlowFormat
import FlowSource
import FlowSystem
import FlowWorkspace

/// `feedbackflow strings export FLOW… -o NAME.xcstrings`: every user-facing string of the
/// flows (``FlowCompile/FlowStrings``) in an Apple String Catalog, merged into the one
/// already at NAME (``CatalogMerge``) and written in Xcode's layout (``XcodeJSONText``).
package struct StringsCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "strings",
        abstract: "Export the flows' user-facing strings to an Apple String Catalog (.xcstrings), merged into it.",
        discussion: """
            'strings export FLOW... -o NAME.xcstrings' writes every title, subtitle, text
            block, label, placeholder, button title and loading title of the flows (never
            ids, step names, outcomes or URLs) under a key that names where it is shown
            (FLOW.SCREEN.title, FLOW.SCREEN.FIELD.label, FLOW.SCREEN.primaryAction.title,
            FLOW.SCREEN.text.N), with a comment for translators and the text in the source
            language. When NAME exists, it is merged: translations are kept, one whose
            source text changed is marked needs_review, and a key no flow has any more is
            marked stale. The file is written in Xcode's own layout, so a catalog that went
            through Xcode does not change when nothing did. Flows with errors are not
            exported (their diagnostics, status 1).
            """,
        options: ArgumentReading.specs { StringsCommand() },
        positional: PositionalSpec(name: "export FLOW", count: .oneOrMore, help: "export, then the flow files."))

    /// `export`, then the flow files.
    @Positionals var words: [String]
    /// `--output`: the catalog to write.
    @Option(.text("output", short: "o", valueName: "file", help: "The catalog to write (required): NAME.xcstrings."))
    var output: String?
    /// `--source-language`; `nil`: `en`.
    @Option(.text("source-language", valueName: "locale", help: "The flows' language, for a new catalog (default en)."))
    var sourceLanguage: String?
    /// `--limit NAME=N`: the loaders' bounds.
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// The flow files.
    package var files: [String] = []
    /// The catalog to write (given: ``init(arguments:)`` refuses a command line without it).
    package var catalogPath: String { output ?? "" }
    /// The flows' language, for a new catalog.
    package var language: String { sourceLanguage ?? "en" }

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { StringsCommand() }
        guard words.first == "export" else {
            throw UsageError("strings needs 'export', then the flow files", hint: "feedbackflow strings export FLOW... -o NAME.xcstrings")
        }
        files = Array(words.dropFirst())
        guard !files.isEmpty else { throw UsageError("strings export needs at least one flow file") }
        guard output != nil else { throw UsageError("strings export needs \($output.flagName) NAME.xcstrings") }
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        let catalogEntry = CommandFiles.Entry(name: "--output", path: catalogPath, holds: "the catalog", isInput: false)
        for file in files { try CommandFiles.checkDistinct([.flow(file), catalogEntry]) }
        var strings: [FlowString] = []
        var failed = false
        for file in files {
            guard
                let flow = try FlowLoading.compiledFlow(
                    path: file, options: CompileOptions(loadingLimits: loadingLimits),
                    flagHint: FlagHint(loadingLimit: "strings --\(LoadingLimitOption.name)"), environment: environment)
            else {
                failed = true
                continue
            }
            strings += FlowStrings.all(in: flow)
        }
        guard !failed else { return .findings }
        // One key, one string: a key two strings would share (two flows with one id, a
        // screen id holding a dot) is refused, naming both.
        var places: [String: FlowString] = [:]
        for string in strings {
            if let other = places[string.key], other.screenID != string.screenID || other.role != string.role || other.span != string.span {
                throw UsageError(
                    "two strings would share the key '\(string.key)': \(other.role) of screen \(other.screenID) and \(string.role) of screen \(string.screenID)",
                    hint: "give the flows different ids, or rename the screen whose id holds a '.'")
            }
            places[string.key] = string
        }
        var existing: JSONValue?
        // The catalog is merged into what is there, then replaced: only a regular file can
        // be both (a pipe or device would be read, and waited on, and never replaced).
        if let status = PathKind.status(of: catalogPath), status.st_mode & S_IFMT != S_IFREG {
            throw UsageError(
                "\($output.flagName) '\(catalogPath)' is not a regular file: the catalog is merged into the file there and replaced",
                hint: "give the path of a .xcstrings file (a new one is created)")
        }
        // What is there must still be there when the merge replaces it (an edit meanwhile is kept).
        var expectation = FileReplacement.Expectation.absent
        if let status = PathKind.status(of: catalogPath) {
            if status.st_size > 0 {
                // Read once, as a catalog (its problems are refused, at their place), then kept as JSON.
                let read = try LocaleOptions.read(catalogPath, option: $output.flagName)
                existing = JSONLoader(source: read.source).load().root.map { NodeJSON.value(of: $0) }
                expectation = .read(read.source, read.stamp)
            } else {
                let empty = SourceFile(path: catalogPath, bytes: [])
                expectation = .read(empty, ReadStamp(fingerprint: FileFingerprint(status), time: .now))
            }
        }
        let merged = CatalogMerge.merge(strings, flowIDs: Set(strings.map(\.flowID)), into: existing, sourceLanguage: language)
        do throws(FileReplacement.Failure) {
            try FileReplacement.replace(
                catalogPath, with: XcodeJSONText.text(merged), expecting: expectation, what: $output.flagName,
                stopping: environment.variables[FileReplacement.stopVariable] != nil)
        } catch {
            guard case .changed(let message) = error else { throw IOFailure(error.message) }
            environment.errorOutput.write("\(catalogPath): error: \(message)\n")
            return .findings
        }
        let stale = (merged.stringsCount(state: "stale"))
        environment.output.write(
            "wrote \(catalogPath): \(places.count) strings of \(files.count) flow\(files.count == 1 ? "" : "s")"
                + (stale > 0 ? ", \(stale) stale" : "") + "\n")
        return .clean
    }
}

extension JSONValue {
    /// How many entries of a catalog's `strings` have this `extractionState`.
    fileprivate func stringsCount(state: String) -> Int {
        guard case .object(let top) = self, case .object(let entries)? = top.first(where: { $0.key == "strings" })?.value else { return 0 }
        return entries.filter { entry in
            guard case .object(let members) = entry.value else { return false }
            if case .string(state)? = members.first(where: { $0.key == "extractionState" })?.value { return true }
            return false
        }.count
    }
}
