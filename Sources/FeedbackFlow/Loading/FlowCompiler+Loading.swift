import FlowCompile
import FlowRuntime
import FlowSource
import FlowYAML

extension FlowCompiler {
    /// Compiles the file at `path`. Never throws; problems are diagnostics.
    /// - Parameters:
    ///   - format: the syntax to read; `nil` (the default) takes it from the path's
    ///     extension (``DocumentFormat/init(path:)``).
    ///   - additionalVariables: template names a host provides besides field ids and
    ///     `flow.id`/`screen.id` (e.g. `feedbackflow run --context key=value`).
    ///   - knownHandlers: custom step names the host registers handlers for; never
    ///     reported as `unknown-step` (e.g. `feedbackflow validate --handler NAME`).
    ///   - allowedURLSchemes: the schemes `openURL` may use; by default the runtime's
    ///     ``URLSchemePolicy/defaultAllowedSchemes``.
    public static func compile(
        path: String, format: DocumentFormat? = nil, additionalVariables: [String] = [], knownHandlers: Set<String> = [],
        allowedURLSchemes: Set<String> = URLSchemePolicy.defaultAllowedSchemes
    ) -> FlowCompilation {
        compile(
            DocumentLoader.load(path: path, format: format), additionalVariables: additionalVariables, knownHandlers: knownHandlers,
            allowedURLSchemes: allowedURLSchemes)
    }

}
