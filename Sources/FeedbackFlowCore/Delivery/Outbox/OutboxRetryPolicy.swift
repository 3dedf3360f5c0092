/// When ``OutboxFeedbackSink`` tries a kept submission again, and when it gives up.
///
/// After the n-th failed attempt (n from 1), the next attempt waits a random time from 0
/// to `min(maximumDelay, baseDelay × 2ⁿ⁻¹)` seconds — exponential backoff with "full
/// jitter" (Brooker, "Exponential Backoff And Jitter", AWS Architecture Blog, 2015:
/// `sleep = random_between(0, min(cap, base * 2 ** attempt))`), which spreads the retries
/// of many clients that failed together — and never less than the receiver's
/// `Retry-After` (RFC 9110 §10.2.3). With the defaults the ceilings are 2, 4, 8, 16, 32,
/// 64, 128, 256, 300, 300 … seconds.
///
/// A record is marked dead (kept and listed, never tried again, never dropped by itself)
/// when an attempt fails and either it has been tried ``maximumAttempts`` times, or it was
/// kept ``maximumAge`` seconds ago or more, or the failure is permanent
/// (``DeliveryFailure/isPermanent``).
public struct OutboxRetryPolicy: Sendable, Hashable {
    /// The ceiling of the first wait, in seconds: ``defaultBaseDelay``.
    public var baseDelay: Double
    /// The largest ceiling of any wait, in seconds: ``defaultMaximumDelay``.
    public var maximumDelay: Double
    /// Attempts after which a failing record is dead: ``defaultMaximumAttempts``.
    public var maximumAttempts: Int
    /// Seconds after it was kept past which a failing record is dead: ``defaultMaximumAge``.
    public var maximumAge: Double

    /// 2 seconds.
    public static let defaultBaseDelay = 2.0
    /// 300 seconds (5 minutes).
    public static let defaultMaximumDelay = 300.0
    /// 10 attempts: with the default delays, 9 waits whose ceilings add up to 810 seconds,
    /// so about 7 minutes of retrying on average (full jitter halves them), 13.5 at most.
    public static let defaultMaximumAttempts = 10
    /// 7 days (604,800 seconds).
    public static let defaultMaximumAge = 7 * 86_400.0

    /// A policy; each value defaults to its `default…` constant. Negative delays count as
    /// 0, and fewer than 1 attempt as 1.
    public init(
        baseDelay: Double = OutboxRetryPolicy.defaultBaseDelay, maximumDelay: Double = OutboxRetryPolicy.defaultMaximumDelay,
        maximumAttempts: Int = OutboxRetryPolicy.defaultMaximumAttempts, maximumAge: Double = OutboxRetryPolicy.defaultMaximumAge
    ) {
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.maximumAttempts = max(1, maximumAttempts)
        self.maximumAge = max(0, maximumAge)
    }

    /// The ceiling of the wait after `failures` failed attempts (1 or more):
    /// `min(maximumDelay, baseDelay × 2^(failures − 1))`, in seconds. O(log of the ratio
    /// of the two delays); never overflows.
    public func backoffCeiling(afterFailures failures: Int) -> Double {
        var ceiling = baseDelay
        var doublings = max(0, failures - 1)
        while doublings > 0, ceiling < maximumDelay {
            ceiling *= 2
            doublings -= 1
        }
        return min(ceiling, maximumDelay)
    }
}
