import FeedbackFlow
import FeedbackFlowTestSupport
import FlowCompile
import FlowScenarios
import FlowSource
import FlowWorkspace
import Foundation
import Testing

/// The example flows' tests catch changes of behaviour: each flow in `flows/` is changed
/// one way at a time, in its text — a navigation step's target swapped (or an `if`'s two
/// branches), a condition's comparison flipped, a step removed (from a list; an action's
/// one step replaced by an `openURL` the flow does not see, as an action needs one) — and each
/// changed flow must fail at least one scenario of its flow test (or no longer compile).
@Suite("mutants of the example flows")
struct FlowMutationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One change of a flow's text.
    struct Mutant {
        enum Kind: String, CaseIterable { case targetSwapped = "target swapped", comparisonFlipped = "comparison flipped", stepRemoved = "step removed" }
        var kind: Kind
        var what: String
        var bytes: [UInt8]
    }

    /// The flow tests of `flows/` with the flows they name.
    static func flowTests() throws -> [(test: String, flow: String)] {
        let folder = root.appendingPathComponent("flows")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(FlowTestFile.isFlowTest).sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            return FlowTestReader.flowPath(ofTestFile: path).map { (path, $0) }
        }
    }

    @Test("every flow of flows/ has a flow test, and each of its mutants fails a scenario")
    func everyMutantIsCaught() async throws {
        let tests = try Self.flowTests()
        let flows = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("flows").path)
            .filter { !FlowTestFile.isFlowTest($0) && ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) }
        #expect(Set(tests.map { URL(fileURLWithPath: $0.flow).lastPathComponent }) == Set(flows), "a flow of flows/ has no flow test")
        var kinds: Set<Mutant.Kind> = []
        var total = 0
        for (test, flow) in tests {
            let original = Array(try Data(contentsOf: URL(fileURLWithPath: flow)))
            let mutants = Self.mutants(of: original, path: flow)
            #expect(!mutants.isEmpty, "\(flow): no mutant")
            for mutant in mutants {
                let scratch = try ScratchFolder("mutant")
                let flowName = URL(fileURLWithPath: flow).lastPathComponent
                try Data(mutant.bytes).write(to: URL(fileURLWithPath: scratch.path(flowName)))
                try FileManager.default.copyItem(atPath: test, toPath: scratch.path(URL(fileURLWithPath: test).lastPathComponent))
                let settings = try CompileSettings(configurationPath: nil, workingDirectory: scratch.url.path)
                let result = await FlowTestFrontend(settings: settings).run(scratch.path(URL(fileURLWithPath: test).lastPathComponent))
                let caught = result.hasErrors || result.scenarios.contains { !$0.passed }
                #expect(caught, "\(flowName): \(mutant.kind.rawValue) (\(mutant.what)) passes every scenario")
                kinds.insert(mutant.kind)
                total += 1
            }
        }
        #expect(kinds == Set(Mutant.Kind.allCases), "some kind of change was never made")
        #expect(total >= 30)
    }

    /// Every mutant of the flow text `bytes` read from `path`.
    static func mutants(of bytes: [UInt8], path: String) -> [Mutant] {
        let document = DocumentLoader.load(SourceFile(path: path, bytes: bytes))
        guard let root = document.root else { return [] }
        let screens = MappingFields(root)?.value("screens").flatMap { MappingFields($0)?.keys } ?? []
        var mutants: [Mutant] = []
        func replace(_ span: SourceSpan, with text: String) -> [UInt8] {
            var out = bytes
            out.replaceSubrange(span.start.offset..<span.end.offset, with: Array(text.utf8))
            return out
        }
        func source(_ span: SourceSpan) -> String { String(decoding: bytes[span.start.offset..<span.end.offset], as: UTF8.self) }
        /// A scalar's new text, quoted as the old one was.
        func scalar(_ span: SourceSpan, _ text: String) -> String {
            let old = source(span)
            if let quote = old.first, quote == "\"" || quote == "'" { return "\(quote)\(text)\(quote)" }
            return text
        }
        func visit(_ node: Node) {
            if let entries = MappingFields(node)?.entries {
                for entry in entries {
                    guard let key = entry.keyText else { continue }
                    let value = entry.value
                    switch key {
                    case "push", "present", "replace", "popTo":
                        if let target = value.string, let other = screens.first(where: { $0 != target }) {
                            mutants.append(Mutant(kind: .targetSwapped, what: "\(key): \(target) → \(other)", bytes: replace(value.span, with: scalar(value.span, other))))
                        }
                    case "finish":
                        if let outcome = value.string {
                            mutants.append(Mutant(kind: .targetSwapped, what: "finish: \(outcome) → changed", bytes: replace(value.span, with: scalar(value.span, outcome + "-changed"))))
                        }
                    case "if":
                        if let branches = MappingFields(value), let then = branches.value("then"), let otherwise = branches.value("else") {
                            // Swapped from the later one, so the earlier offsets hold.
                            let (first, second) = then.span.start.offset < otherwise.span.start.offset ? (then, otherwise) : (otherwise, then)
                            var out = bytes
                            out.replaceSubrange(second.span.start.offset..<second.span.end.offset, with: Array(source(first.span).utf8))
                            out.replaceSubrange(first.span.start.offset..<first.span.end.offset, with: Array(source(second.span).utf8))
                            // Block values keep their own indentation only when on the key's line; swap flow-style ones.
                            if source(first.span).first == "[" && source(second.span).first == "[" {
                                mutants.append(Mutant(kind: .targetSwapped, what: "if's then and else swapped", bytes: out))
                            }
                        }
                    case "condition", "when", "enabledWhen", "visibleWhen", "requiredWhen":
                        if value.string != nil {
                            let text = source(value.span)
                            for (operator_, flipped) in [("<=", ">"), (">=", "<"), ("==", "!="), ("!=", "=="), ("<", ">="), (">", "<=")] {
                                guard let range = text.range(of: " \(operator_) ") else { continue }
                                let changed = text.replacingCharacters(in: range, with: " \(flipped) ")
                                mutants.append(Mutant(kind: .comparisonFlipped, what: "\(key): \(text) → \(changed)", bytes: replace(value.span, with: changed)))
                                break
                            }
                        }
                    case "action" where value.sequence == nil:
                        // An action needs a step: its one step removed leaves one that does nothing the flow sees.
                        mutants.append(Mutant(kind: .stepRemoved, what: "the action's one step (\(source(value.span))) removed", bytes: replace(value.span, with: #"{"openURL": "https://example.com/removed"}"#)))
                    case "action", "then", "else", "onFailure":
                        if let items = value.sequence.map(Array.init), items.count >= 2 {
                            for (index, item) in items.enumerated() {
                                mutants.append(Mutant(kind: .stepRemoved, what: "\(key) step \(index + 1) of \(items.count) removed", bytes: removing(item, at: index, of: items)))
                            }
                        }
                    default:
                        break
                    }
                    visit(value)
                }
            } else if let items = node.sequence {
                for item in items { visit(item) }
            }
        }
        /// The text without the list item `item`: in a block list its lines, in a flow
        /// list (YAML `[…]`, JSON) the item and the comma that separates it.
        func removing(_ item: Node, at index: Int, of items: [Node]) -> [UInt8] {
            let start = item.span.start.offset, end = item.span.end.offset
            let lineStart = (bytes[..<start].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            let before = String(decoding: bytes[lineStart..<start], as: UTF8.self)
            var out = bytes
            if before.trimmingCharacters(in: .whitespaces) == "-" {
                let lineEnd = bytes[end...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                out.removeSubrange(lineStart..<lineEnd)
            } else if index + 1 < items.count {
                out.removeSubrange(start..<items[index + 1].span.start.offset)
            } else {
                out.removeSubrange(items[index - 1].span.end.offset..<end)
            }
            return out
        }
        visit(root)
        return mutants
    }
}
