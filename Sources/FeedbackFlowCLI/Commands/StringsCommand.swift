import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSource

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
        options: [output.spec, sourceLanguage.spec, LoadingLimitOption.option.spec],
        positional: PositionalSpec(name: "export FLOW", count: .oneOrMore, help: "export, then the flow files."))

    static let output = CommandOption.text("output", short: "o", valueName: "file", help: "The catalog to write (required): NAME.xcstrings.")
    static let sourceLanguage = CommandOption.text(
        "source-language", valueName: "locale", help: "The flows' language, for a new catalog (default en).")

    package var files: [String]
    package var catalogPath: String
    package var language: String
    package var loadingLimits = LoadingLimits()

    package init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.first == "export" else {
            throw UsageError("strings needs 'export', then the flow files", hint: "feedbackflow strings export FLOW... -o NAME.xcstrings")
        }
        files = Array(arguments.positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError("strings export needs at least one flow file") }
        guard let catalogPath = try Self.output.read(arguments) else { throw UsageError("strings export needs \(Self.output.flagName) NAME.xcstrings") }
        self.catalogPath = catalogPath
        language = try Self.sourceLanguage.read(arguments) ?? "en"
        loadingLimits = try LoadingLimitOption.option.read(arguments)
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
        var existing: StringCatalog?
        if PathKind(catalogPath) != .missing {
            var options = LocaleOptions()
            options.catalogPath = catalogPath
            existing = try options.catalog()
        }
        let merged = CatalogMerge.merge(strings, into: existing, sourceLanguage: language)
        let file = try ReportFile(path: catalogPath, what: "--output")
        try file.write(XcodeJSONText.text(CatalogMerge.json(merged)))
        let stale = merged.strings.values.filter { $0.extractionState == "stale" }.count
        environment.output.write(
            "wrote \(catalogPath): \(Set(strings.map(\.key)).count) strings of \(files.count) flow\(files.count == 1 ? "" : "s")"
                + (stale > 0 ? ", \(stale) stale" : "") + "\n")
        return .clean
    }
}
