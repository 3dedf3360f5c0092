import FlowSource
import Testing

/// Typing of YAML scalars is driven by the expected type (YAML 1.2 core schema §10.3.2,
/// narrowed so that only plain `true`/`false` are booleans).
@Suite("YAML value typing")
struct YAMLValueTypingTests {
    let root: Node

    init() throws {
        let document = Fixtures.load("values.yaml")
        #expect(document.diagnostics.isEmpty)
        root = try #require(document.root)
    }

    @Test("strings that other YAML loaders would coerce stay the text as written")
    func coercibleStringsStayText() {
        #expect(root["no"]?.string == "NO")
        #expect(root["on"]?.string == "on")
        #expect(root["mode"]?.string == "0755")
        #expect(root["time"]?.string == "12:30")
        #expect(root["date"]?.string == "2024-05-01")
        #expect(root["no"]?.bool == nil)
        #expect(root["on"]?.bool == nil)
        #expect(root["capital"]?.bool == nil)
        #expect(root["capital"]?.string == "True")
        #expect(root["time"]?.integer == nil)
    }

    @Test("only plain true and false are booleans")
    func booleans() {
        #expect(root["yes_bool"]?.bool == true)
        #expect(root["no_bool"]?.bool == false)
        #expect(root["yes_bool"]?.kindDescription == "a boolean")
    }

    @Test("~, null and an empty value are null; a quoted null is the string null")
    func nulls() {
        #expect(root["tilde"]?.isNull == true)
        #expect(root["empty"]?.isNull == true)
        #expect(root["null_word"]?.isNull == true)
        #expect(root["tilde"]?.string == nil)
        #expect(root["quoted_null"]?.isNull == false)
        #expect(root["quoted_null"]?.string == "null")
        #expect(root["single_null"]?.string == "null")
        #expect(root["empty"]?.kindDescription == "null")
    }

    @Test("numbers keep their exact text and are never rounded")
    func numbers() {
        #expect(root["int"]?.integer == 42)
        #expect(root["negative"]?.integer == -17)
        #expect(root["hex"]?.integer == 31)
        #expect(root["mode"]?.integer == 755)
        #expect(root["float"]?.number == "3.14159265358979323846264338327950288")
        #expect(root["float"]?.integer == nil)
        #expect(root["big"]?.integer == nil)
        #expect(root["big"]?.number == "123456789012345678901234567890")
    }

    @Test("scalar styles come from the event: plain, single, double, literal, folded")
    func styles() {
        func style(_ key: String) -> ScalarStyle? {
            guard case .scalar(_, let style)? = root[key]?.kind else { return nil }
            return style
        }
        #expect(style("int") == .plain)
        #expect(style("single") == .singleQuoted)
        #expect(style("double") == .doubleQuoted)
        #expect(style("literal") == .literal)
        #expect(style("folded") == .folded)
        #expect(root["single"]?.string == "it's")
        #expect(root["double"]?.string == "tab\there \u{e9}")
        #expect(root["literal"]?.string == "line one\nline two\n")
        #expect(root["folded"]?.string == "folded text\n")
    }

    @Test("explicit tags are kept in full form; !!str makes 42 a string")
    func tags() {
        #expect(root["tagged"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["tagged"]?.string == "42")
        #expect(root["tagged"]?.integer == nil)
        #expect(root["tagged"]?.kindDescription == "a string")
        #expect(root["custom"]?.tag == "!thing")
        #expect(root["int"]?.tag == nil)
    }

    @Test("mapping entries keep source order")
    func order() {
        #expect(root.mapping?.prefix(3).map(\.keyText) == ["no", "on", "mode"])
        #expect(root.mapping?.count == 24)
    }

    @Test("integers follow the core schema's forms exactly: one sign only before decimal digits, none after 0o or 0x",
          arguments: [("+-5", nil), ("-+5", nil), ("0o-7", nil), ("0x+1f", nil), ("0o", nil), ("0x", nil), ("+", nil),
                      ("+5", 5), ("-0", 0), ("0o17", 15), ("0x1F", 31), ("007", 7), ("0o8", nil), ("1a", nil),
                      // The ends of a 64-bit Int, and one past them (never rounded, never wrapped).
                      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
                      ("9223372036854775808", nil), ("-9223372036854775809", nil),
                      ("0x7fffffffffffffff", Int.max), ("0x8000000000000000", nil)] as [(String, Int?)])
    func integerForms(text: String, value: Int?) {
        // YAML 1.2.2 §10.3.2: [-+]? [0-9]+ | 0o [0-7]+ | 0x [0-9a-fA-F]+
        #expect(Scalar(text: text, style: .plain).integer == value)
    }

    @Test("an octal or hexadecimal integer is a number in decimal; other numbers keep their text")
    func numberText() {
        #expect(Scalar(text: "0x1F", style: .plain).number == "31")
        #expect(Scalar(text: "0o17", style: .plain).number == "15")
        #expect(Scalar(text: "12.50", style: .plain).number == "12.50")
        #expect(Scalar(text: "+-5", style: .plain).number == nil)
    }
}
