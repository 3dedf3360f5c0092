import FlowCompile

/// Runs a custom step (`NAME` or `NAME: ARGS` in a flow file), looked up by name in an
/// ``ActionHandlerRegistry``.
///
/// Contract:
/// - `perform` is called once per step run, on any executor; the navigator awaits it,
///   and the screen stays busy (taps ignored) until it returns or throws.
/// - Returning means the step succeeded and the next step runs.
/// - Throwing fails the step: the remaining steps are skipped, the button's `onFailure`
///   runs if it has one, otherwise the error's description is shown on the screen.
///   Give errors a readable `description` (conform to `CustomStringConvertible`).
/// - Handlers do not navigate; navigation is written as steps of the action.
public protocol ActionHandler: Sendable {
    /// Runs the custom step described by `invocation`: its name, rendered argument, flow id
    /// and the flow's field values. Returning means the step succeeded; throwing fails it.
    func perform(_ invocation: ActionInvocation) async throws

    /// Runs the step like ``perform(_:)`` and returns the values the handler declares
    /// under `returns`, by name (`["connected": true]`); later expressions and templates
    /// read them as `NAME.FIELD` (`reconnect.connected`). The default runs
    /// ``perform(_:)`` and returns none; the navigator calls this one.
    func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue]
}

extension ActionHandler {
    /// Runs ``perform(_:)`` and returns no values.
    public func performReturningValues(_ invocation: ActionInvocation) async throws -> [String: ExpressionValue] {
        try await perform(invocation)
        return [:]
    }
}
