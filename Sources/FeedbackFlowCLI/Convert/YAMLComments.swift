import FlowSource

/// The comments of a YAML file, found from its node tree: a `#` at a line's start or after
/// a blank that no scalar holds. What `convert` warns it cannot write in JSON.
/// O(bytes + scalars).
enum YAMLComments {
    /// Where the first comment starts (byte offset) and how many there are; `nil` when none.
    static func find(in bytes: [UInt8], root: Node?) -> (first: Int, count: Int)? {
        // The byte ranges of every scalar (keys too), sorted by start.
        var ranges: [Range<Int>] = []
        var seen: Set<Range<Int>> = []
        func walk(_ node: Node) {
            // An alias's node has its anchor's spans: each written node is walked once.
            guard seen.insert(node.span.start.offset..<node.span.end.offset).inserted || node.scalar != nil else { return }
            switch node.kind {
            case .scalar: ranges.append(node.span.start.offset..<node.span.end.offset)
            case .sequence(let items): for item in items { walk(item) }
            case .mapping(let entries):
                for entry in entries {
                    walk(entry.key)
                    walk(entry.value)
                }
            }
        }
        if let root { walk(root) }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var next = 0
        var first: Int?
        var count = 0
        var index = 0
        while index < bytes.count {
            while next < ranges.count, ranges[next].upperBound <= index { next += 1 }
            if next < ranges.count, ranges[next].contains(index) {
                index = ranges[next].upperBound
                continue
            }
            // At a line's start (after a byte order mark on the first), or after a blank.
            let atStart = index == 0 || (index == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            if bytes[index] == UInt8(ascii: "#"), atStart || [9, 10, 13, 32].contains(bytes[index - 1]) {
                first = first ?? index
                count += 1
                // To the end of the line: the rest is the comment's.
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
                continue
            }
            index += 1
        }
        return first.map { ($0, count) }
    }
}
