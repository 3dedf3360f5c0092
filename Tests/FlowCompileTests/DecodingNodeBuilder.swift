import FlowSource
import FeedbackFlow

/// Builds `Node` trees by hand for decoder and validator tests that do not need the
/// loader. Each node (and each mapping key) gets its own line, in creation order, so a
/// test can say "reported at this node" by comparing against the node's own span; the
/// expected position then comes from the tree the test built, never from the decoder.
final class NodeBuilder {
    let file: String
    private var line = 0

    init(file: String = "built.yaml") {
        self.file = file
    }

    private func nextSpan(width: Int) -> SourceSpan {
        line += 1
        return SourceSpan(
            file: file, start: SourcePosition(line: line, column: 1, offset: 0),
            end: SourcePosition(line: line, column: 1 + width, offset: width))
    }

    /// A scalar written `style`; its span is as wide as its text (plus quotes).
    func scalar(_ text: String, _ style: ScalarStyle = .plain) -> Node {
        let quotes = style == .singleQuoted || style == .doubleQuoted ? 2 : 0
        let span = nextSpan(width: text.unicodeScalars.count + quotes)
        var tree = DocumentTreeBuilder(file: file)
        let root = try! tree.addScalar(text, style: style, start: span.start, end: span.end)
        return tree.finish(root: root)!
    }

    /// An empty plain scalar (YAML `key:` with nothing after it): zero width.
    func empty() -> Node {
        let span = nextSpan(width: 0)
        var tree = DocumentTreeBuilder(file: file)
        let root = try! tree.addScalar("", style: .plain, start: span.start, end: span.end)
        return tree.finish(root: root)!
    }

    func list(_ items: [Node]) -> Node {
        let span = nextSpan(width: 1)
        var tree = DocumentTreeBuilder(file: file)
        tree.openCollection(isMapping: false)
        for item in items { tree.appendItem(Self.graft(item, into: &tree)) }
        let root = try! tree.closeCollection(start: span.start, end: span.end)
        return tree.finish(root: root)!
    }

    func map(_ pairs: [(String, Node)]) -> Node {
        let span = nextSpan(width: 1)
        let keys = pairs.map { scalar($0.0) }
        var tree = DocumentTreeBuilder(file: file)
        tree.openCollection(isMapping: true)
        for (key, pair) in zip(keys, pairs) {
            _ = try! tree.addEntry(key: Self.graft(key, into: &tree), value: Self.graft(pair.1, into: &tree))
        }
        let root = try! tree.closeCollection(start: span.start, end: span.end)
        return tree.finish(root: root)!
    }

    /// A copy of `node` (spans, styles, tags and all) added to `tree`.
    private static func graft(_ node: Node, into tree: inout DocumentTreeBuilder) -> DocumentTreeBuilder.NodeID {
        let span = node.span
        switch node.kind {
        case .scalar(let text, let style):
            return try! tree.addScalar(text, style: style, tag: node.tag, start: span.start, end: span.end)
        case .sequence(let items):
            tree.openCollection(isMapping: false)
            for item in items { tree.appendItem(graft(item, into: &tree)) }
            return try! tree.closeCollection(tag: node.tag, start: span.start, end: span.end)
        case .mapping(let entries):
            tree.openCollection(isMapping: true)
            for entry in entries {
                _ = try! tree.addEntry(key: graft(entry.key, into: &tree), value: graft(entry.value, into: &tree))
            }
            return try! tree.closeCollection(tag: node.tag, start: span.start, end: span.end)
        }
    }

    /// A document loaded from `path` with `root` and no loader diagnostics.
    func document(_ root: Node, path: String? = nil) -> LoadedDocument {
        LoadedDocument(source: SourceFile(path: path ?? file, text: ""), format: .yaml, root: root, diagnostics: [])
    }
}

extension Node {
    /// The mapping entry for `key` (to reach a key's own span in a test).
    func pair(_ key: String) -> MappingEntry? {
        mapping?.first { $0.keyText == key }
    }
}

/// Decodes `root` as if loaded from `path`; diagnostics in the order reported.
func decodeNodes(_ root: Node, path: String = "flows/sample.yaml") -> (flow: Flow?, diagnostics: [Diagnostic]) {
    var bag = DiagnosticBag()
    let flow = FlowDecoder.decode(root, path: path, diagnostics: &bag)
    return (flow, bag.diagnostics)
}
