/// One quoted source line and the marker line under it, the way a compiler shows
/// where a problem is:
///
/// ```
/// title: How is your call going?
///        ^~~
/// ```
///
/// Columns are 1-based and count Unicode scalars (as ``FlowDocument/SourceLocation``
/// does). For display, tabs are expanded to the next multiple of `tabWidth` cells,
/// unsafe scalars are shown as U+FFFD (``DisplayText``), and each scalar takes its
/// ``DisplayText/cellWidth(of:)``; the marker is computed with the same widths, so
/// the caret stands under the column however the line mixes tabs, wide characters
/// and combining marks. A line wider than `maxWidth` cells is cut to a window around
/// the column, with `…` where text was left out.
public struct SourceExcerpt: Sendable, Hashable {
    /// The line as shown.
    public let text: String
    /// Spaces up to the column, `^`, then `~` under the rest of the span.
    public let marker: String

    /// - Parameters:
    ///   - line: the source line, without its terminator.
    ///   - column: 1-based column of the start (clamped to just past the line's end).
    ///   - endColumn: 1-based, exclusive end column when the span ends on the same line;
    ///     the span is underlined with `~` after the caret. `nil` or not past `column`:
    ///     the caret alone.
    ///   - tabWidth: cells between tab stops (at least 1).
    ///   - maxWidth: the widest line shown before it is cut (at least 20 cells).
    /// - Complexity: O(length of `line`).
    public init(line: String, column: Int, endColumn: Int? = nil, tabWidth: Int = 4, maxWidth: Int = 120) {
        let tabWidth = max(1, tabWidth)
        let maxWidth = max(20, maxWidth)

        // Each scalar as displayed, with the cell where it starts.
        var pieces: [(text: String, start: Int, width: Int)] = []
        var cell = 0
        for scalar in line.unicodeScalars {
            if scalar == "\t" {
                let width = tabWidth - cell % tabWidth
                pieces.append((String(repeating: " ", count: width), cell, width))
                cell += width
            } else if DisplayText.isUnsafe(scalar) {
                pieces.append((String(Character(DisplayText.replacement)), cell, 1))
                cell += 1
            } else {
                let width = DisplayText.cellWidth(of: scalar)
                pieces.append((String(Character(scalar)), cell, width))
                cell += width
            }
        }
        let lineWidth = cell
        func startCell(ofIndex index: Int) -> Int {
            index < pieces.count ? pieces[index].start : lineWidth
        }

        let startIndex = min(max(column - 1, 0), pieces.count)
        let caretCell = startCell(ofIndex: startIndex)
        var spanEndCell = caretCell + 1
        if let endColumn, endColumn > column {
            let endIndex = min(max(endColumn - 1, startIndex), pieces.count)
            spanEndCell = max(caretCell + 1, startCell(ofIndex: endIndex))
        }

        // The window of cells shown: the whole line when it fits.
        var windowStart = 0
        var windowEnd = max(lineWidth, spanEndCell)
        if lineWidth > maxWidth {
            windowStart = max(0, caretCell - maxWidth / 3)
            windowEnd = windowStart + maxWidth
            if windowEnd > lineWidth {
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
        let shownFrom = firstShown ?? min(windowStart, lineWidth)
        let cutAtStart = shownFrom > 0
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
