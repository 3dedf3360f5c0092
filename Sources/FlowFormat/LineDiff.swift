/// A line diff of two texts in the unified format `diff -u` and `git diff` write (hunks
/// `@@ -a,b +c,d @@` with three lines of context), found by Myers' O((N+M)·D) algorithm
/// ("An O(ND) Difference Algorithm and Its Variations", 1986), D the number of lines
/// removed and added. Used by `fmt --diff`.
package enum LineDiff {
    fileprivate enum Edit: Equatable {
        case same(Int, Int), removed(Int), added(Int)
    }

    /// The unified diff from `old` to `new`, headed `--- oldName` and `+++ newName`; empty
    /// when the texts are equal. Lines are split at `\n`.
    package static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        let edits = script(a, b)
        // Where each edit starts in the old and the new text.
        var positions: [(old: Int, new: Int)] = []
        var cursor = (old: 0, new: 0)
        for edit in edits {
            positions.append(cursor)
            switch edit {
            case .same: cursor = (cursor.old + 1, cursor.new + 1)
            case .removed: cursor.old += 1
            case .added: cursor.new += 1
            }
        }
        // Names as GNU diff writes them in a UTF-8 locale: with a control character, `"` or
        // `\`, in C-style quotes (`\n`, `\r`, `\t`, …, else octal), which GNU patch reads;
        // with a space, ended by a tab, as diff writes it before a date (patch reads the
        // name up to it); others as they are.
        func header(_ name: String) -> String {
            guard name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return name.contains(" ") ? name + "\t" : name
            }
            var quoted = "\""
            for scalar in name.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\u{07}": quoted += "\\a"
                case "\u{08}": quoted += "\\b"
                case "\t": quoted += "\\t"
                case "\n": quoted += "\\n"
                case "\u{0B}": quoted += "\\v"
                case "\u{0C}": quoted += "\\f"
                case "\r": quoted += "\\r"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    let octal = String(scalar.value, radix: 8)
                    quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "\""
        }
        var out = "--- \(header(oldName))\n+++ \(header(newName))\n"
        // Hunks: runs of changes with up to `context` equal lines around them, merged when close.
        var index = 0
        while let change = edits[index...].firstIndex(where: { $0.isChange }) {
            let start = max(index, change - context)
            var end = change
            var sameRun = 0
            var scan = change
            while scan < edits.count {
                if edits[scan].isChange {
                    sameRun = 0
                    end = scan
                } else {
                    sameRun += 1
                    if sameRun > 2 * context { break }
                }
                scan += 1
            }
            let stop = min(edits.count, end + context + 1)
            let hunk = edits[start..<stop]
            let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
            let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
            out += "@@ -\(range(positions[start].old, oldCount)) +\(range(positions[start].new, newCount)) @@\n"
            for edit in hunk {
                switch edit {
                case .same(let i, _): out += written(" ", a[i])
                case .removed(let i): out += written("-", a[i])
                case .added(let j): out += written("+", b[j])
                }
            }
            index = stop
            if index >= edits.count { break }
        }
        return out
    }

    /// The 0-based index of the first line of `old` (or `new`) that differs, or `nil` when
    /// the texts' lines are the same.
    package static func firstDifferingLine(old: String, new: String) -> Int? {
        let a = lines(old)
        let b = lines(new)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || !same(a[index], b[index]) {
            return index
        }
        return nil
    }

    /// The lines of `text`, each with its LF (a CR before it is the line's: a CRLF file
    /// differs from its LF layout on every line); the last has none when the text does
    /// not end with one, so a missing final line break is a difference.
    package static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == 10 {
            let end = text.utf8.index(after: index)
            lines.append(Substring(text.utf8[start..<end]))
            start = end
        }
        if start != text.utf8.endIndex { lines.append(Substring(text.utf8[start...])) }
        return lines
    }

    /// Whether two lines are the same bytes (`==` on strings would take canonically
    /// equivalent lines for the same).
    private static func same(_ a: Substring, _ b: Substring) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    /// A line of a hunk: its mark, its text, and diff's note when it has no line break.
    private static func written(_ mark: String, _ line: Substring) -> String {
        line.utf8.last == 10 ? mark + line : mark + line + "\n\\ No newline at end of file\n"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // `diff -u` writes an empty range as the line before it, and a one-line range without its count.
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// The shortest edit script from `a` to `b` (Myers) after the common first and last
    /// lines, as kept, removed and added lines in order. Past `limit` changes the middle
    /// is given as all removed, then all added: a diff, not the shortest one, in bounded
    /// memory (the frontiers kept for the way back: O(limit²) integers, 32 MB at 2,000).
    private static func script(_ a: [Substring], _ b: [Substring], limit: Int = 2_000) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, same(a[prefix], b[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, same(a[a.count - 1 - suffix], b[b.count - 1 - suffix]) { suffix += 1 }
        let x0 = Array(a[prefix..<(a.count - suffix)])
        let y0 = Array(b[prefix..<(b.count - suffix)])
        var edits = (0..<prefix).map { Edit.same($0, $0) }
        edits += middle(x0, y0, limit: limit).map { edit in
            switch edit {
            case .same(let i, let j): .same(i + prefix, j + prefix)
            case .removed(let i): .removed(i + prefix)
            case .added(let j): .added(j + prefix)
            }
        }
        edits += (0..<suffix).map { Edit.same(a.count - suffix + $0, b.count - suffix + $0) }
        return edits
    }

    private static func middle(_ a: [Substring], _ b: [Substring], limit: Int) -> [Edit] {
        let n = a.count
        let m = b.count
        let maxD = min(n + m, limit)
        let off = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        // trace[d] holds v for k in -d-1...d+1 after step d (index k + d + 1).
        var trace: [[Int]] = []
        var reached = false
        search: for d in 0...maxD {
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1
                var y = x - k
                while x < n, y < m, same(a[x], b[y]) {
                    x += 1
                    y += 1
                }
                v[off + k] = x
                if x >= n, y >= m {
                    reached = true
                    trace.append(Array(v[(off - d - 1)...(off + d + 1)]))
                    break search
                }
            }
            trace.append(Array(v[(off - d - 1)...(off + d + 1)]))
        }
        guard reached else { return (0..<n).map { Edit.removed($0) } + (0..<m).map { Edit.added($0) } }
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 1, by: -1) {
            let previous = trace[d - 1]
            let k = x - y
            let down = k == -d || (k != d && previous[k - 1 + d] < previous[k + 1 + d])
            let previousK = down ? k + 1 : k - 1
            let previousX = previous[previousK + d]
            let previousY = previousX - previousK
            let snakeStart = down ? previousX : previousX + 1
            while x > snakeStart {
                x -= 1
                y -= 1
                edits.append(.same(x, y))
            }
            edits.append(down ? .added(previousY) : .removed(previousX))
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(.same(x, y))
        }
        return edits.reversed()
    }
}

extension LineDiff.Edit {
    fileprivate var isChange: Bool {
        if case .same = self { false } else { true }
    }
}
