import FlowCompile

/// A custom step's argument that does not hold what its handler declares, found when a
/// handler registered with ``ActionHandlerRegistry/register(_:perform:)`` reads it: the
/// step fails with ``description`` as its message, as any handler error does.
///
/// Validation refuses such a step when the handler is declared (under `handlers:` or in
/// the manifest the flow is checked with), so this is the last guard for a flow checked
/// against other declarations, or a value a template renders that no check could see.
public struct HandlerArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The handler's name (the step's name).
    public var handler: String
    /// The argument read; `nil` when the step's argument as a whole is not a mapping.
    public var argument: String?
    /// What was expected: the declared type (`integer?`), or `a mapping of arguments`.
    public var expected: String
    /// What the step passed; `nil` when it left the argument out.
    public var found: FlowValue?

    /// The argument `argument` of `handler`, expected to be `expected`, that was `found`
    /// (`nil`: left out); `argument` `nil` for the step's argument as a whole.
    public init(handler: String, argument: String?, expected: String, found: FlowValue?) {
        self.handler = handler
        self.argument = argument
        self.expected = expected
        self.found = found
    }

    /// `handler 'uploadLogs': argument 'maxSize' is integer, got the string 'ten'`;
    /// `handler 'uploadLogs': argument 'ticket' (string) is missing`;
    /// `handler 'uploadLogs' takes a mapping of arguments, got the number 3`.
    public var description: String {
        guard let argument else { return "handler '\(handler)' takes \(expected), got \(Self.described(found))" }
        guard let found else { return "handler '\(handler)': argument '\(argument)' (\(expected)) is missing" }
        return "handler '\(handler)': argument '\(argument)' is \(expected), got \(Self.described(found))"
    }

    /// `the string 'ten'`, `the number 2.5`, `true`, `null`, `a list`, `a mapping`, `nothing`.
    private static func described(_ value: FlowValue?) -> String {
        switch value {
        case nil: "nothing"
        case .null?: "null"
        case .bool(let flag)?: flag ? "true" : "false"
        case .number(let text)?: "the number \(text)"
        case .string(let text)?: "the string '\(text)'"
        case .list?: "a list"
        case .object?: "a mapping"
        }
    }
}
