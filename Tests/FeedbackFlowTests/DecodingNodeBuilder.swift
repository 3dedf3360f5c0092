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
        return Node(kind: .scalar(text, style), span: nextSpan(width: text.unicodeScalars.count + quotes))
    }

    /// An empty plain scalar (YAML `key:` with nothing after it): zero width.
    func empty() -> Node {
        Node(kind: .scalar("", .plain), span: nextSpan(width: 0))
    }

    func list(_ items: [Node]) -> Node {
        Node(kind: .sequence(items), span: nextSpan(width: 1))
    }

    func map(_ pairs: [(String, Node)]) -> Node {
        let span = nextSpan(width: 1)
        let entries = pairs.map { key, value in MappingEntry(key: scalar(key), value: value) }
        return Node(kind: .mapping(entries), span: span)
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
