/// The identity of one appearance of a screen on the navigation stack.
///
/// Every push, present or replace mints a new id from the navigator's counter, so
/// ids are stable (an instance keeps its id while it stays on the stack), strictly
/// increasing in the order screens entered, and never reused — not even after the
/// instance left the stack. A tap carries the id of the instance it was shown on; if
/// that instance is no longer on top, the tap is stale (see ``TapResult/ignoredStale``).
public struct ScreenInstanceID: Sendable, Hashable, CustomStringConvertible {
    /// The counter value, starting at 1.
    public let rawValue: Int

    /// The id numbered `rawValue`. A navigator numbers the instances it creates 1, 2, 3, …
    /// in order; build one yourself only for a snapshot or event of your own (a test of a
    /// presenter, a SwiftUI preview).
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public var description: String { "#\(rawValue)" }
}
