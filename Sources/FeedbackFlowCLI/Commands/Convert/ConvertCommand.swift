import FeedbackFlow
import FlowCompile
import FlowFormat
import FlowSource
import FlowWorkspace
import FlowYAML

/// `feedbackflow convert --to json|yaml FILE`: the flow in the other syntax, the same
/// model (``NodeJSON``): anchors expanded, merge keys applied, written in `fmt`'s layout
/// (``FlowFormatter/text(of:as:path:maximumDepth:)``: the format's keys in its order, the
/// author's as written). The converted text is compiled again and must give a flow `==` to
/// the original, or nothing is written (status 1). Comments have no JSON form: a warning
/// says where the first is and how many are left out.
package struct ConvertCommand: Command {
    /// The syntax to write.
    package enum Syntax: String, CaseIterable, Sendable {
        case json, yaml

        var format: DocumentFormat { self == .json ? .json : .yaml }
    }

    package static let configuration = CommandConfiguration(
        name: "convert",
        abstract: "Write a flow in the other syntax (YAML to JSON or JSON to YAML), the same flow.",
        discussion: """
            The output reads as the same flow: it is compiled again and compared before it
            is written. It is in fmt's layout, so fmt leaves it as it is. Anchors and
            aliases are written out and merge keys applied; JSON has no comments, so
            converting to JSON leaves them out and warns. A flow with errors is not
            converted: its diagnostics are shown, status 1.
            """,
        options: ArgumentReading.specs { ConvertCommand() },
        positional: PositionalSpec(name: "file", count: .one, help: "The flow file to convert."))

    /// The flow file, alone.
    @Positionals var files: [String]
    /// `--to`: the syntax to write.
    @Option(.choice("to", of: Syntax.self, valueName: "syntax", help: "The syntax to write (required).")) var to: Syntax?
    /// `--output FILE`; `nil` for the standard output.
    @Option(.text("output", short: "o", valueName: "file", help: "Write the converted flow to FILE instead of the standard output."))
    package var outputFile: String?
    /// `--limit NAME=N`: the loaders' bounds.
    @Option(LoadingLimitOption.option) package var loadingLimits: LoadingLimits
    /// The syntax to write (given: ``init(arguments:)`` refuses a command line without it).
    package var syntax: Syntax { to ?? .yaml }

    /// The command with every option as not given, or as the command line being read
    /// gives them (``ArgumentReading``).
    private init() {}

    package init(arguments: ParsedArguments) throws(UsageError) {
        self = try ArgumentReading.read(arguments) { ConvertCommand() }
        guard to != nil else { throw UsageError("convert needs \($to.flagName) json or \($to.flagName) yaml") }
    }

    /// The flow file to convert.
    package var path: String { files.first ?? "" }

    package func run(in environment: CommandEnvironment) async throws -> CommandResult {
        if let outputFile {
            try CommandFiles.checkDistinct([.flow(path), CommandFiles.Entry(name: "--output", path: outputFile, holds: "the converted flow", isInput: false)])
        }
        // Opened (and what is there read) before the work: a change made to it meanwhile is not written over.
        let file = try outputFile.map { output throws(UsageError) in
            try ReportFile(
                path: output, replacing: true, stopping: environment.variables[FileReplacement.stopVariable] != nil, what: "--output")
        }
        let options = CompileOptions(loadingLimits: loadingLimits)
        guard
            let compilation = try FlowLoading.compiled(
                path: path, options: options, flagHint: FlagHint(loadingLimit: "convert --\(LoadingLimitOption.name)"), environment: environment),
            let root = compilation.document.root
        else { return .findings }
        let source = compilation.document
        guard source.format != syntax.format else {
            throw UsageError("'\(path)' is \(syntax.rawValue) already", hint: "convert writes the other syntax")
        }
        // A flow's id defaults to its file's name: written out, so another name keeps it.
        let value = NodeJSON.flowValue(of: root, flowID: compilation.flow?.id, textKeys: syntax == .json ? SchemaFacts.textKeys : [])
        // Read back as the other syntax, under the name it will have (a single screen's id is its base name).
        let name = outputFile ?? Self.renamed(path, to: syntax)
        let text: String
        do {
            text = try FlowFormatter.text(of: value, as: syntax.format, path: name, maximumDepth: loadingLimits.maximumNestingDepth)
        } catch {
            environment.errorOutput.write(
                "\(path): error: written as \(syntax.rawValue), the flow would not read the same (\(error.message)); nothing is written\n")
            return .findings
        }
        let check = FlowCompiler.compile(text: text, format: syntax.format, name: name, options: options)
        guard !check.hasErrors, check.flow == compilation.flow else {
            let first = check.diagnostics.first { $0.severity == .error }
            let reason = first.map { " (\($0.message), at \($0.span.map { "\($0.start.line):\($0.start.column)" } ?? "1:1") of the output)" }
                ?? (compilation.flow?.screens.count == 1 && root.mapping?.contains { $0.keyText == "screens" } != true
                    ? " (a single screen's id is its file's base name: keep the name)"
                    : " (a value written so that the other syntax reads it otherwise, such as a number JSON cannot write: \(Self.firstDifference(compilation.flow, check.flow)))")
            environment.errorOutput.write(
                "\(path): error: written as \(syntax.rawValue), the flow would not read the same\(reason); nothing is written\n")
            return .findings
        }
        if source.format == .yaml, !InlineSuppressions(source: source.source, root: root).isEmpty {
            environment.errorOutput.write(
                "\(path): warning: its '# \(InlineSuppressions.marker)' suppressions are comments JSON cannot hold: what they silence will be reported\n")
        }
        if source.format == .yaml,
            case let comments = YAMLComments.all(in: source.source.bytes, syntax: YAMLSyntaxReader.read(source.source, maximumDepth: loadingLimits.maximumNestingDepth)?.root),
            let at = comments.first?.position
        {
            let left = comments.count > 1 ? "this one and \(comments.count - 1) more are" : "it is"
            environment.errorOutput.write("\(path):\(at.line):\(at.column): warning: JSON has no comments: \(left) left out\n")
        }
        if let file {
            try file.write(text)
        } else {
            environment.output.write(text)
        }
        return .clean
    }

    /// `path` with its extension for `syntax`: `a.flow.yaml` → `a.flow.json`.
    static func renamed(_ path: String, to syntax: Syntax) -> String {
        for suffix in [".yaml", ".yml", ".json"] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count)) + "." + syntax.rawValue
        }
        return path + "." + syntax.rawValue
    }

    /// Where two flows differ first, for the refusal's message: a screen's id, or the
    /// first screen whose content differs.
    static func firstDifference(_ a: Flow?, _ b: Flow?) -> String {
        guard let a, let b else { return "the flow" }
        if a.id != b.id { return "the flow's id" }
        for (x, y) in zip(a.screens, b.screens) where x != y { return "screen '\(x.id)'" }
        return a.screens.count != b.screens.count ? "the screens" : "the flow's settings"
    }
}
