import FlowSource

/// `file:` URIs (RFC 8089) as the protocol names documents, and the paths they stand for.
package enum LSPFileURI {
    /// The path of a `file:` URI (`file:///a%20b/x.yaml` → `/a b/x.yaml`), or `nil` for
    /// another scheme, a host other than none or `localhost`, or a bad escape.
    package static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), let bytes = PercentEncoding.decoded(Array(rest.utf8)[...], plusIsSpace: false) else {
            return nil
        }
        // Only valid UTF-8 (decoding would replace the rest with U+FFFD).
        let path = String(decoding: bytes, as: UTF8.self)
        return Array(path.utf8) == bytes ? path : nil
    }

    /// The `file:` URI of an absolute `path` (a relative one is taken from the root), each
    /// byte outside RFC 3986's unreserved characters and `/` percent-encoded.
    package static func uri(of path: String) -> String {
        "file://" + (path.hasPrefix("/") ? "" : "/") + PercentEncoding.encoded(path, keeping: ["/"])
    }
}
