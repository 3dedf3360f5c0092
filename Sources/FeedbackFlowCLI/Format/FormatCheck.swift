import FlowSource

/// What `fmt` compares between a file and its text in the layout (``FlowFormatter``).
enum FormatCheck {
    /// How a scalar reads, whatever its style: its tag and text, and whether it could be
    /// read as another type than a string (a plain `yes`, `12`, `~`).
    private struct Reading: Hashable, Comparable {
        var tag: String
        var text: String
        var isTyped: Bool

        init(_ node: Node) {
            let scalar = node.scalar
            tag = scalar?.tag ?? ""
            text = scalar?.text ?? ""
            isTyped = scalar?.style == .plain && !YAMLWriter.plainReadsAsString(text)
        }

        static func < (lhs: Reading, rhs: Reading) -> Bool {
            (lhs.tag, lhs.text, lhs.isTyped ? 1 : 0) < (rhs.tag, rhs.text, rhs.isTyped ? 1 : 0)
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
                if Reading(left) != Reading(right) { return left.location }
            case (.sequence(let a), .sequence(let b)):
                guard left.tag == right.tag, a.count == b.count else { return left.location }
                pending.append(contentsOf: zip(a, b).map { ($0, $1) })
            case (.mapping(let a), .mapping(let b)):
                guard left.tag == right.tag, a.count == b.count else { return left.location }
                let sortedA = a.enumerated().sorted { (Reading($0.element.key), $0.offset) < (Reading($1.element.key), $1.offset) }
                let sortedB = b.enumerated().sorted { (Reading($0.element.key), $0.offset) < (Reading($1.element.key), $1.offset) }
                for (x, y) in zip(sortedA, sortedB) {
                    guard x.element.key.scalar != nil, y.element.key.scalar != nil, Reading(x.element.key) == Reading(y.element.key) else {
                        return x.element.key.location
                    }
                    pending.append((x.element.value, y.element.value))
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

    /// One diagnostic without its place.
    struct Finding: Hashable {
        var code: String
        var severity: Severity
        var message: String
    }

    /// The diagnostics without their places, counted.
    static func findings(_ diagnostics: [Diagnostic]) -> Set<CountedFinding> {
        var counts: [Finding: Int] = [:]
        for diagnostic in diagnostics {
            counts[Finding(code: diagnostic.code, severity: diagnostic.severity, message: diagnostic.message), default: 0] += 1
        }
        return Set(counts.map { CountedFinding(finding: $0.key, count: $0.value) })
    }

    /// A finding and how many times it is reported.
    struct CountedFinding: Hashable {
        var finding: Finding
        var count: Int
        var code: String { finding.code }
        var message: String { finding.message }
    }
}
