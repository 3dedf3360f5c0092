import Foundation
import FlowSource

/// A clock that moves only when told: `now` for the code under test, `sleep` that moves
/// the clock forward by the time asked instead of waiting.
public final class FakeClock: Sendable {
    private let current: LockedBox<Date>

    /// A clock reading `start`.
    public init(_ start: Date) {
        current = LockedBox(start)
    }

    /// The time.
    public func now() -> Date {
        current.withLock { $0 }
    }

    /// Moves the clock `seconds` forward.
    public func advance(by seconds: Double) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// A sleep that returns at once, the clock moved forward by `seconds`.
    public func sleep(_ seconds: Double) async throws {
        advance(by: seconds)
    }

    /// A sleep that returns at once, the clock moved forward by `duration`.
    public func sleep(for duration: Duration) async throws {
        let (seconds, attoseconds) = duration.components
        advance(by: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
