/// An ordered collection of diagnostics gathered while loading, decoding or validating.
///
/// Appending is O(1). ``sorted`` orders by file, then line, then column, then the
/// order of insertion, which is the order reports show.
package struct DiagnosticBag: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    package mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        diagnostics.append(contentsOf: other)
    }

    /// Whether any diagnostic has severity `.error`.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    package var isEmpty: Bool { diagnostics.isEmpty }

    /// The diagnostics ordered by file, line, column; ties keep insertion order.
    package var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let l = a.element.span, r = b.element.span
            switch (l, r) {
            case let (l?, r?):
                if l.file != r.file { return l.file < r.file }
                if l.start != r.start { return l.start < r.start }
                return a.offset < b.offset
            case (nil, _?): return true
            case (_?, nil): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
