import FlowSource
import Testing

/// ``SourceSpan`` and ``SourcePosition`` behave as plain values whatever their storage:
/// the path reads back as written, equality and hashing follow path and positions,
/// diagnostics sort by path, then line and column.
@Suite("Spans and locations")
struct SourceSpanTests {
    static func location(_ line: Int, _ column: Int, _ offset: Int = 0) -> SourcePosition {
        SourcePosition(line: line, column: column, offset: offset)
    }

    @Test("a span's path reads back as given, also after setting it, and spans of equal paths are equal")
    func pathRoundTrip() {
        let path = "flows/Émoji ✅/a-rather-long-path-name-\(Int.random(in: 0..<1_000_000)).yaml"
        var span = SourceSpan(file: path, start: Self.location(2, 3, 10), end: Self.location(2, 8, 15))
        #expect(span.file == path)
        #expect(span.description == "\(path):2:3")
        var rebuilt = ""  // an equal string in a different buffer
        rebuilt.unicodeScalars.append(contentsOf: path.unicodeScalars)
        let same = SourceSpan(file: rebuilt, start: Self.location(2, 3, 10), end: Self.location(2, 8, 15))
        #expect(span == same)
        #expect(Set([span, same]).count == 1)
        span.file = "other.yaml"
        #expect(span.file == "other.yaml")
        #expect(span != same)
        #expect(span.startPoint == SourceSpan(file: "other.yaml", at: Self.location(2, 3, 10)))
    }

    @Test("locations keep line, column and offset, compare by line then column, clamp beyond 32 bits")
    func locations() {
        var location = Self.location(70_000, 12, 3_000_000_000 / 2)
        #expect((location.line, location.column, location.offset) == (70_000, 12, 1_500_000_000))
        location.column += 1
        #expect(location.description == "70000:13")
        #expect(Self.location(1, 9) < Self.location(2, 1))
        #expect(Self.location(2, 1) < Self.location(2, 2))
        #expect(!(Self.location(2, 2, 5) < Self.location(2, 2, 1)))
        #expect(Self.location(1, 1, Int.max).offset == Int(Int32.max))
    }

    @Test("diagnostics sort by path (as strings), then line, then column, then insertion")
    func sorting() {
        func diagnostic(_ file: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
            .error("x", message, at: SourceSpan(file: file, at: Self.location(line, column)))
        }
        // New paths, the "b" one made first, so the order cannot come from when a path was first seen.
        let suffix = Int.random(in: 0..<1_000_000)
        let b = "sort-b-\(suffix).yaml", a = "sort-a-\(suffix).yaml"
        let bag = DiagnosticBag([
            diagnostic(b, 1, 1, "b1"), diagnostic(a, 3, 2, "a32"), diagnostic(a, 3, 1, "a31"),
            diagnostic(a, 1, 5, "a15"), diagnostic(b, 1, 1, "b1 again"),
        ])
        #expect(bag.sorted.map(\.message) == ["a15", "a31", "a32", "b1", "b1 again"])
    }
}
