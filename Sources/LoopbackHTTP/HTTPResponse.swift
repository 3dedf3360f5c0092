/// What a handler of ``LoopbackHTTPServer`` answers: a status, a body and its type.
/// The server adds `Content-Length`, `Connection: close` and the security headers
/// (``serialized(includingBody:)``).
package struct HTTPResponse: Sendable {
    /// The status code. One outside 200…599 is sent as 500 (a handler never sends an
    /// interim 1xx answer).
    package var status: Int
    /// The `Content-Type` of the body (e.g. `text/html; charset=utf-8`).
    package var contentType: String
    /// The body's bytes (not sent for a HEAD request, nor with a 204).
    package var body: [UInt8]
    /// Further header fields, sent after the server's own, in this order (e.g.
    /// `Content-Security-Policy`). A field whose name is not a token or whose value holds
    /// a line break or other control character is left out, and so are `Content-Length`,
    /// `Content-Type`, `Transfer-Encoding` and `Connection`, which the server writes.
    package var headers: [(String, String)]

    /// A response of these parts.
    package init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// `text` as `text/plain; charset=utf-8`.
    package static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// `html` as `text/html; charset=utf-8`.
    package static func html(_ html: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    }

    /// `text` (JSON written by the caller) as `application/json`.
    package static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
    }

    /// The reason phrase sent after `status`: the RFC 9110 phrase of each status this
    /// server answers (200, 204, 303, 400, 403, 404, 405, 408, 411, 413, 431, 500, 503, 505), or
    /// a phrase for the status's class for any other.
    package static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 303: "See Other"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        default: "Server Error"
        }
    }

    /// The header fields every response carries after its `Content-Type` and
    /// `Content-Length`: one request per connection; nothing cached (the preview
    /// changes); the browser must not guess another type than `contentType`; no
    /// `Referer` leaves the preview.
    static let fixedHeaders: [(String, String)] = [
        ("Connection", "close"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// Header names ``headers`` may not set: the server writes them.
    private static let reservedNames: Set<String> = ["content-length", "content-type", "transfer-encoding", "connection"]

    /// The response as sent on the wire, HTTP/1.1: the status line, `Content-Type` and
    /// `Content-Length` (neither for a 204), ``fixedHeaders``, the acceptable extra
    /// ``headers``, an empty line, then the body when `includingBody` (false for a
    /// HEAD request; never for a 204).
    package func serialized(includingBody: Bool = true) -> [UInt8] {
        let status = (200...599).contains(status) ? status : 500
        let noContent = status == 204
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
        if !noContent {
            head += "Content-Type: \(Self.isFieldValue(contentType) ? contentType : "application/octet-stream")\r\n"
            head += "Content-Length: \(body.count)\r\n"
        }
        for (name, value) in Self.fixedHeaders { head += "\(name): \(value)\r\n" }
        for (name, value) in headers
        where Self.isFieldName(name) && Self.isFieldValue(value) && !Self.reservedNames.contains(HTTPRequestHead.lowercased(name)) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includingBody && !noContent { bytes += body }
        return bytes
    }

    /// A token (RFC 9110): letters, digits and `!#$%&'*+-.^_`|~`.
    private static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                    || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
    }

    /// No control character but the tab (so no line break can end the field early).
    private static func isFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) }
    }
}
