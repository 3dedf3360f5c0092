/// A delivery that could not even be attempted: nothing reached the receiver, because a
/// part on this side is missing or broken (the program that posts is not installed, say).
///
/// A delivery sink throws it instead of a ``DeliveryFailure`` when retrying cannot help
/// until a person fixes the setup. ``OutboxFeedbackSink`` counts no attempt for it: the
/// record stays exactly as it was (a submission stays kept; a flush stops at once and
/// throws it), so a broken setup never spends a submission's attempts or makes it dead.
public struct DeliveryUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is missing or broken, one line for a person.
    public var message: String

    /// A delivery that could not be attempted, and why.
    public init(_ message: String) {
        self.message = message
    }

    /// ``message``.
    public var description: String { message }
}
