import FeedbackFlow
import Foundation
import Testing

/// `Retry-After` values (RFC 9110 §10.2.3): delay-seconds and the three HTTP-date forms
/// of §5.6.7. Expected instants are from `date -u -d … +%s`.
@Suite("Retry-After: delay-seconds and HTTP-date")
struct RetryAfterTests {
    /// 2026-12-01T00:00:00Z (`date -u -d 2026-12-01 +%s`).
    static let now = Date(timeIntervalSince1970: 1_796_083_200)
    /// RFC 9110 §5.6.7's example instant, Sun, 06 Nov 1994 08:49:37 GMT (784111777).
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test("delay-seconds is 1*DIGIT, surrounding spaces allowed, counted from the answer")
    func delaySeconds() {
        #expect(RetryAfter(headerValue: "120", now: Self.now) == .seconds(120))
        #expect(RetryAfter(headerValue: " 0\t", now: Self.now) == .seconds(0))
        #expect(RetryAfter(headerValue: "120", now: Self.now)?.date(after: Self.now) == Self.now.addingTimeInterval(120))
        #expect(RetryAfter(headerValue: "120", now: Self.now)?.delay == .seconds(120))
        #expect(RetryAfter.date(Self.example).delay == nil)
        #expect(RetryAfter(headerValue: "99999999999999999999999", now: Self.now) == .seconds(RetryAfter.maximumSeconds))
        for bad in ["", "-1", "+5", "1.5", "12 s", "0x10", "１２"] {
            #expect(RetryAfter(headerValue: bad, now: Self.now) == nil, "\(bad)")
        }
    }

    @Test("the three HTTP-date forms of RFC 9110 §5.6.7 name the same instant")
    func httpDates() {
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(RetryAfter(headerValue: text, now: Self.now) == .date(Self.example), "\(text)")
        }
        #expect(RetryAfter(headerValue: "Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now)?.date(after: Self.now) == Self.example)
    }

    @Test("an RFC 850 two-digit year more than 50 years ahead is the most recent past year with those digits")
    func twoDigitYears() {
        // From 2026: '76 is 2076 (50 years ahead, not more), '77 is 1977.
        #expect(RetryAfter(headerValue: "Thursday, 01-Jan-76 00:00:00 GMT", now: Self.now) == .date(Date(timeIntervalSince1970: 3_345_062_400)))
        #expect(RetryAfter(headerValue: "Saturday, 01-Jan-77 00:00:00 GMT", now: Self.now) == .date(Date(timeIntervalSince1970: 220_924_800)))
    }

    @Test("dates that are not HTTP-dates are refused: wrong names, days, times, zones or spacing")
    func badDates() {
        for bad in [
            "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC", "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sunday, 06 Nov 1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT", "Sun Nov 6 08:49:37 1994",
            "Fun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "2024-05-01T12:00:00Z",
        ] {
            #expect(RetryAfter(headerValue: bad, now: Self.now) == nil, "\(bad)")
        }
        // 29 February exists in leap years only (1996 yes, 1900 no).
        #expect(RetryAfter(headerValue: "Thu, 29 Feb 1996 00:00:00 GMT", now: Self.now) != nil)
        #expect(RetryAfter(headerValue: "Thu, 29 Feb 1900 00:00:00 GMT", now: Self.now) == nil)
    }
}
