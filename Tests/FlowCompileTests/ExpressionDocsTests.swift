import FlowCompile
import Foundation
import Testing

/// `docs/expressions.md` and the language's tables say the same thing: every function
/// with its signature, every operator, and every type name.
extension String {
    /// Three digits, zero-padded on the left.
    fileprivate func leftPadded() -> String { String(repeating: "0", count: max(0, 3 - count)) + self }
}

@Suite("docs/expressions.md against the expression language's tables")
struct ExpressionDocsTests {
    static let docs: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/expressions.md"), encoding: .utf8)) ?? ""
    }()

    @Test("the functions table lists exactly ExpressionFunction, each with its signature")
    func functions() {
        let rows = Self.docs.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("(") && $0.contains(")` |") }
        let documented = rows.compactMap { row -> String? in
            guard let start = row.firstIndex(of: "`"), let end = row[row.index(after: start)...].firstIndex(of: "`") else { return nil }
            return String(row[row.index(after: start)..<end])
        }
        #expect(documented == ExpressionFunction.allCases.map(\.signature))
    }

    @Test("every operator and every keyword appears in the grammar")
    func operators() {
        let grammar = Self.docs.components(separatedBy: "```").dropFirst().first ?? ""
        for symbol in ExpressionSymbol.allCases {
            #expect(grammar.contains("\"\(symbol.rawValue)\""), "\(symbol.rawValue)")
        }
        for keyword in ExpressionKeyword.allCases {
            #expect(grammar.contains("\"\(keyword.rawValue)\""), "\(keyword.rawValue)")
        }
    }

    @Test("the types the docs name are ValueType's, and the grammar's depth is the parser's")
    func typesAndDepth() {
        for base in ValueType.Base.allCases { #expect(Self.docs.contains("`\(base.rawValue)`")) }
        #expect(Self.docs.contains("nests at most \(ExpressionParser.maximumHeight) levels"))
        // Written with a thousands separator, as the docs write numbers.
        let count = ExpressionDomainAnalysis.maximumCombinations
        let grouped = count >= 1000 ? "\(count / 1000),\(String(count % 1000).leftPadded())" : "\(count)"
        #expect(Self.docs.contains("at most \(grouped) combinations"))
    }
}
