/// One request as ``LoopbackHTTPServer`` hands it to its handler: already checked (the
/// `Host` and `Origin` of this server, a method of GET, HEAD or POST, within the limits)
/// and read whole, body included.
package struct HTTPRequest: Sendable {
    /// `GET`, `HEAD` or `POST` (as sent: methods are case-sensitive).
    package var method: String
    /// The path, percent-decoded, without the query: begins with `/`, holds no control
    /// character. `+` is not a space here. Not normalized: `%2F` is a `/` like any other
    /// and `..` segments are kept, so a handler must compare it with the paths it serves,
    /// never join it to a folder.
    package var path: String
    /// The query's names and values, percent-decoded, `+` read as a space; of a name
    /// given twice, the first value.
    package var query: [String: String]
    /// The header fields in the order sent, names lowercased (ASCII), values trimmed of
    /// spaces and tabs.
    package var headers: [(name: String, value: String)]
    /// The body: the `Content-Length` bytes after the head (empty without one).
    package var body: [UInt8]

    /// A request of these parts.
    package init(
        method: String, path: String, query: [String: String] = [:], headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers.map { (name: HTTPRequestHead.lowercased($0.name), value: $0.value) }
        self.body = body
    }

    /// The request of a parsed head and its body.
    package init(head: HTTPRequestHead, body: [UInt8]) {
        self.init(method: head.method, path: head.path, query: head.query, headers: head.headers, body: body)
    }

    /// The first value of the header field `name` (any case), or `nil` when the request
    /// has none.
    package func header(_ name: String) -> String? {
        let name = HTTPRequestHead.lowercased(name)
        return headers.first { $0.name == name }?.value
    }
}
