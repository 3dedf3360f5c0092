import FlowSource

/// Escaping of text for XML 1.0 documents (W3C XML 1.0 §2.2 Characters, §2.4
/// Character Data, §3.3.3 Attribute-Value Normalization), and for HTML documents, whose
/// text and double-quoted attribute values take the same references (HTML Living Standard
/// §13.1.2.6, §13.1.4).
package enum XMLText {
    /// Character data: `&`, `<`, `>` escaped; characters XML 1.0 forbids (C0 controls
    /// other than tab, LF, CR; U+FFFE, U+FFFF) shown as U+FFFD. O(length).
    package static func escaped(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// An attribute value for `"…"`: also `"` and `'`, and tab, LF and CR as character
    /// references so that attribute-value normalization keeps them.
    package static func escapedAttribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"" where inAttribute: "&quot;"
            case "'" where inAttribute: "&apos;"
            case "\t" where inAttribute: "&#9;"
            case "\n" where inAttribute: "&#10;"
            case "\r": "&#13;"
            case "\t", "\n": nil
            default: scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : nil
            }
        }
    }
}
