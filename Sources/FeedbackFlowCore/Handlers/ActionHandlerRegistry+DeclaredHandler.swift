import FlowCompile

extension ActionHandlerRegistry {
    /// Adds (or replaces) the handler of a flow's declared handler `handler` (a type the
    /// build-time plugin generates), run by `body` with the step's arguments as a struct;
    /// its declaration is registered too, so ``manifest()`` exports it.
    ///
    /// ```swift
    /// registry.register(SupportFlow.UploadLogs.self) { arguments in
    ///     try await logs.upload(ticket: arguments.ticket, limit: arguments.maxSizeKB)
    ///     return SupportFlow.UploadLogs.Returns(reference: "R-1")
    /// }
    /// ```
    ///
    /// A step whose argument does not hold the declared types fails with a
    /// ``HandlerArgumentError`` (its description is the step's message) and `body` does not
    /// run; what `body` throws fails the step as any handler's error does.
    public mutating func register<Handler: DeclaredHandler>(
        _ handler: Handler.Type, perform body: @escaping @Sendable (Handler.Arguments) async throws -> Handler.Returns
    ) {
        register(Handler.declaration, DeclaredHandlerClosure<Handler>(body: body))
    }
}
