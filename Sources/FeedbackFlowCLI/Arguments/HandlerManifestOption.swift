import FlowCompile
import FlowWorkspace

/// `validate --handlers FILE`: a handler manifest (YAML or JSON), the shape of a flow's
/// `handlers:` mapping — what `ActionHandlerRegistry.manifest()` writes — read before any
/// flow is checked.
package enum HandlerManifestOption {
    package static let option = CommandOption.text(
        "handlers", valueName: "file",
        help: "Check custom steps against the handlers declared in this manifest (YAML or JSON: name → {arguments, returns, description}).")

    /// The declarations in the file at `path` (``HandlerManifest/read(_:)``).
    package static func read(_ path: String) throws(UsageError) -> [HandlerDeclaration] {
        try HandlerManifest.read(path)
    }
}
