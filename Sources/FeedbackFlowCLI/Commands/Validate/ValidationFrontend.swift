import FlowCompile
import FlowReporting
import FlowSource
import FlowSystem
import FlowWorkspace

/// `validate`'s per-file work, as swift-format's `Frontend` is its: compiles each file
/// with the run's ``CompileSettings``, on up to one task per processor core, and hands the results
/// over in file order.
struct ValidationFrontend: Sendable {
    /// How each file is compiled: the configuration, its rule levels, standard input.
    var settings: CompileSettings
    /// The `--context` names, none of which may be a field id of a flow.
    var context = ContextDeclaration()
    /// Where the navigation baseline's file labels are relative to; `nil`: no facts are
    /// gathered.
    var baselineBase: SARIFLocationBase?
    /// Whether each flow's strings are gathered, for `--strings`.
    var collectsStrings = false

    /// One file's result.
    struct Result: Sendable {
        /// Its diagnostics, under the name it is reported as.
        var file: DiagnosticReport.File
        /// The usage error of a `--context` name that is a field id of its flow.
        var contextClash: UsageError?
        /// Its navigation facts, for the baseline.
        var facts: [String]
        /// Its user-facing strings, and the keys of those a person can see (``collectsStrings``).
        var strings: [FlowString] = []
        var visibleStrings: Set<String> = []
    }

    /// Compiles `files` and returns every result, in file order.
    func compileAll(_ files: [String]) async -> [Result] {
        var results: [Result] = []
        await compile(files) { results.append($0) }
        return results
    }

    /// Compiles `files` and hands each result to `each` in file order, as soon as it and
    /// every file before it are done, on up to one task per core (``OrderedWork``).
    func compile(_ files: [String], each: (Result) -> Void) async {
        let frontend = self
        await OrderedWork.run(files, work: { frontend.compileFile($0) }, each: each)
    }

    /// Compiles the file at `path` (standard input for ``StandardInput/isNamed(by:)``).
    func compileFile(_ path: String) -> Result {
        let (name, compilation, options) = settings.compile(path)
        let file = DiagnosticReport.File(
            path: name, source: compilation.document.source, diagnostics: compilation.diagnostics, omitted: compilation.omitted)
        var clash: UsageError?
        if let flow = compilation.flow {
            do throws(UsageError) { try context.checkNoFieldIDs(in: flow, file: path) } catch { clash = error }
        }
        let facts = baselineBase.flatMap { base in
            compilation.flow.map { NavigationBaseline.facts(of: $0, file: NavigationBaseline.label(name, base: base)) }
        } ?? []
        var result = Result(file: file, contextClash: clash, facts: facts)
        if collectsStrings, let flow = compilation.flow {
            result.strings = FlowStrings.all(in: flow)
            result.visibleStrings = FlowStrings.visibleKeys(in: flow, options: options)
        }
        return result
    }
}
