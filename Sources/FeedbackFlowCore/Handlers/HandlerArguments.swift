import FlowCompile

/// The arguments a custom step passes its handler, read by name as the Swift types their
/// declarations give (``DeclaredValue``). What the Swift the build-time plugin generates
/// for a declared handler reads its `Arguments` with.
///
/// ```swift
/// let arguments = try HandlerArguments(invocation)
/// let ticket: String = try arguments.value("ticket")
/// let limit = try arguments.value("limit", as: Int?.self)
/// ```
public struct HandlerArguments: Sendable {
    /// The handler's name, for messages.
    public var handler: String
    /// The step's arguments by name; empty for a step that passes none.
    public var values: [String: FlowValue]

    /// The arguments of `invocation`: its argument's mapping, or none for a bare step (or
    /// a `null` argument).
    /// - Throws: ``HandlerArgumentError`` when the argument is a value other than a mapping.
    public init(_ invocation: ActionInvocation) throws(HandlerArgumentError) {
        handler = invocation.name
        switch invocation.argument {
        case nil, .null?: values = [:]
        case .object(let members)?: values = members
        case let other?:
            throw HandlerArgumentError(handler: invocation.name, argument: nil, expected: "a mapping of arguments", found: other)
        }
    }

    /// The argument `name` as `type` (inferred from the context when left out): for an
    /// optional type, `nil` when the step leaves it out or passes `null`.
    /// - Throws: ``HandlerArgumentError`` when the step leaves out an argument of a
    ///   non-optional type, or passes a value of another type.
    public func value<Value: DeclaredValue>(_ name: String, as type: Value.Type = Value.self) throws(HandlerArgumentError) -> Value {
        let given = values[name]
        guard let value = Value.decoded(from: given) else {
            throw HandlerArgumentError(handler: handler, argument: name, expected: Value.declaredType.description, found: given)
        }
        return value
    }
}
