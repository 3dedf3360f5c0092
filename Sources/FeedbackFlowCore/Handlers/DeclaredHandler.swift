import FlowCompile

/// A handler a flow declares under `handlers:`, as a type: its declaration, its arguments
/// as a struct, and the values it returns as a struct (or `Void` when it returns none).
/// The build-time plugin generates one for each handler a flow declares; a host registers
/// it with a closure that takes its `Arguments`
/// (``ActionHandlerRegistry/register(_:perform:)``), so a handler or argument the flow
/// renames, or an argument of another type, no longer compiles.
public protocol DeclaredHandler {
    /// The arguments a step passes, one stored property per declared argument.
    associatedtype Arguments: Sendable
    /// The values the handler returns, one stored property per declared value; `Void`
    /// when it declares none.
    associatedtype Returns: Sendable

    /// The handler as the flow declares it: its name, arguments, returned values and
    /// description, which ``ActionHandlerRegistry/manifest()`` exports once registered.
    static var declaration: HandlerDeclaration { get }

    /// The arguments `invocation` passes, read by their declared types.
    /// - Throws: ``HandlerArgumentError`` for an argument left out or of another type.
    static func arguments(from invocation: ActionInvocation) throws(HandlerArgumentError) -> Arguments

    /// `returns` by name, as expressions read them afterwards (`NAME.FIELD`).
    static func returnedValues(_ returns: Returns) -> [String: ExpressionValue]
}

extension DeclaredHandler where Returns == Void {
    /// None: the handler declares no returned values.
    public static func returnedValues(_ returns: Returns) -> [String: ExpressionValue] { [:] }
}
