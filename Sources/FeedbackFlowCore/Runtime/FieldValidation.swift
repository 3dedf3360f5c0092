import FlowCompile
import FlowSource

/// The value checks of form fields: the `format` of a `textField` (`email`, `url`,
/// `phone`) and whether a `required` text is filled.
///
/// These are deliberately pragmatic, not full grammars: they catch typing mistakes and
/// keep obviously wrong values out of feedback submissions.
package enum FieldValidation {
    /// An email address, "RFC 5322-lite": exactly one `@`; a non-empty local part; a
    /// domain of dot-separated, non-empty labels with at least one dot; no whitespace or
    /// control characters anywhere. (Quoted local parts and IP-literal domains of
    /// RFC 5322 §3.4.1 are not accepted.) O(length).
    package static func isEmail(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: isSpaceOrControl) else { return false }
        // Split by scalars, not Characters: no grapheme breaking on a long value.
        let parts = text.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// An absolute `http` or `https` URL with a host (RFC 3986 §3: scheme, `//`,
    /// authority): e.g. `https://example.com/contact`. No whitespace or control
    /// characters. The scheme is case-insensitive (RFC 3986 §3.1). O(length).
    package static func isWebURL(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: isSpaceOrControl) else { return false }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("http://") {
            rest = text.dropFirst("http://".count)
        } else if lower.hasPrefix("https://") {
            rest = text.dropFirst("https://".count)
        } else {
            return false
        }
        // Authority ends at the first '/', '?' or '#' (RFC 3986 §3.2).
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Drop userinfo and port: host is between the last '@' and a trailing ':port'.
        var host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        if let colon = host.lastIndex(of: ":"), !host.hasPrefix("[") {
            host = host[..<colon]
        }
        return !host.isEmpty
    }

    /// A phone number: only digits, spaces, `+`, `-`, `(` and `)`, with at least five
    /// digits (e.g. `+44 (20) 7946-0958`). O(length).
    package static func isPhone(_ text: String) -> Bool {
        var digits = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": digits += 1
            case " ", "+", "-", "(", ")": continue
            default: return false
            }
        }
        return digits >= 5
    }

    /// Whether `text` has something other than whitespace: how "filled" is decided for a
    /// `required` text field.
    package static func isFilled(_ text: String) -> Bool {
        text.unicodeScalars.contains { !isWhitespace($0) }
    }

    /// Unicode `White_Space` (UCD PropList), answered without a property lookup for
    /// ASCII (U+0009–U+000D and U+0020): a form value is checked on every snapshot, and
    /// the lookup dominated the time for a value of megabytes.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x09...0x0D).contains(scalar.value) || scalar.value == 0x20 }
        return scalar.properties.isWhitespace
    }

    /// The problem with a non-empty `text` for `format`, or `nil` when it fits (the empty
    /// text always fits; `required` is checked separately).
    package static func problem(_ text: String, format: TextFormat) -> String? {
        guard !text.isEmpty else { return nil }
        switch format {
        case .text:
            return nil
        case .email:
            return isEmail(text) ? nil : "not a valid email address (expected name@example.com)"
        case .url:
            return isWebURL(text) ? nil : "not a valid URL (expected http:// or https:// and a host)"
        case .phone:
            return isPhone(text)
                ? nil : "not a valid phone number (digits, spaces, + - ( ), at least 5 digits)"
        }
    }

    private static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII: the C0 controls, space and DEL are the only whitespace or control scalars.
        if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }
}
