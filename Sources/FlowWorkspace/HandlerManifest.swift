import FeedbackFlow
import FlowCompile
import FlowSource

/// A handler manifest (YAML or JSON): the shape of a flow's `handlers:` mapping, what
/// `ActionHandlerRegistry.manifest()` writes, given with `--handlers FILE` or a
/// configuration's `handlers:` key and read before any flow is checked.
package enum HandlerManifest {
    /// The declarations in the file at `path`.
    /// - Throws: ``UsageError`` with the file's first problem at `file:line:column` when it
    ///   does not load or is not a manifest.
    package static func read(_ path: String) throws(UsageError) -> [HandlerDeclaration] {
        if PathKind(path) == .missing { throw UsageError("--handlers: " + PathKind.unreachable(path)) }
        let document = DocumentLoader.load(path: path)
        var bag = DiagnosticBag()
        var handlers: [HandlerDeclaration] = []
        if let root = document.root { handlers = FlowDecoder.decodeHandlerManifest(root, diagnostics: &bag) }
        let problems = (document.diagnostics + bag.sorted).filter { $0.severity == .error }
        if let problem = problems.first {
            throw UsageError(
                "--handlers \(problem.span?.description ?? path): \(problem.message)"
                    + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""),
                hint: problem.hint ?? "a manifest maps handler names to {arguments: {NAME: TYPE}, returns: {NAME: TYPE}, description: TEXT}")
        }
        return handlers
    }
}
