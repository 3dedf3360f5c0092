import FlowCompile
import FlowSource

extension FlowCompiler {
    /// Compiles a flow given as text (e.g. fetched from a server or bundled as a string):
    /// loads it as `format`, decodes and validates it, as ``compile(contentsOf:format:options:)``
    /// does for a file, with `options` (default: none). `name` is the file name diagnostics
    /// give and, for a single-screen document, the base name its screen id is taken from
    /// (default `flow.yaml`). Without `format`, the syntax comes from `name` as for a path:
    /// JSON when it ends in `.json` (any case), YAML otherwise. Never throws; problems are
    /// diagnostics. O(size of the text). The result keeps no node tree, as
    /// ``compile(contentsOf:format:options:)``.
    public static func compile(
        text: String, format: DocumentFormat? = nil, name: String = "flow.yaml", options: CompileOptions = CompileOptions()
    ) -> FlowCompilation {
        compile(
            DocumentLoader.load(SourceFile(path: name, text: text), format: format, limits: options.limitsForLoading),
            options: options, keepingTree: false)
    }
}
