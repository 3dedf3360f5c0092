import FlowWorkspace

/// `validate --handlers FILE`: a handler manifest (YAML or JSON), the shape of a flow's
/// `handlers:` mapping — what `ActionHandlerRegistry.manifest()` writes — read before any
/// flow is checked.
package enum HandlerManifestOption {
    /// The option's one declaration: its value is the declarations the file holds
    /// (``HandlerManifest/read(_:)``), read when the command line is.
    package static let option = CommandOption.value(
        "handlers", valueName: "file",
        help: "Check custom steps against the handlers declared in this manifest (YAML or JSON: name → {arguments, returns, description})."
    ) { path throws(UsageError) in try HandlerManifest.read(path) }
}
