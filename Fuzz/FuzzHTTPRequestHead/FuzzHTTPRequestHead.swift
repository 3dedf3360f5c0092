import LoopbackHTTP
import FuzzDriver

/// The preview server's request-head parser on arbitrary bytes: where the head ends
/// (``HTTPRequestHead/length(in:from:)``, searched whole and from every few bytes as they
/// arrive), the parse, the checks before a handler, the body's length and the secret's
/// cookie. What a parse accepts must hold the promises the handler relies on; a crash,
/// a sanitizer report, a hang or a broken promise is a finding.
@_cdecl("FuzzHTTPRequestHead_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let secret = AccessSecret(value: String(repeating: "5a", count: 32), cookieValue: String(repeating: "c0", count: 32), port: 4000)
    return runFuzzer(argc, argv) { bytes in
        let all = bytes[...]
        let length = HTTPRequestHead.length(in: all)
        // Found as bytes arrive, a few at a time (the server's way), it ends at the same place.
        var arrived = 0
        var scanned = 0
        var incremental: Int?
        while incremental == nil, arrived < bytes.count {
            arrived = min(bytes.count, arrived + max(1, Int(bytes.first ?? 5) % 13))
            incremental = HTTPRequestHead.length(in: bytes[..<arrived], from: scanned)
            scanned = max(0, arrived - 3)
        }
        precondition(incremental == length, "the head's end depends on how the bytes arrived")
        if let length {
            precondition(length >= 4 && bytes[length - 4..<length].elementsEqual([13, 10, 13, 10]), "a head ends with CR LF CR LF")
            precondition(HTTPRequestHead.length(in: bytes[..<(length - 1)]) == nil, "a head ends at the first empty line")
        }
        let head = bytes[..<(length ?? bytes.count)]
        guard case .success(let parsed) = HTTPRequestHead.parse(head, maxHeaderLines: 100) else { return }
        precondition(!parsed.method.isEmpty && parsed.path.hasPrefix("/"), "a parsed head has a method and a path from /")
        precondition(parsed.path.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value != 127 }, "a path holds no control character")
        for (name, value) in parsed.headers {
            precondition(!name.isEmpty && name == HTTPRequestHead.lowercased(name), "header names are lowercased")
            precondition(!value.utf8.contains(13) && !value.utf8.contains(10), "a header value holds no line break")
        }
        if let refusal = LoopbackHTTPServer.refusal(of: parsed, port: 4000) {
            precondition([400, 403, 405].contains(refusal.status), "a refusal is 400, 403 or 405")
        }
        _ = parsed.bodyLength(limit: 65_536)
        _ = secret.isCarried(by: parsed)
    }
}
