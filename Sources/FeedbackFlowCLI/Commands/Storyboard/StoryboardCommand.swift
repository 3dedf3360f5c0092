import FlowCompile
import FlowScenarios
import FlowSource
import FlowSystem
import FlowWeb
import FlowWorkspace

/// `feedbackflow storyboard FILE… -o board.html`: every screen of the flows as a
/// phone-sized card on the navigation map, in one self-contained HTML file
/// (``StoryboardPage``). A flow with errors is not drawn: its diagnostics go to the error
/// output, the other flows are still checked, and the status is 1 with no page written.
package struct StoryboardCommand: Command {
    package static let configuration = CommandConfiguration(
        name: "storyboard",
        abstract: "Write every screen of the flows as cards on their navigation map, in one self-contained HTML file.",
        discussion: """
            Each screen is a phone-sized card in its style's look, light and dark side by
            side, with its real content as it starts: stars, fields, toggles, text,
            buttons enabled or disabled, visibleWhen blocks with their condition. Arrows
            join the cards; under each
            scene each button lists where it leads, with its if conditions. Clicking a
            button follows it. The file loads nothing (styles, script and images are
            inside, and its Content-Security-Policy forbids anything else), and the same
            input gives the same bytes, so it can be committed or attached to a pull
            request. Arrows: push solid, present bold, replace and popTo dotted, on
            failure dashed. A file of - is read from standard input. With --strings
            CATALOG --locale L (repeatable), each screen is shown in the flow's own language
            and in each locale, side by side (right-to-left languages laid out so).
            Templates show the fields' first values and the values given with --context
            and --context-file, as run takes them; a value the host fills in and none was
            given for shows as a placeholder naming it, ‹user.name› (a bare --context KEY
            declares a template variable the host provides without giving its value).
            """,
        options: ArgumentReading.specs { StoryboardCommand() },
        positional: PositionalSpec(name: "file", count: .oneOrMore, help: "The flow files (YAML or JSON)."))

    /// The flow files, in the order the page shows them.
    @Positionals package var files: [String]
    /// `--output FILE`; `nil` for the standard output.
    @Option(.text("output", short: "o", valueName: "file", help: "Write the page to FILE instead of the standard output."))
    package var outputFile: String?
    /// `--theme FILE`: the theme file, `nil` for the built-in theme.
    @Option(CommonOptions.theme) package var themeFile: String?
    /// `--context KEY[=VALUE]` and `--context-file FILE`: the host's values templates
    /// show (a bare key declares one without a value).
    @Option(TriggerOptions.context.map(notGiven: ContextDeclaration()) { items throws(UsageError) in
        try ContextDeclaration(parsing: items, valueRequired: false)
    })
    var context: ContextDeclaration
    @Option(TriggerOptions.contextFile) package var contextFile: String?
    /// `--limit NAME=N`: the loaders' bounds (``LoadingLimitOption``).
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// `--coverage REPORT`: the routes no scenario took, drawn untested.
    @Option(CommonOptions.coverage) package var coverageReport: String?
    /// `--strings CATALOG --locale L…`: the locales shown beside the flow's own language.
    package var localeOptions = LocaleOptions()
    /// `--context` and `--context-file`: the host's values templates show. Made when
    /// asked, never while a command line is read: its other options are not storyboard's.
    package var trigger: TriggerOptions {
        var trigger = TriggerOptions()
        trigger.context = context
        trigger.contextFile = contextFile
        return trigger
    }

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { StoryboardCommand() }
        try localeOptions.check(single: false)
        if localeOptions.catalogPath != nil, localeOptions.locales.isEmpty {
            throw UsageError("\(LocaleOptions.strings.flagName) needs \(LocaleOptions.locale.flagName) L: the locales to show")
        }
    }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        if let outputFile {
            // Writing the page over a flow file would destroy the flow.
            let page = CommandFiles.Entry(name: "--output", path: outputFile, holds: "the page", isInput: false)
            for path in files { try CommandFiles.checkDistinct([.flow(path), page]) }
        }
        let theme = try Theme.chosen(themeFile)
        let catalog = try localeOptions.catalog()
        // Checked first, so a path that cannot be written is said before any work; created
        // only once every flow compiled, so a failed run leaves no empty page behind.
        if let outputFile { try CommandFiles.checkWritable(outputFile, option: "--output") }
        let coverage = try coverageReport.map { report throws(UsageError) in
            try CoverageReportReader(path: report, option: CommonOptions.coverage.flagName)
        }
        var entries: [StoryboardPage.Entry] = []
        var failed = false
        for path in files {
            if let flow = try FlowLoading.compiledFlow(
                path: path, options: CompileOptions(additionalVariables: trigger.context.keys, loadingLimits: loadingLimits),
                flagHint: FlagHint(context: "storyboard --context NAME=VALUE", loadingLimit: "storyboard --\(LoadingLimitOption.name)"),
                environment: environment)
            {
                try trigger.check(against: flow, file: path)
                var entry = StoryboardPage.Entry(file: NavigationBaseline.label(path, base: CompileSettings.locationBase()), flow: flow)
                entry.context = try trigger.values(for: flow, file: path, event: nil)
                if let coverage {
                    entry.coverage = (
                        coverage.takenRoutes(of: flow, path: path, environment: environment),
                        coverage.coverage(of: flow, path: path, environment: nil)?.summary ?? "the report has no scenario of this flow"
                    )
                }
                if let catalog {
                    entry.translations = localeOptions.locales.map { ($0, flow.localized(with: catalog, locale: $0)) }
                    entry.sourceLanguage = catalog.sourceLanguage
                }
                entries.append(entry)
            } else {
                failed = true
            }
        }
        guard !failed else { return .findings }
        let file = try outputFile.map { path throws(UsageError) in try ReportFile(path: path, what: "--output") }
        var buffer = ""
        var failure: IOFailure?
        func flush() {
            guard failure == nil else { return }
            if let file {
                do { try file.write(buffer) } catch { failure = error }
            } else {
                environment.output.write(buffer)
            }
            buffer = ""
        }
        StoryboardPage(entries: entries, theme: theme).write { piece in
            buffer += piece
            if buffer.utf8.count >= 1 << 16 { flush() }
        }
        flush()
        if let failure { throw failure }
        return .clean
    }
}
