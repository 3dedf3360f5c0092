import FlowSource

/// A custom handler a flow uses, declared so that `validate` can check every step that
/// runs it: `handlers: {reconnect: {arguments: {timeout: integer, reason: string?},
/// returns: {connected: boolean}, description: …}}`. The same shape is a handler
/// manifest (a file of such declarations, or ``ActionHandlerRegistry``'s `manifest()`).
///
/// A step runs the handler with a mapping of ``arguments`` (a handler without arguments
/// is the bare step `reconnect`); what it returns (``returns``) is read afterwards as
/// `NAME.FIELD` (`reconnect.connected`), `null` until the handler has returned.
public struct HandlerDeclaration: Sendable, Hashable {
    /// The step name that runs the handler.
    public var name: String
    /// The arguments a step passes, each with its type (optional ones may be left out).
    public var arguments: [ValueDeclaration]
    /// The values the handler returns, each with its type.
    public var returns: [ValueDeclaration]
    /// What the handler does, for people.
    public var description: String?
    /// Where the name is written, for diagnostics.
    @IgnoredInEquality package var span: SourceSpan?

    /// The handler `name`, with its arguments, returned values and description (each
    /// defaulting to none); `span` is where the name is written.
    public init(
        name: String, arguments: [ValueDeclaration] = [], returns: [ValueDeclaration] = [], description: String? = nil,
        span: SourceSpan? = nil
    ) {
        self.name = name
        self.arguments = arguments
        self.returns = returns
        self.description = description
        self.span = span
    }

    /// The name a returned value is read under: `reconnect.connected`.
    package func returnedName(_ field: String) -> String { "\(name).\(field)" }
}
