/// The secret that lets a person, and nobody else on the computer, use a
/// ``LoopbackHTTPServer``: Host, Origin and Fetch Metadata stop other web sites, not
/// another local program or user, who can connect to 127.0.0.1 as well.
///
/// As notebook servers do it (Jupyter's token): the printed address carries the secret
/// in its query (`/?token=SECRET`); the first load of that address sets a cookie
/// (`HttpOnly`: no script reads it; `SameSite=Strict`: no other site's page sends it;
/// `Path=/`; no `Expires`: it ends with the browser's session) whose value is a second,
/// independent random secret (``cookieValue``), and the page keeps the address's secret
/// in its origin's `localStorage` and takes it out of the address bar. Loading the page
/// needs the cookie (or that address); every other route needs the cookie and the
/// address's secret in the ``headerName`` header too, which the page's script sends.
///
/// Why both: a browser keeps cookies per host, not per port (RFC 6265 §8.5), so another
/// local user serving a page on another port of 127.0.0.1 may be sent this cookie by the
/// person's browser; `localStorage` belongs to one origin, port included, and no other
/// origin can make a browser send a header it names (that needs a CORS preflight this
/// server never grants). The cookie's value tells nothing of the address's secret, so a
/// stolen cookie opens the page's HTML (the file's name and the theme), nothing else. The secret is compared in constant time (``matches(_:)``), so
/// the time of a refusal says nothing of how much of a guess was right.
package struct AccessSecret: Sendable {
    /// 64 lowercase hexadecimal digits: 256 bits from the system's cryptographic random
    /// source (`SystemRandomNumberGenerator`: `getrandom(2)` on Linux, `arc4random` on Darwin).
    package let value: String
    /// The cookie's value: 64 hexadecimal digits of their own, drawn as ``value`` is.
    package let cookieValue: String
    /// The cookie's name, with the server's port in it: cookies are kept per host, not per
    /// port, and two previews on one computer must not overwrite each other's.
    package let cookieName: String

    /// The name of the address's query parameter that carries the secret: `token`.
    package static let queryName = "token"
    /// The header that carries the secret on every route but the page:
    /// `X-FeedbackFlow-Secret`.
    package static let headerName = "X-FeedbackFlow-Secret"

    /// A new random secret, for the server on `port`.
    package init(port: UInt16) {
        self.init(value: Self.random(), cookieValue: Self.random(), port: port)
    }

    /// The secrets `value` and `cookieValue` (tests give their own), for the server on `port`.
    package init(value: String, cookieValue: String, port: UInt16) {
        self.value = value
        self.cookieValue = cookieValue
        cookieName = "feedbackflow-preview-\(port)"
    }

    /// 64 hexadecimal digits: 256 bits of `SystemRandomNumberGenerator`.
    private static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let digits = String(UInt64.random(in: .min ... .max, using: &generator), radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Whether `candidate` is the secret, compared in time that depends on the secret's
    /// length only: every byte is looked at, whatever differs first. O(secret's length).
    package func matches(_ candidate: String) -> Bool {
        Self.same(candidate, value)
    }

    /// `candidate == expected`, in time that depends on `expected`'s length only.
    private static func same(_ candidate: String, _ expected: String) -> Bool {
        let expected = Array(expected.utf8)
        let given = Array(candidate.utf8)
        // The length is no secret (every secret has 64 digits).
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    /// Whether the request's ``headerName`` header (one: the server refuses more) is the secret.
    package func isSentInHeader(by head: HTTPRequestHead) -> Bool {
        head.header(Self.headerName).map(matches) ?? false
    }

    /// Whether the request's `Cookie` header carries ``cookieValue`` under ``cookieName``,
    /// once. A request may send one `Cookie` field only (RFC 6265 §5.4; the server refuses
    /// more); its pairs are split on `;`, and a name given twice in it is refused.
    package func isCarried(by head: HTTPRequestHead) -> Bool {
        guard let cookies = head.header("cookie") else { return false }
        var found = 0
        var matched = false
        for pair in cookies.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == cookieName else { continue }
            found += 1
            if Self.same(String(trimmed[trimmed.index(after: equals)...]), cookieValue) { matched = true }
        }
        return found == 1 && matched
    }

    /// The `Set-Cookie` value that gives the browser the cookie.
    package var setCookie: String { "\(cookieName)=\(cookieValue); Path=/; HttpOnly; SameSite=Strict" }
}
