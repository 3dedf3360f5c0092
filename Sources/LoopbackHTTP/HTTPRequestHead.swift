import FlowSource

/// The head of one HTTP/1.x request (its request line and header fields), parsed from
/// bytes by ``parse(_:maxHeaderLines:)``: a pure function, strict where leniency could
/// let two readers see two different requests (a bare CR or LF, a space before a
/// field's colon, a folded line, a control character: all refused with 400).
///
/// Only the origin form of a request target is accepted (`/path?query`, as a browser
/// sends it to a server it is not using as a proxy); the path and the query are
/// percent-decoded here.
package struct HTTPRequestHead: Sendable {
    /// The method as sent (case-sensitive: `GET`, `POST`…), an RFC 9110 token.
    package var method: String
    /// The request target as sent, undecoded (`/a%20b?x=1`).
    package var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// The target's path, percent-decoded (no `+` rule): always begins with `/`, holds
    /// no control character.
    package var path: String
    /// The target's query (after the first `?`) as names and values, percent-decoded,
    /// `+` read as a space; a piece without `=` has the value `""`, empty pieces are
    /// skipped, and of a name given twice the first value is kept.
    package var query: [String: String]
    /// The header fields in the order sent: names lowercased (ASCII), values without
    /// the spaces and tabs around them.
    package var headers: [(name: String, value: String)]

    /// The first value of the header field `name` (any case), or `nil`.
    package func header(_ name: String) -> String? {
        let name = Self.lowercased(name)
        return headers.first { $0.name == name }?.value
    }

    /// Every value of the header field `name` (any case), in the order sent.
    package func headers(named name: String) -> [String] {
        let name = Self.lowercased(name)
        return headers.filter { $0.name == name }.map(\.value)
    }

    /// The empty line that ends a head: CR LF CR LF.
    static let terminator: [UInt8] = [13, 10, 13, 10]

    /// How many bytes at the start of `bytes` the head takes, up to and including the
    /// empty line (CR LF CR LF) that ends it; `nil` while that line has not arrived.
    /// `from` is an offset (from `bytes.startIndex`) before which the line is known not
    /// to end, so that bytes arriving a few at a time are not searched again and again.
    package static func length(in bytes: ArraySlice<UInt8>, from: Int = 0) -> Int? {
        var index = bytes.startIndex + max(0, from)
        while index + 3 < bytes.endIndex {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index + 4 - bytes.startIndex
            }
            index += 1
        }
        return nil
    }

    /// Parses a head: `bytes` from the request line up to and including the empty line
    /// that ends the head (what ``length(in:from:)`` measures), nothing after it.
    ///
    /// Fails with ``HTTPError`` 400 for a malformed request line, target or field line
    /// (or a head not ending with CR LF CR LF), 431 for more than `maxHeaderLines` field
    /// lines, 505 for an HTTP version other than 1.0 and 1.1. The method is not checked
    /// against a list here (the server answers 405).
    package static func parse(_ bytes: ArraySlice<UInt8>, maxHeaderLines: Int = 100) -> Result<HTTPRequestHead, HTTPError> {
        guard bytes.count >= 4, bytes.suffix(4).elementsEqual(terminator) else {
            return .failure(HTTPError(status: 400, "the request head does not end with an empty line"))
        }
        // Every line ends with CR LF; the last CR LF (the empty line's) is left out.
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = start
        let end = bytes.endIndex - 2
        while index < end {
            switch bytes[index] {
            case 13:
                guard bytes[index + 1] == 10 else { return .failure(HTTPError(status: 400, "a CR without LF in the request head")) }
                lines.append(bytes[start..<index])
                index += 2
                start = index
            case 10:
                return .failure(HTTPError(status: 400, "a line of the request head ends with LF without CR"))
            default:
                index += 1
            }
        }
        guard let requestLine = lines.first else {
            return .failure(HTTPError(status: 400, "the request has no request line"))
        }
        guard lines.count - 1 <= maxHeaderLines else {
            return .failure(HTTPError(status: 431, "the request has more than \(maxHeaderLines) header lines"))
        }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            return .failure(HTTPError(status: 400, "malformed request line (expected: METHOD /path HTTP/1.1)"))
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            let shaped = parts[2].count == 8 && parts[2].starts(with: Array("HTTP/".utf8))
                && isDigit(parts[2][parts[2].startIndex + 5]) && parts[2][parts[2].startIndex + 6] == UInt8(ascii: ".")
                && isDigit(parts[2][parts[2].startIndex + 7])
            return .failure(
                shaped
                    ? HTTPError(status: 505, "only HTTP/1.1 and HTTP/1.0 are served")
                    : HTTPError(status: 400, "malformed request line (expected: METHOD /path HTTP/1.1)"))
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "#") }) else {
            return .failure(HTTPError(status: 400, "the request target must be a path beginning with / (no spaces, no fragment)"))
        }
        let questionMark = target.firstIndex(of: UInt8(ascii: "?"))
        guard let path = decodePath(target[..<(questionMark ?? target.endIndex)]) else {
            return .failure(HTTPError(status: 400, "the path has a bad percent escape, is not UTF-8 or holds a control character"))
        }
        var query: [String: String] = [:]
        if let questionMark {
            guard let decoded = decodeQuery(target[(questionMark + 1)...]) else {
                return .failure(HTTPError(status: 400, "the query has a bad percent escape or is not UTF-8"))
            }
            query = decoded
        }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HTTPError(status: 400, "a header line has no colon"))
            }
            let name = line[..<colon]
            // No space before the colon nor at the start (an obsolete folded line).
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(HTTPError(status: 400, "a header name is empty or holds a character not allowed in it"))
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
            while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
                return .failure(HTTPError(status: 400, "a header value holds a control character"))
            }
            headers.append((name: lowercased(String(decoding: name, as: UTF8.self)), value: String(decoding: value, as: UTF8.self)))
        }
        return .success(
            HTTPRequestHead(
                method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: target, as: UTF8.self),
                version: version, path: path, query: query, headers: headers))
    }

    /// The length of the body that follows this head, from `Content-Length` (0 without
    /// one). Fails with ``HTTPError`` 411 when the request has a `Transfer-Encoding`
    /// (chunked bodies are not read), 400 when `Content-Length` is not a number or is
    /// given twice with different numbers, 413 when it is over `limit` bytes.
    package func bodyLength(limit: Int) -> Result<Int, HTTPError> {
        guard headers(named: "transfer-encoding").isEmpty else {
            return .failure(HTTPError(status: 411, "a body with Transfer-Encoding (chunked) is not accepted: send Content-Length"))
        }
        // `Content-Length: 5, 5` (a list, or the field twice) is 5; different numbers are an error.
        let values = headers(named: "content-length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingSpacesAndTabs() }
        guard let first = values.first else { return .success(0) }
        guard !first.isEmpty, first.utf8.allSatisfy(Self.isDigit), values.allSatisfy({ $0 == first }) else {
            return .failure(HTTPError(status: 400, "Content-Length is not one number"))
        }
        let digits = first.drop { $0 == "0" }
        guard digits.count <= 18, let length = Int(digits.isEmpty ? "0" : digits), length <= limit else {
            return .failure(HTTPError(status: 413, "the body is over \(limit) bytes"))
        }
        return .success(length)
    }

    /// A path percent-decoded (`+` stays a plus), or `nil` when an escape is not `%`
    /// and two hex digits, the result is not UTF-8, or it holds a control character
    /// (U+0000–U+001F, U+007F).
    package static func decodePath(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let decoded = PercentEncoding.decoded(bytes, plusIsSpace: false), decoded.allSatisfy({ $0 >= 32 && $0 != 127 }) else {
            return nil
        }
        return utf8String(decoded)
    }

    /// A query (without its `?`) as names and values: pieces split at `&`, each at its
    /// first `=`, both sides percent-decoded with `+` as a space; empty pieces skipped;
    /// the first value of a repeated name kept. `nil` when an escape is bad or a name or
    /// value is not UTF-8.
    package static func decodeQuery(_ bytes: ArraySlice<UInt8>) -> [String: String]? {
        var query: [String: String] = [:]
        for piece in bytes.split(separator: UInt8(ascii: "&")) {
            let equals = piece.firstIndex(of: UInt8(ascii: "=")) ?? piece.endIndex
            let valueStart = equals == piece.endIndex ? equals : equals + 1
            guard let nameBytes = PercentEncoding.decoded(piece[..<equals], plusIsSpace: true),
                let valueBytes = PercentEncoding.decoded(piece[valueStart...], plusIsSpace: true),
                let name = utf8String(nameBytes), let value = utf8String(valueBytes)
            else { return nil }
            if query[name] == nil { query[name] = value }
        }
        return query
    }

    /// `bytes` as a string when they are valid UTF-8, else `nil` (`String(validating:)`
    /// needs macOS 15).
    private static func utf8String(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// An RFC 9110 `tchar`: what a method or a header name is made of.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// ASCII letters lowercased, nothing else changed (no locale, no Unicode folding).
    package static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate func trimmingSpacesAndTabs() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
