import FlowSource

/// What `fmt` compares between a file and its text in the layout (``FlowFormatter``).
enum FormatCheck {
    /// How a scalar reads, whatever its style: its tag and text, and whether it is plain
    /// (then it could be read as another type than a string: a plain `yes`, `12`, `~`).
    private struct Reading {
        var tag: String
        var text: String
        var isPlain: Bool

        init(_ node: Node) {
            let scalar = node.scalar
            tag = scalar?.tag ?? ""
            text = scalar?.text ?? ""
            isPlain = scalar?.style == .plain
        }

        /// Whether both read as the same value: the same tag and text, and either both
        /// plain or both quoted, or a plain one that every reader reads as that string.
        func readsAs(_ other: Reading) -> Bool {
            tag == other.tag && text == other.text && (isPlain == other.isPlain || YAMLWriter.plainReadsAsString(text))
        }

        /// The order entries are matched in: by tag and text (a written order otherwise).
        func precedes(_ other: Reading) -> Bool {
            (tag, text) < (other.tag, other.text)
        }
    }

    /// Where `original` first reads otherwise than `formatted` (in `original`), or `nil`
    /// when both read as the same values. A mapping's entries are compared by key,
    /// whatever their order. Iterative; O(n log n) in the nodes, aliases expanded.
    static func firstDifference(_ original: Node, _ formatted: Node) -> SourcePosition? {
        var pending = [(original, formatted)]
        while let (left, right) = pending.popLast() {
            switch (left.kind, right.kind) {
            case (.scalar, .scalar):
                if !Reading(left).readsAs(Reading(right)) { return left.location }
            case (.sequence(let a), .sequence(let b)):
                guard left.tag == right.tag, a.count == b.count else { return left.location }
                pending.append(contentsOf: zip(a, b).map { ($0, $1) })
            case (.mapping(let a), .mapping(let b)):
                guard left.tag == right.tag, a.count == b.count else { return left.location }
                // Keys read once; sorted only when the orders differ (fmt reorders few mappings).
                let keysA = a.map { Reading($0.key) }
                let keysB = b.map { Reading($0.key) }
                var orderA = Array(keysA.indices)
                var orderB = Array(keysB.indices)
                if !zip(keysA, keysB).allSatisfy({ $0.tag == $1.tag && $0.text == $1.text }) {
                    orderA.sort { keysA[$0].precedes(keysA[$1]) || (!keysA[$1].precedes(keysA[$0]) && $0 < $1) }
                    orderB.sort { keysB[$0].precedes(keysB[$1]) || (!keysB[$1].precedes(keysB[$0]) && $0 < $1) }
                }
                for (x, y) in zip(orderA, orderB) {
                    guard a[x].key.scalar != nil, b[y].key.scalar != nil, keysA[x].readsAs(keysB[y]) else { return a[x].key.location }
                    pending.append((a[x].value, b[y].value))
                }
            default:
                return left.location
            }
        }
        return nil
    }

    /// The texts of `expected` that `actual` lacks, counted (a comment written twice
    /// must be there twice).
    static func missing(_ expected: [String], from actual: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for text in actual { counts[text, default: 0] += 1 }
        var missing: [String] = []
        for text in expected {
            if let count = counts[text], count > 0 { counts[text] = count - 1 } else { missing.append(text) }
        }
        return missing
    }

    /// The diagnostics without their places (`severity [code] message`), sorted: two
    /// texts report the same when these are equal. O(n log n).
    static func findings(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity) [\($0.code)] \($0.message)" }.sorted()
    }
}
