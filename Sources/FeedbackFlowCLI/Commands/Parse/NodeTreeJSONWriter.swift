import FlowSource

/// Writes a loaded document's located node tree as one line of JSON (RFC 8259), for
/// `feedbackflow parse`:
///
/// ```
/// {"file":"a.yaml","format":"yaml","root":NODE}        root is null when there is none
/// NODE  = {"kind":"scalar","style":STYLE,"value":"text","span":SPAN}
///       | {"kind":"sequence","span":SPAN,"items":[NODE,…]}
///       | {"kind":"mapping","span":SPAN,"entries":[{"key":NODE,"value":NODE},…]}
///         (each NODE also has "tag":"…" when the node carries an explicit tag)
/// SPAN  = {"start":POS,"end":POS}     end is just after the last character
/// POS   = {"line":1,"column":1,"offset":0}   1-based line and column (Unicode
///         scalars), 0-based UTF-8 byte offset
/// STYLE = "plain" | "singleQuoted" | "doubleQuoted" | "literal" | "folded"
/// ```
///
/// Aliases appear expanded, with their anchor's spans; merge keys are applied. The
/// tree is walked with an explicit stack (no recursion, whatever the depth), and the
/// text is handed to `write` in pieces of about ``chunkSize`` bytes as it is produced, so
/// the output is never held whole: memory holds the work left for the collections being
/// written (a few items per child of each, so it grows with their width, which
/// ``FlowSource/LoadingLimits/maximumMappingEntries`` bounds). O(expanded tree size).
struct NodeTreeJSONWriter {
    /// About how many bytes are collected before they are written.
    static let chunkSize = 64 * 1024

    private enum Work {
        case node(Node)
        case text(String)
    }

    private var buffer = ""
    private let write: (String) -> Void

    /// A writer handing its text to `write`.
    init(write: @escaping (String) -> Void) {
        self.write = write
        buffer.reserveCapacity(Self.chunkSize + 1024)
    }

    /// Writes the whole document, then a line break.
    mutating func write(_ document: LoadedDocument) {
        append("{\"file\":")
        appendString(document.source.path)
        append(",\"format\":")
        appendString(document.format.rawValue)
        append(",\"root\":")
        if let root = document.root { writeTree(root) } else { append("null") }
        append("}\n")
        flush()
    }

    private mutating func writeTree(_ root: Node) {
        var pending: [Work] = [.node(root)]
        while let work = pending.popLast() {
            switch work {
            case .text(let text):
                append(text)
            case .node(let node):
                append("{\"kind\":")
                switch node.kind {
                case .scalar(let text, let style):
                    append("\"scalar\",\"style\":")
                    appendString(style.rawValue)
                    append(",\"value\":")
                    appendString(text)
                    appendTagAndSpan(node)
                    append("}")
                case .sequence(let items):
                    append("\"sequence\"")
                    appendTagAndSpan(node)
                    append(",\"items\":[")
                    pending.append(.text("]}"))
                    for position in items.indices.reversed() {
                        pending.append(.node(items[position]))
                        if position > 0 { pending.append(.text(",")) }
                    }
                case .mapping(let entries):
                    append("\"mapping\"")
                    appendTagAndSpan(node)
                    append(",\"entries\":[")
                    pending.append(.text("]}"))
                    for position in entries.indices.reversed() {
                        let entry = entries[position]
                        pending.append(.text("}"))
                        pending.append(.node(entry.value))
                        pending.append(.text(",\"value\":"))
                        pending.append(.node(entry.key))
                        pending.append(.text(position > 0 ? ",{\"key\":" : "{\"key\":"))
                    }
                }
            }
        }
    }

    private mutating func appendTagAndSpan(_ node: Node) {
        if let tag = node.tag {
            append(",\"tag\":")
            appendString(tag)
        }
        let span = node.span
        append(",\"span\":{\"start\":")
        appendPosition(span.start)
        append(",\"end\":")
        appendPosition(span.end)
        append("}")
    }

    private mutating func appendPosition(_ position: SourcePosition) {
        append("{\"line\":\(position.line),\"column\":\(position.column),\"offset\":\(position.offset)}")
    }

    private mutating func appendString(_ string: String) {
        var writer = JSONTextWriter()
        writer.writeString(string)
        append(writer.text)
    }

    private mutating func append(_ text: String) {
        buffer += text
        if buffer.utf8.count >= Self.chunkSize { flush() }
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
