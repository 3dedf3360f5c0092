import FeedbackFlow
import FlowSource

/// Checks every node of a loaded document against the rules of ``SourcePosition``,
/// trapping (so libFuzzer keeps the input) when one fails: each span lies inside the
/// file and starts no later than it ends, and its line and column are the ones its byte
/// offset gives, walked independently from the bytes by ``SourceLocator``. Iterative.
package func checkLoadedTree(_ document: LoadedDocument) {
    guard let root = document.root else { return }
    let bytes = document.source.bytes
    let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var locator = SourceLocator(bytes: bytes, bomLength: bomLength)
    var pending = [root]
    while let node = pending.popLast() {
        let span = node.span
        precondition(span.start.offset <= span.end.offset && span.end.offset <= bytes.count, "span outside the file: \(span)")
        for position in [span.start, span.end] {
            let walked = locator.location(atByteOffset: position.offset)
            precondition(
                walked.line == position.line && walked.column == position.column,
                "position \(position) at offset \(position.offset), walked \(walked)")
        }
        switch node.kind {
        case .scalar: break
        case .sequence(let items): pending.append(contentsOf: items)
        case .mapping(let entries):
            for entry in entries {
                pending.append(entry.key)
                pending.append(entry.value)
            }
        }
    }
}
