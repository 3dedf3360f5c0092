import FlowCodeGeneration
import Testing

/// The literals the generated Swift writes a flow's text in.
@Suite("Swift literals")
struct SwiftLiteralTests {
    @Test(
        "a raw string's delimiter has one # more than the longest run of # after a quote or a backslash in the text",
        arguments: [
            (#"{"a": "b\n"}"#, "#"), (#"{"url": "https://x.io/#top"}"#, "#"), (##"{"tag": "#done"}"##, "##"),
            (###"{"tag": "##done", "b": "#"}"###, "###"), (##"{"a": "\#(x)"}"##, "##"), ("", "#"),
        ])
    func rawDelimiter(_ text: String, delimiter: String) {
        #expect(SwiftLiteral.rawDelimiter(for: text) == delimiter)
    }

    @Test("JSON holding \"# is written between ##\"\"\" and \"\"\"##, each line indented, without its last line break")
    func rawMultilineString() {
        let json = "{\n  \"tag\": \"#done\"\n}\n"
        #expect(SwiftLiteral.rawMultilineString(json, indent: "    ") == "##\"\"\"\n    {\n      \"tag\": \"#done\"\n    }\n    \"\"\"##")
    }

    @Test("a string literal escapes backslashes, quotes and control characters")
    func stringLiteral() {
        #expect(SwiftLiteral.string("rate-call") == #""rate-call""#)
        #expect(SwiftLiteral.string(#"a "b" \ c"#) == #""a \"b\" \\ c""#)
        #expect(SwiftLiteral.string("tab\there\nline\u{7}") == #""tab\there\nline\u{7}""#)
    }

    @Test("a doc comment's text stays on one line")
    func commentLine() {
        #expect(SwiftLiteral.commentLine("How is\nyour call?") == "How is your call?")
    }
}
