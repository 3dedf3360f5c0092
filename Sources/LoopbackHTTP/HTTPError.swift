/// Why a request is answered with an error before the handler sees it: the status to
/// answer (400 malformed, 403 refused by the Host/Origin checks, 405 a method other than
/// GET, HEAD and POST, 408 too slow, 411 a chunked body, 413 a body over the limit, 431 a
/// head over the limit, 505 an HTTP version other than 1.0 and 1.1) and a one-line
/// message for the person reading it, sent as the plain-text body.
package struct HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status code to answer.
    package var status: Int
    /// Why, in one line (no line break), without anything the client sent.
    package var message: String

    /// An error answered with `status` and `message`.
    package init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `"<status> <reason>: <message>"`.
    package var description: String { "\(status) \(HTTPResponse.reasonPhrase(for: status)): \(message)" }

    /// The answer: `message` and a line break as plain text, with `Allow` on a 405.
    package var response: HTTPResponse {
        var response = HTTPResponse.text(message + "\n", status: status)
        if status == 405 { response.headers.append(("Allow", "GET, HEAD, POST")) }
        return response
    }
}
