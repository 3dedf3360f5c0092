/// Percent-encoding of text for use inside a URL (RFC 3986 §2.1): the one encoder and
/// decoder of the package, used for the `${…}` values substituted into an `openURL`
/// template, the file URIs of the SARIF renderer and the language server, and the
/// preview server's request targets.
package enum PercentEncoding {
    /// `text` with every UTF-8 byte written `%XX` (uppercase hex, RFC 3986 §2.1) except
    /// the unreserved characters `A–Z a–z 0–9 - . _ ~` (§2.3) and the ASCII scalars in
    /// `kept` (e.g. `/` to keep a path's segments), which are written as they are.
    /// Non-ASCII text is encoded as its UTF-8 bytes: `é` → `%C3%A9`. O(length).
    package static func encoded(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = String.UnicodeScalarView()
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if isUnreserved(byte) || (byte < 0x80 && kept.contains(scalar)) {
                out.append(scalar)
            } else {
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(out)
    }

    /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `bytes` with each `%XY` (two hex digits, any case) replaced by the byte it
    /// stands for, and `+` by a space when `plusIsSpace`; `nil` for a `%` not followed
    /// by two hex digits.
    package static func decoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    return nil
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? 32 : byte)
                index += 1
            }
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
