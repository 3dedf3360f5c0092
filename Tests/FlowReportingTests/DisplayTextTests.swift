#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowSource
import Testing
@testable import FlowReporting

/// The shared terminal sanitizer and the cell widths of grapheme clusters. Expected
/// widths come from UTS #51 (an emoji sequence is one emoji) and UAX #11 (East Asian
/// Wide is 2 cells), counted by hand.
@Suite("Display text: sanitizing and cell widths")
struct DisplayTextTests {
    @Test("bidirectional formatting characters are unsafe: embeddings, overrides, isolates, LRM, RLM, ALM",
          arguments: [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C] as [UInt32])
    func bidiIsUnsafe(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(DisplayText.isUnsafe(scalar))
        #expect(DisplayText.sanitized("a\(Character(scalar))b") == "a\u{FFFD}b")
        #expect(DisplayText.sanitized("a\(Character(scalar))b", keepingLineBreaks: true) == "a\u{FFFD}b")
    }

    @Test("one-line text: tab becomes a space, line feed is unsafe; multi-line text keeps both")
    func lineBreakModes() {
        #expect(DisplayText.sanitized("a\tb\nc\u{1B}") == "a b\u{FFFD}c\u{FFFD}")
        #expect(DisplayText.sanitized("a\tb\nc\u{1B}", keepingLineBreaks: true) == "a\tb\nc\u{FFFD}")
        // Letters of right-to-left scripts are text, not controls.
        #expect(DisplayText.sanitized("שלום مرحبا") == "שלום مرحبا")
    }

    @Test("an emoji sequence is one 2-cell glyph", arguments: [
        "👍",  // default emoji presentation
        "👍🏽",  // + skin-tone modifier
        "👨\u{200D}👩\u{200D}👧",  // ZWJ sequence
        "🇫🇷",  // regional-indicator pair
        "\u{2764}\u{FE0F}",  // text-default heart made emoji by VS16
        "1\u{FE0F}\u{20E3}",  // keycap
    ])
    func emojiWidth(_ text: String) throws {
        let cluster = try #require(text.count == 1 ? text.first : nil, "one grapheme cluster")
        #expect(DisplayText.cellWidth(of: cluster) == 2)
    }

    @Test("other clusters: combining marks add nothing, wide characters take 2", arguments: [
        ("e\u{301}", 1), ("a", 1), ("日", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("1", 1), ("\u{2764}", 1),
    ] as [(String, Int)])
    func otherWidths(_ text: String, _ width: Int) throws {
        let cluster = try #require(text.count == 1 ? text.first : nil, "one grapheme cluster")
        #expect(DisplayText.cellWidth(of: cluster) == width)
    }

    @Test("a failed write is remembered and later writes are dropped (/dev/full: ENOSPC)")
    func fileDescriptorWriterFailure() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0, "/dev/full is needed")
        defer { close(fd) }
        let writer = FileDescriptorWriter(fileDescriptor: fd)
        #expect(writer.failure == nil)
        writer.write("hello\n")
        #expect(writer.failure == WriteFailure(code: ENOSPC))
        #expect(writer.failure?.isClosed == false)
        writer.write("more\n")
        #expect(writer.failure == WriteFailure(code: ENOSPC))
    }
}
