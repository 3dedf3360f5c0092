import FlowSource

/// A typed name a flow declares: a value the host provides (`context:`), a field of an
/// event's payload (`events:`), or a flow variable (`variables:`, set by `set` steps),
/// e.g. `call.maxParticipants: integer`.
public struct ValueDeclaration: Sendable, Hashable {
    /// The name as expressions write it: `[A-Za-z_][A-Za-z0-9_]*` parts joined by `.`.
    public var name: String
    /// Its type.
    public var type: ValueType
    /// Where the name is written, for diagnostics.
    @IgnoredInEquality package var span: SourceSpan?

    /// `name` of `type`; `span` is where the name is written (default `nil`, for code).
    public init(name: String, type: ValueType, span: SourceSpan? = nil) {
        self.name = name
        self.type = type
        self.span = span
    }

    /// Whether `name` can be named in an expression (``Identifier``). O(length).
    package static func isExpressionName(_ name: String) -> Bool {
        Identifier.isName(name)
    }
}

/// An event a flow reacts to (`events: {callEnded: {durationSeconds: integer}}`), with the
/// typed fields of its payload, which expressions read as `event.FIELD`.
public struct EventDeclaration: Sendable, Hashable {
    /// The event's name.
    public var name: String
    /// The payload's fields, in the order written.
    public var payload: [ValueDeclaration]
    /// Where the name is written, for diagnostics.
    @IgnoredInEquality package var span: SourceSpan?

    /// The event `name` with `payload` (default none); `span` is where the name is written.
    public init(name: String, payload: [ValueDeclaration] = [], span: SourceSpan? = nil) {
        self.name = name
        self.payload = payload
        self.span = span
    }

    /// The prefix expressions read the payload under: `event.`.
    package static let payloadPrefix = "event."
}
