import FlowSource

extension FlowCompiler {
    /// Compiles a flow written in JSON (strict RFC 8259): loads `text`, decodes and
    /// validates it. For hosts that link no YAML loader (the `FeedbackFlowCore` product);
    /// the `FeedbackFlow` module's `compile(text:format:name:options:)` reads YAML too. `name` is the
    /// file name diagnostics give and, for a single-screen document, the base name its
    /// screen id is taken from (default `flow.json`); `options` as for a file (default:
    /// none). Never throws; problems are
    /// diagnostics. O(size of the text).
    public static func compileJSON(
        text: String, name: String = "flow.json", options: CompileOptions = CompileOptions()
    ) -> FlowCompilation {
        compile(JSONLoader(source: SourceFile(path: name, text: text), limits: options.limitsForLoading).load(), options: options)
    }
}
