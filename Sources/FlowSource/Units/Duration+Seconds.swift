import FlowSystem

/// The one conversion between `Duration`, what the public API takes and returns for an
/// interval, and the seconds the code below it computes with (`Date` arithmetic, `poll(2)`
/// and libcurl timeouts, a history's whole seconds). Every module converts here, never
/// inline. None of these traps: a `Duration` holds far more than a `Double` or an `Int` of
/// seconds, so values past the largest `Int64` of seconds (about 292 billion years) are
/// clamped to it.
extension Duration {
    /// The largest duration the conversions keep: `Int64.max` seconds.
    package static let largestInSeconds = Duration.seconds(Int64.max)

    /// `seconds` as a duration, accurate to the attosecond: a NaN is zero, and anything
    /// beyond ±`Int64.max` seconds (the infinities among them) is clamped to that. For
    /// the `Double` seconds of the deprecated spellings.
    package init(clampingSeconds seconds: Double) {
        guard !seconds.isNaN else {
            self = .zero
            return
        }
        // 2^63, the first Double past Int64.max.
        let limit = 9_223_372_036_854_775_808.0
        guard seconds < limit else {
            self = Self.largestInSeconds
            return
        }
        guard seconds > -limit else {
            self = .zero - Self.largestInSeconds
            return
        }
        // The whole part and the fraction are both exact; only the fraction's
        // attoseconds round, by less than 100 attoseconds.
        let whole = seconds.rounded(.towardZero)
        let attoseconds = ((seconds - whole) * 1e18).rounded()
        self = Duration(secondsComponent: Int64(whole), attosecondsComponent: Int64(attoseconds))
    }

    /// This duration in seconds, fractions kept (as far as a `Double` holds them); beyond
    /// ±`Int64.max` seconds, as near as a `Double` gets.
    package var inSeconds: Double {
        guard self < Self.largestInSeconds, self > .zero - Self.largestInSeconds else { return self / .seconds(1) }
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// This duration in whole seconds, a started second counting as one (rounded up),
    /// clamped to ±`Int64.max`: what a history's dates, counted in whole seconds, compare
    /// with.
    package var wholeSeconds: Int {
        guard self < Self.largestInSeconds else { return Int(Int64.max) }
        guard self > .zero - Self.largestInSeconds else { return Int(Int64.min) }
        let (seconds, attoseconds) = components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
