import FlowSource

/// Reads the first document of a YAML text into its written form (``YAMLSyntax``), from
/// libyaml's events, with the positions the loader gives (``SourceLocator``).
///
/// Meant for a text the loader (``YAMLLoader``) has read without error: the loader is the
/// one that reports problems, with their places, and bounds the work (nesting, size).
/// Here a parser error, a second document or nesting past `maximumDepth` gives `nil`;
/// a text of comments alone gives a document with no root.
/// Iterative; O(events).
package enum YAMLSyntaxReader {
    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var anchor: String?
        var tag: String?
        var start: SourcePosition
        var headerEnd: SourcePosition
        var items: [YAMLSyntax] = []
    }

    /// The written form of `source`'s first document, or `nil` when libyaml cannot read
    /// it, it has more than one document, or collections nest deeper than `maximumDepth`.
    package static func read(_ source: SourceFile, maximumDepth: Int = LoadingLimits().maximumNestingDepth) -> YAMLSyntaxDocument? {
        let validation = UTF8Validation(source.bytes)
        var locator = SourceLocator(bytes: source.bytes, bomLength: validation.bomLength, isASCII: validation.isASCII)
        guard let parser = try? LibYAMLParser(bytes: source.bytes) else { return nil }
        let path = SourcePath(source.path)
        var document = YAMLSyntaxDocument(root: nil, startMarker: nil, endMarker: nil, hasDirectives: false)
        var documents = 0
        var stack: [Frame] = []
        func add(_ node: YAMLSyntax) {
            if stack.isEmpty { document.root = node } else { stack[stack.count - 1].items.append(node) }
        }
        while true {
            guard let event = try? parser.nextEvent() else { return nil }
            let start = locator.location(of: event.startMark)
            switch event.kind {
            case .streamStart, .none: continue
            case .streamEnd: return documents <= 1 ? document : nil
            case .documentStart:
                documents += 1
                guard documents == 1 else { return nil }
                document.startMarker = event.isImplicitDocumentMarker ? nil : start.offset
                document.hasDirectives = event.hasDirectives
            case .documentEnd:
                document.endMarker = event.isImplicitDocumentMarker ? nil : start.offset
            case .alias:
                let span = SourceSpan(path: path, start: start, end: locator.location(of: event.endMark))
                add(YAMLSyntax(content: .alias(event.anchor ?? ""), anchor: nil, tag: nil, span: span))
            case .scalar:
                let span = SourceSpan(path: path, start: start, end: locator.location(of: event.endMark))
                add(YAMLSyntax(content: .scalar(event.scalarText, event.scalarStyle), anchor: event.anchor, tag: event.tag, span: span))
            case .sequenceStart, .mappingStart:
                guard stack.count < maximumDepth else { return nil }
                stack.append(
                    Frame(
                        isMapping: event.kind == .mappingStart, isFlow: event.isFlowCollection, anchor: event.anchor, tag: event.tag,
                        start: start, headerEnd: locator.location(of: event.endMark)))
            case .sequenceEnd, .mappingEnd:
                guard let frame = stack.popLast() else { return nil }
                // A flow collection ends after its bracket, a block one after its last value.
                let end = frame.isFlow ? locator.location(of: event.endMark) : frame.items.last?.span.end ?? frame.headerEnd
                let span = SourceSpan(path: path, start: frame.start, end: end)
                let content: YAMLSyntax.Content
                if frame.isMapping {
                    var entries: [YAMLSyntaxEntry] = []
                    entries.reserveCapacity(frame.items.count / 2)
                    var index = 0
                    while index + 1 < frame.items.count {
                        entries.append(YAMLSyntaxEntry(key: frame.items[index], value: frame.items[index + 1]))
                        index += 2
                    }
                    content = .mapping(entries, isFlow: frame.isFlow)
                } else {
                    content = .sequence(frame.items, isFlow: frame.isFlow)
                }
                add(YAMLSyntax(content: content, anchor: frame.anchor, tag: frame.tag, span: span))
            }
        }
    }
}
