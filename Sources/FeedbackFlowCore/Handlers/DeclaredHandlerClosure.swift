import FlowCompile

/// The ``ActionHandler`` that ``ActionHandlerRegistry/register(_:perform:)`` registers: it
/// reads the step's arguments as `Handler.Arguments`, runs the host's closure with them,
/// and returns what the closure returns by name.
struct DeclaredHandlerClosure<Handler: DeclaredHandler>: ActionHandler {
    /// The host's closure.
    let body: @Sendable (Handler.Arguments) async throws -> Handler.Returns

    /// Runs the closure; what it returns is dropped.
    func perform(_ invocation: ActionInvocation) async throws {
        _ = try await performReturningValues(invocation)
    }

    /// Reads the arguments, runs the closure with them, and returns its values by name.
    /// - Throws: ``HandlerArgumentError`` for an argument that does not hold its declared
    ///   type (the closure is then not run), or what the closure throws.
    func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
        let arguments = try Handler.arguments(from: invocation)
        return Handler.returnedValues(try await body(arguments))
    }
}
