import FlowSource

/// When ``OutboxFeedbackSink`` tries a kept submission again, and when it gives up.
///
/// After the n-th failed attempt (n from 1), the next attempt waits a random time from 0
/// to ``backoff(afterFailures:)``, `min(maximumBackoff, baseBackoff × 2ⁿ⁻¹)` —
/// exponential backoff with "full jitter" (Brooker, "Exponential Backoff And Jitter", AWS
/// Architecture Blog, 2015: `sleep = random_between(0, min(cap, base * 2 ** attempt))`),
/// which spreads the retries of many clients that failed together — and never less than
/// the receiver's `Retry-After` (RFC 9110 §10.2.3). With the defaults the ceilings are 2,
/// 4, 8, 16, 32, 64, 128, 256, 300, 300 … seconds.
///
/// A record is marked dead (kept and listed, never tried again, never dropped by itself)
/// when an attempt fails and either it has been tried ``maximumAttempts`` times, or it was
/// kept ``maximumRecordAge`` ago or more, or the failure is permanent
/// (``DeliveryFailure/isPermanent``).
///
/// The durations are kept in seconds (`Double`), fractions of a second included; the
/// `Double` spellings of the last release (``baseDelay``, ``maximumDelay``,
/// ``maximumAge``, ``backoffCeiling(afterFailures:)``) read and write the same values.
public struct OutboxRetryPolicy: Sendable, Hashable {
    /// The ceiling of the first wait: ``defaultBaseBackoff`` unless given (a negative
    /// duration counts as zero, here and below).
    public var baseBackoff: Duration {
        get { Duration(clampingSeconds: baseBackoffSeconds) }
        set { baseBackoffSeconds = max(0, newValue.inSeconds) }
    }
    /// The largest ceiling of any wait: ``defaultMaximumBackoff`` unless given.
    public var maximumBackoff: Duration {
        get { Duration(clampingSeconds: maximumBackoffSeconds) }
        set { maximumBackoffSeconds = max(0, newValue.inSeconds) }
    }
    /// Attempts after which a failing record is dead: ``defaultMaximumAttempts``.
    public var maximumAttempts: Int
    /// How long after it was kept a failing record is dead: ``defaultMaximumRecordAge``
    /// unless given.
    public var maximumRecordAge: Duration {
        get { Duration(clampingSeconds: maximumRecordAgeSeconds) }
        set { maximumRecordAgeSeconds = max(0, newValue.inSeconds) }
    }

    /// ``baseBackoff`` in seconds, as stored.
    package var baseBackoffSeconds: Double
    /// ``maximumBackoff`` in seconds, as stored.
    package var maximumBackoffSeconds: Double
    /// ``maximumRecordAge`` in seconds, as stored.
    package var maximumRecordAgeSeconds: Double

    /// 2 seconds.
    public static let defaultBaseBackoff = Duration.seconds(2)
    /// 300 seconds (5 minutes).
    public static let defaultMaximumBackoff = Duration.seconds(300)
    /// 10 attempts: with the default backoff, 9 waits whose ceilings add up to 810
    /// seconds, so about 7 minutes of retrying on average (full jitter halves them), 13.5
    /// at most.
    public static let defaultMaximumAttempts = 10
    /// 7 days (604,800 seconds).
    public static let defaultMaximumRecordAge = Duration.seconds(7 * 86_400)

    /// A policy; each value defaults to its `default…` constant. A negative duration
    /// counts as zero, and fewer than 1 attempt as 1.
    public init(
        baseBackoff: Duration = OutboxRetryPolicy.defaultBaseBackoff,
        maximumBackoff: Duration = OutboxRetryPolicy.defaultMaximumBackoff,
        maximumAttempts: Int = OutboxRetryPolicy.defaultMaximumAttempts,
        maximumRecordAge: Duration = OutboxRetryPolicy.defaultMaximumRecordAge
    ) {
        self.baseBackoffSeconds = max(.zero, baseBackoff).inSeconds
        self.maximumBackoffSeconds = max(.zero, maximumBackoff).inSeconds
        self.maximumAttempts = max(1, maximumAttempts)
        self.maximumRecordAgeSeconds = max(.zero, maximumRecordAge).inSeconds
    }

    /// The ceiling of the wait after `failures` failed attempts (1 or more):
    /// `min(maximumBackoff, baseBackoff × 2^(failures − 1))`; the wait itself is a random
    /// fraction of it. O(log of the ratio of the two durations); never overflows.
    public func backoff(afterFailures failures: Int) -> Duration {
        Duration(clampingSeconds: backoffSeconds(afterFailures: failures))
    }

    /// ``backoff(afterFailures:)`` in seconds: what the outbox adds to a date.
    package func backoffSeconds(afterFailures failures: Int) -> Double {
        var ceiling = baseBackoffSeconds
        var doublings = max(0, failures - 1)
        while doublings > 0, ceiling < maximumBackoffSeconds {
            ceiling *= 2
            doublings -= 1
        }
        return min(ceiling, maximumBackoffSeconds)
    }

    // MARK: - Seconds as `Double` (deprecated)

    /// ``baseBackoff`` in seconds.
    @available(*, deprecated, message: "use baseBackoff, a Duration")
    public var baseDelay: Double {
        get { baseBackoffSeconds }
        set { baseBackoffSeconds = max(0, newValue) }
    }
    /// ``maximumBackoff`` in seconds.
    @available(*, deprecated, message: "use maximumBackoff, a Duration")
    public var maximumDelay: Double {
        get { maximumBackoffSeconds }
        set { maximumBackoffSeconds = max(0, newValue) }
    }
    /// ``maximumRecordAge`` in seconds.
    @available(*, deprecated, message: "use maximumRecordAge, a Duration")
    public var maximumAge: Double {
        get { maximumRecordAgeSeconds }
        set { maximumRecordAgeSeconds = max(0, newValue) }
    }
    /// ``defaultBaseBackoff`` in seconds: 2.
    @available(*, deprecated, message: "use defaultBaseBackoff, a Duration")
    public static var defaultBaseDelay: Double { defaultBaseBackoff.inSeconds }
    /// ``defaultMaximumBackoff`` in seconds: 300.
    @available(*, deprecated, message: "use defaultMaximumBackoff, a Duration")
    public static var defaultMaximumDelay: Double { defaultMaximumBackoff.inSeconds }
    /// ``defaultMaximumRecordAge`` in seconds: 604,800.
    @available(*, deprecated, message: "use defaultMaximumRecordAge, a Duration")
    public static var defaultMaximumAge: Double { defaultMaximumRecordAge.inSeconds }

    /// A policy whose durations are given in seconds; each value defaults to its
    /// `default…` constant. Negative seconds count as 0, and fewer than 1 attempt as 1.
    @_disfavoredOverload
    @available(
        *, deprecated,
        message: "give durations as Duration: OutboxRetryPolicy(baseBackoff:maximumBackoff:maximumAttempts:maximumRecordAge:)"
    )
    public init(
        baseDelay: Double = OutboxRetryPolicy.defaultBaseDelay,
        maximumDelay: Double = OutboxRetryPolicy.defaultMaximumDelay,
        maximumAttempts: Int = OutboxRetryPolicy.defaultMaximumAttempts,
        maximumAge: Double = OutboxRetryPolicy.defaultMaximumAge
    ) {
        self.baseBackoffSeconds = max(0, baseDelay)
        self.maximumBackoffSeconds = max(0, maximumDelay)
        self.maximumAttempts = max(1, maximumAttempts)
        self.maximumRecordAgeSeconds = max(0, maximumAge)
    }

    /// ``backoff(afterFailures:)`` in seconds.
    @available(*, deprecated, message: "use backoff(afterFailures:), a Duration")
    public func backoffCeiling(afterFailures failures: Int) -> Double {
        backoffSeconds(afterFailures: failures)
    }
}
