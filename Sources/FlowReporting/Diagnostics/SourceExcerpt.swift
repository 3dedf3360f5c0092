import FlowSource

/// One quoted source line and the marker line under it, the way a compiler shows
/// where a problem is:
///
/// ```
/// title: How is your call going?
///        ^~~
/// ```
///
/// Columns are 1-based and count Unicode scalars (as ``SourcePosition``
/// does). For display, tabs are expanded to the next multiple of `tabWidth` cells,
/// unsafe scalars are shown as U+FFFD (``DisplayText``), and each grapheme cluster
/// takes its ``DisplayText`` cell width (an emoji sequence such as `👍🏽` or `👨‍👩‍👧` is
/// one 2-cell glyph, not one glyph per scalar); the marker is computed with the same
/// widths, so the caret stands under the column however the line mixes tabs, wide
/// characters, emoji and combining marks. A column inside a cluster points at the
/// cluster. A line wider than `maxWidth` cells (120 by default) is cut to a window of
/// `maxWidth` cells around the column (starting a third of the width before it), with
/// `…` where text was left out.
///
/// The text given may itself be a cut of a longer line (``SourceLines/window(line:column:endColumn:radius:)``,
/// which ``TextDiagnosticRenderer`` uses for lines longer than
/// ``SourceLines/wholeLineLimit`` bytes): `clippedStart` and `clippedEnd` say that the
/// line goes on, so the excerpt is cut there too and shows `…`. Then tab stops count
/// from the start of the text given, not of the line (the window is shown after `…`,
/// so its cells cannot line up with the line's anyway).
package struct SourceExcerpt: Sendable, Hashable {
    /// The line as shown.
    package let text: String
    /// Spaces up to the column, `^`, then `~` under the rest of the span.
    package let marker: String

    /// - Parameters:
    ///   - line: the source line, without its terminator.
    ///   - column: 1-based column of the start (clamped to just past the line's end).
    ///   - endColumn: 1-based, exclusive end column when the span ends on the same line;
    ///     the span is underlined with `~` after the caret. `nil` or not past `column`:
    ///     the caret alone.
    ///   - tabWidth: cells between tab stops (at least 1).
    ///   - maxWidth: the widest line shown before it is cut (at least 20 cells).
    ///   - clippedStart: whether `line` is a cut whose line goes on before it (default `false`).
    ///   - clippedEnd: whether `line` is a cut whose line goes on after it (default `false`).
    /// - Complexity: O(length of `line`).
    package init(
        line: String, column: Int, endColumn: Int? = nil, tabWidth: Int = 4, maxWidth: Int = 120,
        clippedStart: Bool = false, clippedEnd: Bool = false
    ) {
        let tabWidth = max(1, tabWidth)
        let maxWidth = max(20, maxWidth)

        // Each grapheme cluster as displayed, with the cell where it starts and the
        // scalars (columns) it covers; a tab or an unsafe scalar is a piece of its own.
        var pieces: [(text: Substring, start: Int, width: Int)] = []
        var pieceOfScalar: [Int] = []
        pieces.reserveCapacity(line.utf8.count)
        pieceOfScalar.reserveCapacity(line.utf8.count)
        var cell = 0
        func add(_ text: Substring, width: Int, scalars: Int) {
            for _ in 0..<scalars { pieceOfScalar.append(pieces.count) }
            pieces.append((text, cell, width))
            cell += width
        }
        var index = line.startIndex
        for character in line {
            let next = line.index(after: index)
            defer { index = next }
            let scalars = character.unicodeScalars
            guard scalars.contains(where: { $0 == "\t" || DisplayText.isUnsafe($0) }) else {
                add(line[index..<next], width: DisplayText.cellWidth(of: character), scalars: scalars.count)
                continue
            }
            for scalar in scalars {
                if scalar == "\t" {
                    let width = tabWidth - cell % tabWidth
                    add(Substring(String(repeating: " ", count: width)), width: width, scalars: 1)
                } else if DisplayText.isUnsafe(scalar) {
                    add(Substring(String(Character(DisplayText.replacement))), width: 1, scalars: 1)
                } else {
                    add(Substring(String(Character(scalar))), width: DisplayText.cellWidth(of: scalar), scalars: 1)
                }
            }
        }
        let lineWidth = cell
        let scalarCount = pieceOfScalar.count
        /// The cell where the piece holding 0-based scalar `index` starts.
        func startCell(ofScalar index: Int) -> Int {
            index < scalarCount ? pieces[pieceOfScalar[index]].start : lineWidth
        }
        /// The cell just past a span ending before scalar `index`: a span cannot end
        /// inside a cluster, so one that does covers the whole cluster.
        func endCell(beforeScalar index: Int) -> Int {
            guard index < scalarCount else { return lineWidth }
            let piece = pieceOfScalar[index]
            let startsPiece = index == 0 || pieceOfScalar[index - 1] != piece
            return startsPiece ? pieces[piece].start : pieces[piece].start + pieces[piece].width
        }

        let startIndex = min(max(column - 1, 0), scalarCount)
        let caretCell = startCell(ofScalar: startIndex)
        var spanEndCell = caretCell + 1
        if let endColumn, endColumn > column {
            let endIndex = min(max(endColumn - 1, startIndex), scalarCount)
            spanEndCell = max(caretCell + 1, endCell(beforeScalar: endIndex))
        }

        // The window of cells shown: the whole line when it fits.
        var windowStart = 0
        var windowEnd = max(lineWidth, spanEndCell)
        if lineWidth > maxWidth || clippedStart || clippedEnd {
            windowStart = max(0, caretCell - maxWidth / 3)
            windowEnd = windowStart + maxWidth
            if windowEnd > lineWidth, !clippedEnd {
                windowEnd = lineWidth
                windowStart = max(0, windowEnd - maxWidth)
            }
        }

        var text = ""
        var firstShown: Int?
        var lastShownEnd = windowStart
        var cutAtEnd = false
        for piece in pieces {
            if piece.start < windowStart { continue }
            if piece.start + piece.width > windowEnd {
                cutAtEnd = true
                break
            }
            if firstShown == nil { firstShown = piece.start }
            text += piece.text
            lastShownEnd = piece.start + piece.width
        }
        // Text after the last piece given is text left out, too.
        if clippedEnd { cutAtEnd = true }
        let shownFrom = firstShown ?? min(windowStart, lineWidth)
        let cutAtStart = shownFrom > 0 || clippedStart
        if cutAtStart { text = "…" + text }
        if cutAtEnd { text += "…" }

        let lead = (cutAtStart ? 1 : 0) + max(0, caretCell - shownFrom)
        // Past a cut end the underline stops under the `…`.
        let shownEnd = cutAtEnd ? lastShownEnd + 1 : spanEndCell
        let underline = max(0, min(spanEndCell, shownEnd) - caretCell - 1)
        self.text = text
        self.marker = String(repeating: " ", count: lead) + "^" + String(repeating: "~", count: underline)
    }
}
