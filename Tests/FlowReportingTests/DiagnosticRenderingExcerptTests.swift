import Testing
@testable import FlowReporting

/// Expected markers are counted by hand: columns are Unicode scalars, tabs stop every
/// 4 cells, CJK ideographs take 2 cells, combining marks 0.
@Suite("Source excerpt: the quoted line and its caret")
struct DiagnosticRenderingExcerptTests {
    @Test("caret stands under the column and ~ underlines the rest of a one-line span")
    func caretAndUnderline() {
        let excerpt = SourceExcerpt(line: "titel: Hello", column: 1, endColumn: 6)
        #expect(excerpt.text == "titel: Hello")
        #expect(excerpt.marker == "^~~~~")
        let value = SourceExcerpt(line: "titel: Hello", column: 8, endColumn: 13)
        #expect(value.marker == "       ^~~~~")
    }

    @Test("a span without an end on the line gets the caret alone")
    func caretOnly() {
        #expect(SourceExcerpt(line: "abc", column: 2).marker == " ^")
        #expect(SourceExcerpt(line: "abc", column: 2, endColumn: 2).marker == " ^")
    }

    @Test("a leading tab expands to the tab stop in the line and the marker alike")
    func leadingTab() {
        let excerpt = SourceExcerpt(line: "\tkey: x", column: 2, endColumn: 5, tabWidth: 4)
        #expect(excerpt.text == "    key: x")
        #expect(excerpt.marker == "    ^~~")
    }

    @Test("a tab in the middle of a line expands only to the next stop")
    func middleTab() {
        // 'a' is cell 0, the tab fills cells 1–3, 'b' is cell 4.
        let excerpt = SourceExcerpt(line: "a\tb", column: 3, tabWidth: 4)
        #expect(excerpt.text == "a   b")
        #expect(excerpt.marker == "    ^")
        let eight = SourceExcerpt(line: "a\tb", column: 3, tabWidth: 8)
        #expect(eight.marker == "        ^")
    }

    @Test("a tab inside the span widens the underline by its cells")
    func tabInsideSpan() {
        // "x\ty": x cell 0, tab cells 1–3, y cell 4; span columns 1..<4 covers all three.
        let excerpt = SourceExcerpt(line: "x\ty", column: 1, endColumn: 4, tabWidth: 4)
        #expect(excerpt.marker == "^~~~~")
    }

    @Test("wide CJK characters take two cells each")
    func wideCharacters() {
        // t : space 日 本 語 space x → x is column 8, cell 10.
        let line = "t: 日本語 x"
        #expect(SourceExcerpt(line: line, column: 8).marker == String(repeating: " ", count: 10) + "^")
        // 日本語 is columns 4..<7, cells 3..<9: a caret and five tildes.
        #expect(SourceExcerpt(line: line, column: 4, endColumn: 7).marker == "   ^" + String(repeating: "~", count: 5))
    }

    @Test("a combining mark counts as a column but takes no cell")
    func combiningMark() {
        // e U+0301 t o i l e : space x → x is column 10, cell 8.
        let line = "e\u{301}toile: x"
        #expect(SourceExcerpt(line: line, column: 10).marker == String(repeating: " ", count: 8) + "^")
    }

    @Test("a precomposed letter is one column and one cell")
    func precomposed() {
        #expect(SourceExcerpt(line: "é: x", column: 4).marker == "   ^")
    }

    @Test("a column just past the end points after the last character")
    func pastTheEnd() {
        #expect(SourceExcerpt(line: "abc", column: 4).marker == "   ^")
        #expect(SourceExcerpt(line: "abc", column: 99).marker == "   ^")
        #expect(SourceExcerpt(line: "", column: 1).marker == "^")
    }

    @Test("control characters and bidi overrides are shown as U+FFFD, never raw")
    func unsafeCharacters() {
        let excerpt = SourceExcerpt(line: "a\u{1B}[31mb\u{202E}c", column: 8)
        #expect(excerpt.text == "a\u{FFFD}[31mb\u{FFFD}c")
        #expect(!excerpt.text.unicodeScalars.contains("\u{1B}"))
        #expect(excerpt.marker == "       ^")
    }

    @Test("a line wider than the limit is cut around the column with ellipses")
    func longLine() {
        // 300 scalars, X at column 200 (cell 199). Window starts 120/3 = 40 cells before
        // it (cell 159) and is 120 cells wide (cells 159..<279).
        var line = String(repeating: "a", count: 199) + "X" + String(repeating: "b", count: 100)
        let excerpt = SourceExcerpt(line: line, column: 200, endColumn: 201, maxWidth: 120)
        let expected = "…" + String(repeating: "a", count: 40) + "X" + String(repeating: "b", count: 79) + "…"
        #expect(excerpt.text == expected)
        #expect(excerpt.marker == String(repeating: " ", count: 41) + "^")
        // Near the start the window begins at the line's start: no leading ellipsis.
        line = "X" + String(repeating: "b", count: 299)
        let start = SourceExcerpt(line: line, column: 1, maxWidth: 120)
        #expect(start.text == "X" + String(repeating: "b", count: 119) + "…")
        #expect(start.marker == "^")
    }

    @Test("an underline running past a cut end stops under the ellipsis")
    func underlineClippedAtCut() {
        let line = String(repeating: "a", count: 300)
        let excerpt = SourceExcerpt(line: line, column: 1, endColumn: 301, maxWidth: 20)
        #expect(excerpt.text == String(repeating: "a", count: 20) + "…")
        #expect(excerpt.marker == "^" + String(repeating: "~", count: 20))
    }
    @Test("an emoji with a skin-tone modifier is 2 cells, not 4: the caret after it stands under its column")
    func skinToneEmoji() {
        // "👍🏽 x": 👍 column 1, 🏽 column 2, space column 3 (cell 2), x column 4 (cell 3).
        let line = "\u{1F44D}\u{1F3FD} x"
        #expect(SourceExcerpt(line: line, column: 4).marker == "   ^")
        // The two scalars of the emoji, columns 1..<3, are its 2 cells.
        #expect(SourceExcerpt(line: line, column: 1, endColumn: 3).marker == "^~")
    }

    @Test("a ZWJ family emoji is 2 cells, not 6; a flag is 2 cells")
    func zwjAndFlag() {
        // 👨 ZWJ 👩 ZWJ 👧 is columns 1–5 (cells 0–1); space column 6; x column 7, cell 3.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} x"
        #expect(SourceExcerpt(line: family, column: 7).marker == "   ^")
        // 🇫🇷 is columns 1–2 (cells 0–1); x column 4, cell 3.
        #expect(SourceExcerpt(line: "\u{1F1EB}\u{1F1F7} x", column: 4).marker == "   ^")
    }

    @Test("an emoji made so by U+FE0F is 2 cells; a span that ends inside it underlines the whole glyph")
    func variationSelectorEmoji() {
        // ❤️ is U+2764 U+FE0F: columns 1–2, cells 0–1; space column 3; x column 4, cell 3.
        let line = "\u{2764}\u{FE0F} x"
        #expect(SourceExcerpt(line: line, column: 4).marker == "   ^")
        // Columns 1..<2 hold U+2764 without its selector; the glyph is one, 2 cells.
        #expect(SourceExcerpt(line: line, column: 1, endColumn: 2).marker == "^~")
    }

    @Test("bidi marks in a quoted line are shown as U+FFFD, one cell each")
    func bidiMarksInExcerpt() {
        let excerpt = SourceExcerpt(line: "a\u{200F}b\u{061C}c x", column: 7)
        #expect(excerpt.text == "a\u{FFFD}b\u{FFFD}c x")
        #expect(excerpt.marker == "      ^")
    }
}
