import FlowSystem

/// When a receiver asked to be tried again: the value of an HTTP `Retry-After` field
/// (RFC 9110 §10.2.3), `Retry-After = HTTP-date / delay-seconds`.
///
/// ``OutboxFeedbackSink`` never tries a submission again before this moment (it waits the
/// longer of this and its own backoff).
public enum RetryAfter: Sendable, Hashable, CustomStringConvertible {
    /// `delay-seconds`: this many whole seconds after the answer was received, as the field
    /// writes it (``delay`` is the `Duration`).
    case seconds(Int)
    /// An `HTTP-date`: not before this moment.
    case date(Date)

    /// The largest delay read from `delay-seconds`: 2³¹ − 1 seconds (about 68 years);
    /// longer ones (any number of digits is valid) are read as this.
    public static let maximumSeconds = Int(Int32.max)

    /// Reads a `Retry-After` field value; `nil` when it is neither form.
    ///
    /// - `delay-seconds` is `1*DIGIT` (RFC 9110 §10.2.3), e.g. `120`; nothing else is
    ///   allowed (no sign, no fraction).
    /// - `HTTP-date` (RFC 9110 §5.6.7) in any of its three forms, as a recipient must accept:
    ///   IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 form
    ///   `Sunday, 06-Nov-94 08:49:37 GMT`, and ANSI C's asctime form
    ///   `Sun Nov  6 08:49:37 1994`. Names are matched case-sensitively, as the grammar
    ///   writes them. An RFC 850 two-digit year is read in the century that puts it at most
    ///   50 years after `now` (§5.6.7: a date that "appears to be more than 50 years in the
    ///   future" is the most recent past year with those digits). The day of the week is
    ///   checked to be a day name, not to match the date.
    ///
    /// Leading and trailing spaces and tabs (RFC 9110 §5.5 OWS) are ignored. O(length).
    public init?(headerValue: String, now: Date) {
        let text = headerValue.trimmingHTTPWhitespace
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            self = .seconds(Int(text).map { min($0, Self.maximumSeconds) } ?? Self.maximumSeconds)
            return
        }
        guard let date = HTTPDate.parse(text, now: now) else { return nil }
        self = .date(date)
    }

    /// The `delay-seconds` form's delay, or `nil` for an `HTTP-date`.
    public var delay: Duration? {
        switch self {
        case .seconds(let seconds): .seconds(seconds)
        case .date: nil
        }
    }

    /// The moment it names, for an answer received at `received`.
    public func date(after received: Date) -> Date {
        switch self {
        case .seconds(let seconds): received.addingTimeInterval(Double(seconds))
        case .date(let date): date
        }
    }

    /// `120 s`, or the date in ISO 8601.
    public var description: String {
        switch self {
        case .seconds(let seconds): "\(seconds) s"
        case .date(let date): date.formatted(.iso8601)
        }
    }
}

/// The three forms of an HTTP-date (RFC 9110 §5.6.7), read into a `Date`.
enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `text` as an IMF-fixdate, an RFC 850 date or an asctime date; `nil` when it is none.
    static func parse(_ text: String, now: Date) -> Date? {
        let bytes = Array(text.utf8)
        if let comma = bytes.firstIndex(of: UInt8(ascii: ",")) {
            let day = String(decoding: bytes[..<comma], as: UTF8.self)
            let rest = Array(bytes[(comma + 1)...])
            if shortDays.contains(day) { return imfFixdate(rest) }
            if longDays.contains(day) { return rfc850(rest, now: now) }
            return nil
        }
        return asctime(bytes)
    }

    /// `SP 2DIGIT SP month SP 4DIGIT SP hh:mm:ss SP GMT` (after `day-name ","`).
    private static func imfFixdate(_ b: [UInt8]) -> Date? {
        guard b.count == 25, b[0] == 0x20, b[3] == 0x20, b[7] == 0x20, b[12] == 0x20, b[21] == 0x20,
            let day = digits(b[1..<3]), let month = month(b[4..<7]), let year = digits(b[8..<12]),
            let time = time(b[13..<21]), String(decoding: b[22...], as: UTF8.self) == "GMT"
        else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `SP 2DIGIT "-" month "-" 2DIGIT SP hh:mm:ss SP GMT` (after `day-name-l ","`).
    private static func rfc850(_ b: [UInt8], now: Date) -> Date? {
        guard b.count == 23, b[0] == 0x20, b[3] == 0x2D, b[7] == 0x2D, b[10] == 0x20, b[19] == 0x20,
            let day = digits(b[1..<3]), let month = month(b[4..<7]), let twoDigits = digits(b[8..<10]),
            let time = time(b[11..<19]), String(decoding: b[20...], as: UTF8.self) == "GMT"
        else { return nil }
        // The century that puts the year at most 50 years after now's year.
        let nowYear = civilYear(of: now)
        var year = (nowYear / 100) * 100 + twoDigits
        if year > nowYear + 50 { year -= 100 }
        if year <= nowYear - 50 { year += 100 }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP hh:mm:ss SP 4DIGIT`.
    private static func asctime(_ b: [UInt8]) -> Date? {
        guard b.count == 24, b[3] == 0x20, b[7] == 0x20, b[10] == 0x20, b[19] == 0x20,
            shortDays.contains(String(decoding: b[0..<3], as: UTF8.self)), let month = month(b[4..<7]),
            let time = time(b[11..<19]), let year = digits(b[20..<24])
        else { return nil }
        let day: Int?
        if b[8] == 0x20 { day = digits(b[9..<10]) } else { day = digits(b[8..<10]) }
        guard let day else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    private static func digits(_ b: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in b {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return b.isEmpty ? nil : value
    }

    private static func month(_ b: ArraySlice<UInt8>) -> Int? {
        months.firstIndex(of: String(decoding: b, as: UTF8.self)).map { $0 + 1 }
    }

    /// `2DIGIT ":" 2DIGIT ":" 2DIGIT`, as seconds into the day; hour ≤ 23, minute ≤ 59,
    /// second ≤ 60 (a leap second).
    private static func time(_ b: ArraySlice<UInt8>) -> Int? {
        let b = Array(b)
        guard b.count == 8, b[2] == 0x3A, b[5] == 0x3A, let hour = digits(b[0..<2]), let minute = digits(b[3..<5]),
            let second = digits(b[6..<8]), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// The moment, or `nil` when the day does not exist in that month.
    private static func date(year: Int, month: Int, day: Int, time: Int) -> Date? {
        guard day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + time))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`, exact for every year). O(1).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The UTC year of `date` (the inverse of ``daysFromCivil(year:month:day:)`` for the year).
    static func civilYear(of date: Date) -> Int {
        let z = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (RFC 9110 §5.6.3 OWS).
    var trimmingHTTPWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[start...end])
    }
}
