/// An error with a fixed message, thrown by the failing test doubles.
public struct TestFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
