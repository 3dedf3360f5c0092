import FlowSource

/// Builds the located ``Node`` tree of one YAML document from libyaml's events.
///
/// Anchors and aliases are expanded (an alias yields its anchor's node, spans and all),
/// merge keys are applied, duplicate keys are reported, and the work is bounded: alias
/// expansion may add at most ``LoadingLimits/maximumAliasExpansion`` nodes, nesting may go
/// ``LoadingLimits/maximumNestingDepth`` deep. Problems that leave no usable tree
/// (syntax, bounds) stop the build; the others are collected in ``diagnostics`` and the
/// build goes on. The other ``LoadingLimits`` (nodes, scalar length, entries per
/// mapping) are checked by the ``DocumentTreeBuilder``.
///
/// Spans come from libyaml's event marks: a node starts at its properties (`&anchor`,
/// `!tag`) when it has any (YAML 1.2 §6.9), a scalar ends after its closing quote or
/// last character (a block scalar at the start of the line after its content), a flow
/// collection after its bracket and a block collection after its last value.
struct YAMLTreeBuilder: DocumentParser {
    /// The YAML merge key tag (https://yaml.org/type/merge.html).
    private static let mergeTag = "tag:yaml.org,2002:merge"

    /// An open sequence or mapping.
    private struct Frame {
        let isMapping: Bool
        let isFlow: Bool
        let start: SourcePosition
        /// End of the start event: the span's end for an empty block collection.
        let headerEnd: SourcePosition
        let anchor: String?
        let tag: String?
        var pendingKey: DocumentTreeBuilder.NodeID?
        /// Entries of this mapping so far (merged ones not counted).
        var entryCount = 0
        /// Nodes in this subtree so far, aliases counted expanded.
        var size = 1
        /// The tallest child so far: 0 for scalars, 1 + its own for a collection.
        var childHeight = 0
        var lastEnd: SourcePosition?
        /// The first `<<` key, the mappings it merges in priority order, and the
        /// position among the written entries where the merged ones go.
        var mergeKey: DocumentTreeBuilder.NodeID?
        var mergeSources: [DocumentTreeBuilder.NodeID] = []
        var mergePosition = 0
    }

    private struct Anchored {
        let node: DocumentTreeBuilder.NodeID
        let size: Int
        /// Levels of collections in the node (0 for a scalar), so that an alias cannot
        /// nest deeper than the limit by repeating a deep anchor inside another.
        let height: Int
        /// Its entry in `anchorLog`.
        let log: Int
    }

    private let source: SourceFile
    private let bomLength: Int
    private let limits: LoadingLimits
    private var locator: SourceLocator
    private let tabs: TabIndentation
    private(set) var diagnostics: [Diagnostic] = []
    /// Diagnostics found past ``LoadingLimits/diagnosticLimit``: counted, not kept.
    private(set) var omittedDiagnostics = 0
    /// Where the first diagnostic left out was found.
    private(set) var firstOmittedSpan: SourceSpan?

    private var stack: [Frame] = []
    private var tree: DocumentTreeBuilder
    private var anchors: [String: Anchored] = [:]
    /// Every anchor defined, in order, with where its node starts (at `&name`) and
    /// whether an alias used it: those no alias uses are `unused-anchor` notes.
    private var anchorLog: [(name: String, start: SourcePosition, used: Bool)] = []
    /// Every anchor and alias written, in file order, for editors.
    private(set) var anchorPlaces: [AnchorPlace] = []
    /// Anchors an alias named inside their own node (a recursive alias): used.
    private var aliasedWhileOpen: Set<String> = []
    /// Whether an alias named no anchor, or its own node: then an unused anchor is most
    /// likely the one it meant, and `unknown-alias` or `recursive-alias` already says so.
    private var hasAliasProblem = false
    private var expandedNodes = 0
    private var root: DocumentTreeBuilder.NodeID?
    /// Byte ranges where a tab at the start of a line is not indentation (only kept
    /// when the file has such tabs at all).
    private var tabExemptRanges: [Range<Int>] = []
    /// Where unknown and recursive aliases stood (their null stand-ins are not reported again, e.g. as
    /// an invalid merge).
    private var unknownAliasOffsets: Set<Int> = []
    /// Byte order marks after the start of the file, and the quoted scalars (where they
    /// are content) — the latter only kept when there are such marks.
    private let byteOrderMarks: MisplacedByteOrderMarks
    private var quotedRanges: [Range<Int>] = []
    /// Byte ranges of the scalars and flow collections written over several lines, whose
    /// inner lines are not layout (``IndentationSlip``).
    private var multiLineRanges: [Range<Int>] = []

    /// - Parameter isASCII: whether the text after the BOM is all ASCII (``UTF8Validation/isASCII``).
    init(source: SourceFile, bomLength: Int, isASCII: Bool = false, limits: LoadingLimits = LoadingLimits()) {
        self.source = source
        self.bomLength = bomLength
        self.limits = limits
        locator = SourceLocator(bytes: source.bytes, bomLength: bomLength, isASCII: isASCII)
        tree = DocumentTreeBuilder(file: source.path, limits: limits, expectedNodes: source.bytes.count / 8)
        tabs = TabIndentation(bytes: source.bytes, bomLength: bomLength)
        byteOrderMarks = MisplacedByteOrderMarks(bytes: source.bytes, bomLength: bomLength)
    }

    /// Runs libyaml over the whole file and returns the first document's root, or `nil`
    /// when there is none or it could not be built. O(expanded tree size).
    mutating func parse() -> Node? {
        let root = run()
        sortDiagnostics()
        return tree.finish(root: root)
    }

    private mutating func run() -> DocumentTreeBuilder.NodeID? {
        let parser: LibYAMLParser
        do {
            parser = try LibYAMLParser(bytes: source.bytes)
        } catch {
            report(error)
            return nil
        }
        var documents = 0
        // Tabs are checked only up to where parsing stopped.
        var parsedEnd = Int.max
        loop: while true {
            let event: LibYAMLEvent
            do {
                event = try parser.nextEvent()
            } catch {
                if documents <= 1, stack.isEmpty, root == nil, EmptyStream.holdsNoContent(source.bytes, from: bomLength) {
                    appendEmptyDocument()  // e.g. a lone `...`, which libyaml rejects
                    return nil
                }
                report(error)
                return nil
            }
            do throws(Diagnostic) {
                switch event.kind {
                case .documentEnd, .streamStart, .none:
                    break
                case .streamEnd:
                    break loop
                case .documentStart:
                    documents += 1
                    if documents > 1 {
                        diagnostics.append(YAMLDiagnostics.secondDocument(at: span(event)))
                        parsedEnd = diagnostics[diagnostics.count - 1].span?.start.offset ?? 0
                        break loop
                    }
                case .alias:
                    try alias(event)
                case .scalar:
                    try scalar(event)
                case .sequenceStart, .mappingStart:
                    try open(event)
                case .sequenceEnd, .mappingEnd:
                    try close(event)
                }
            } catch {
                diagnostics.append(error)
                return nil
            }
        }
        if documents == 0 || (documents == 1 && root.map(isNoContent) == true) {
            root = nil
            appendEmptyDocument()
        }
        for line in tabs.offendingLines(exempt: tabExemptRanges, before: parsedEnd) {
            record(tabIndentation(line))
        }
        for anchor in anchorLog where !anchor.used && !hasAliasProblem {
            record(YAMLDiagnostics.unusedAnchor(anchor.name, at: anchorSpan(anchor.name, at: anchor.start)))
        }
        // Anchors are recorded as their nodes end: in file order with the aliases.
        anchorPlaces.sort { $0.span.start.offset < $1.span.start.offset }
        for offset in byteOrderMarks.outside(quotedRanges, before: parsedEnd) {
            record(misplacedByteOrderMark(at: offset))
        }
        return root
    }

    /// Whether a document's root is the empty plain scalar libyaml reports for a
    /// document with no content (`---` alone or with comments): no text, tag, anchor or width.
    private func isNoContent(_ root: DocumentTreeBuilder.NodeID) -> Bool {
        guard let scalar = tree.scalar(root), scalar == Scalar(text: "", style: .plain) else { return false }
        let span = tree.span(of: root)
        return span.start == span.end
    }

    private mutating func appendEmptyDocument() {
        let start = SourcePosition(line: 1, column: 1, offset: min(bomLength, source.bytes.count))
        diagnostics.append(YAMLDiagnostics.emptyDocument(at: SourceSpan(path: tree.path, at: start)))
    }

    // MARK: Events

    private mutating func scalar(_ event: borrowing LibYAMLEvent) throws(Diagnostic) {
        // The positions alone: the node keeps them, and a span would hold the path too.
        let start = locator.location(of: event.startMark)
        let end = locator.location(of: event.endMark)
        let style = event.scalarStyle
        if !tabs.lines.isEmpty, style != .plain {
            tabExemptRanges.append(start.offset..<end.offset)
        }
        if !byteOrderMarks.offsets.isEmpty, style == .singleQuoted || style == .doubleQuoted {
            quotedRanges.append(start.offset..<end.offset)
        }
        if end.line != start.line { multiLineRanges.append(start.offset..<end.offset) }
        let text = event.scalarText
        let node = try tree.addScalar(text, style: style, tag: event.tag, start: start, end: end)
        // A scalar weighs one node per started 64 bytes of its text in alias expansion, so
        // repeating a long anchored string costs its length, not one node.
        try attach(node, size: 1 + text.utf8.count / 64, height: 0, anchor: event.anchor, startingAt: start, endingAt: end)
    }

    /// Expands an alias. An alias inside the node carrying its anchor refers to that node
    /// (YAML 1.2 §7.1: the most recent node with the anchor), which cannot be expanded:
    /// `recursive-alias`. An alias with no anchor before it: `unknown-alias`. Either way
    /// the alias stands for a null scalar spanning the alias (so a list keeps its length
    /// and a mapping its pairs), or for no root at all when it is the whole document.
    /// An alias used as a mapping key takes the alias's own span, so a diagnostic about
    /// the key points where the key is written; a value keeps the anchor's spans.
    private mutating func alias(_ event: borrowing LibYAMLEvent) throws(Diagnostic) {
        let name = event.anchor ?? ""
        let span = span(event)
        anchorPlaces.append(AnchorPlace(name: name, span: span, isAlias: true))
        let anchored: Anchored
        if stack.contains(where: { $0.anchor == name }) {
            aliasedWhileOpen.insert(name)
            hasAliasProblem = true
            try standIn(for: span, YAMLDiagnostics.recursiveAlias(name, at: span))
            return
        } else if let found = anchors[name] {
            anchored = found
            anchorLog[found.log].used = true
        } else {
            hasAliasProblem = true
            try standIn(for: span, YAMLDiagnostics.unknownAlias(name, at: span))
            return
        }
        if stack.count + anchored.height > limits.maximumNestingDepth {
            throw limits.nestingTooDeep(at: span)
        }
        expandedNodes = Self.add(expandedNodes, anchored.size)
        if expandedNodes > max(limits.maximumAliasExpansion, 0) {
            throw YAMLDiagnostics.expansionLimit(limits.maximumAliasExpansion, alias: name, adding: anchored.size, at: span)
        }
        if let top = stack.indices.last, stack[top].isMapping, stack[top].pendingKey == nil {
            let key = try tree.respanned(anchored.node, start: span.start, end: span.end)
            try attach(key, size: anchored.size, height: anchored.height, anchor: nil, endingAt: span.end)
        } else {
            try attach(anchored.node, size: anchored.size, height: anchored.height, anchor: nil, endingAt: span.end)
        }
    }

    /// The span of `&name` of a node starting at `start`, at its properties: after a tag
    /// written first (`!!str &a x`), if any.
    private func anchorSpan(_ name: String, at start: SourcePosition) -> SourceSpan {
        let bytes = source.bytes
        var offset = start.offset
        var column = start.column
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "!") {
            // The tag, then the blanks before `&`: counted in scalars, as columns are.
            while offset < bytes.count, bytes[offset] != UInt8(ascii: " "), bytes[offset] != UInt8(ascii: "\t"), bytes[offset] != 10, bytes[offset] != 13 {
                if bytes[offset] & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") {
                column += 1
                offset += 1
            }
            // Not `&` (a tag on a line of its own before the anchor): the node's start.
            if offset >= bytes.count || bytes[offset] != UInt8(ascii: "&") { (offset, column) = (start.offset, start.column) }
        }
        let from = SourcePosition(line: start.line, column: column, offset: offset)
        let end = SourcePosition(line: start.line, column: column + 1 + name.unicodeScalars.count, offset: offset + 1 + name.utf8.count)
        return SourceSpan(path: tree.path, start: from, end: end)
    }

    /// Reports `problem` and puts a null scalar spanning the alias in its place — or
    /// nothing when the alias is the whole document, which then has no root.
    private mutating func standIn(for span: SourceSpan, _ problem: Diagnostic) throws(Diagnostic) {
        record(problem)
        unknownAliasOffsets.insert(span.start.offset)
        guard !stack.isEmpty else { return }
        let null = try tree.addScalar("", style: .plain, start: span.start, end: span.end)
        try attach(null, size: 1, height: 0, anchor: nil, endingAt: span.end)
    }

    private mutating func open(_ event: borrowing LibYAMLEvent) throws(Diagnostic) {
        let start = locator.location(of: event.startMark)
        let headerEnd = locator.location(of: event.endMark)
        if stack.count >= limits.maximumNestingDepth {
            throw limits.nestingTooDeep(at: SourceSpan(path: tree.path, start: start, end: headerEnd))
        }
        let isMapping = event.kind == .mappingStart
        stack.append(
            Frame(
                isMapping: isMapping, isFlow: event.isFlowCollection,
                start: start, headerEnd: headerEnd, anchor: event.anchor, tag: event.tag))
        tree.openCollection(isMapping: isMapping)
    }

    private mutating func close(_ event: borrowing LibYAMLEvent) throws(Diagnostic) {
        guard let frame = stack.popLast() else { return }
        let end: SourcePosition
        if frame.isFlow {
            end = locator.location(of: event.endMark)
            if !tabs.lines.isEmpty { tabExemptRanges.append(frame.start.offset..<end.offset) }
            if end.line != frame.start.line { multiLineRanges.append(frame.start.offset..<end.offset) }
        } else {
            // A block collection's end event sits where the next token is; stop at the
            // last child instead so the span does not swallow trailing comments.
            end = frame.lastEnd ?? frame.headerEnd
        }
        // The written entries win over merged ones, an earlier merge source over a later one.
        let node =
            frame.mergeSources.isEmpty
            ? try tree.closeCollection(tag: frame.tag, start: frame.start, end: end)
            : try tree.closeMapping(
                merging: frame.mergeSources, at: frame.mergePosition, tag: frame.tag, start: frame.start, end: end)
        try attach(node, size: frame.size, height: frame.childHeight + 1, anchor: frame.anchor, startingAt: frame.start, endingAt: end)
    }

    // MARK: Tree

    /// Hands a finished node of `size` nodes (aliases expanded) and `height` levels of
    /// collections to its parent (or makes it the root) and records its anchor.
    /// `end` is where the node's text ends here — for an alias, the end of `*name`,
    /// not of the anchored node, whose spans point back at the anchor.
    private mutating func attach(
        _ node: DocumentTreeBuilder.NodeID, size: Int, height: Int, anchor: String?, startingAt start: SourcePosition? = nil,
        endingAt end: SourcePosition
    ) throws(Diagnostic) {
        if let anchor {
            anchors[anchor] = Anchored(node: node, size: size, height: height, log: anchorLog.count)
            anchorLog.append((anchor, start ?? end, aliasedWhileOpen.remove(anchor) != nil))
            anchorPlaces.append(AnchorPlace(name: anchor, span: anchorSpan(anchor, at: start ?? end), isAlias: false))
        }
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].size = Self.add(stack[top].size, size)
        stack[top].childHeight = max(stack[top].childHeight, height)
        stack[top].lastEnd = end
        guard stack[top].isMapping else {
            tree.appendItem(node)
            return
        }
        guard let key = stack[top].pendingKey.take() else {
            stack[top].pendingKey = node
            return
        }
        if isMergeKey(key) {
            merge(key: key, value: node, into: top)
        } else if let duplicate = try tree.addEntry(key: key, value: node) {
            record(duplicate)
        } else {
            stack[top].entryCount += 1
        }
    }

    /// Records a `<<` entry: its value must be a mapping or a list of mappings
    /// (https://yaml.org/type/merge.html); earlier mappings win over later ones.
    private mutating func merge(key: DocumentTreeBuilder.NodeID, value: DocumentTreeBuilder.NodeID, into top: Int) {
        if let first = stack[top].mergeKey {
            record(tree.duplicateKey(key, first: first))
            return
        }
        let valueSpan = tree.span(of: value)
        if tree.scalar(value) != nil, unknownAliasOffsets.contains(valueSpan.start.offset) { return }
        var sources: [DocumentTreeBuilder.NodeID] = []
        if tree.isMapping(value) {
            sources = [value]
        } else if tree.scalar(value) != nil {
            record(
                YAMLDiagnostics.invalidMerge(
                    at: tree.span(of: key), value: valueSpan, found: tree.kindDescription(of: value)))
            return
        } else {
            for (position, item) in tree.items(of: value).enumerated() {
                guard tree.isMapping(item) else {
                    record(
                        YAMLDiagnostics.invalidMerge(
                            at: tree.span(of: key), value: valueSpan, found: tree.kindDescription(of: item),
                            listItem: position + 1))
                    return
                }
                sources.append(item)
            }
        }
        stack[top].mergeKey = key
        stack[top].mergeSources = sources
        stack[top].mergePosition = stack[top].entryCount
    }

    private func isMergeKey(_ key: DocumentTreeBuilder.NodeID) -> Bool {
        guard tree.isScalar(key, withText: "<<"), let scalar = tree.scalar(key) else { return false }
        return scalar.tag == Self.mergeTag || (scalar.style == .plain && scalar.tag == nil)
    }

    // MARK: Diagnostics

    /// Keeps `diagnostic`, or only counts it once ``LoadingLimits/diagnosticLimit`` are
    /// kept: for the problems a file can repeat without end (duplicate keys, tabs, aliases,
    /// merges, byte order marks). The problem that stops loading is always kept.
    private mutating func record(_ diagnostic: Diagnostic) {
        if let limit = limits.diagnosticLimit, diagnostics.count >= limit {
            if omittedDiagnostics == 0 { firstOmittedSpan = diagnostic.span }
            omittedDiagnostics += 1
        } else {
            diagnostics.append(diagnostic)
        }
    }

    private mutating func span(_ event: borrowing LibYAMLEvent) -> SourceSpan {
        let start = locator.location(of: event.startMark)
        let end = locator.location(of: event.endMark)
        return SourceSpan(path: tree.path, start: start, end: end)
    }

    private mutating func tabIndentation(_ line: TabIndentation.Line) -> Diagnostic {
        tabIndentation(at: line.tabOffset)
    }

    private mutating func tabIndentation(at tabOffset: Int) -> Diagnostic {
        let start = locator.location(atByteOffset: tabOffset)
        let end = SourcePosition(line: start.line, column: start.column + 1, offset: start.offset + 1)
        return YAMLDiagnostics.tabIndentation(at: SourceSpan(path: tree.path, start: start, end: end))
    }

    /// A misplaced byte order mark at byte `offset` (``MisplacedByteOrderMarks``).
    private mutating func misplacedByteOrderMark(at offset: Int) -> Diagnostic {
        let start = locator.location(atByteOffset: offset)
        return YAMLDiagnostics.misplacedByteOrderMark(at: SourceSpan(path: tree.path, characterAt: start, in: source.bytes))
    }

    /// Whether a quoted scalar opens at `start` (libyaml's context mark when it failed
    /// inside one) and is still open at `end`: the bytes are read, not libyaml's wording.
    /// In `"…"` a backslash escapes the next byte; in `'…'` a doubled quote is one quote.
    /// O(end - start).
    private func quotedScalarIsOpen(from start: Int, at end: Int) -> Bool {
        let bytes = source.bytes
        guard start < bytes.count, bytes[start] == 0x22 || bytes[start] == 0x27 else { return false }
        let quote = bytes[start]
        var position = start + 1
        while position < min(end, bytes.count) {
            if quote == 0x22, bytes[position] == 0x5C {
                position += 2
            } else if bytes[position] == quote {
                guard quote == 0x27, position + 1 < bytes.count, bytes[position + 1] == 0x27 else { return false }
                position += 2
            } else {
                position += 1
            }
        }
        return true
    }

    /// Turns a libyaml failure into diagnostics: a `syntax-error` at libyaml's problem
    /// position (one character wide) with libyaml's problem as its message and its context
    /// as a note — unless one of the loader's own rules finds its own problem exactly there.
    /// Those rules run on the bytes up to the failure, not on libyaml's wording:
    /// - every tab used as indentation before the failure, and at it, is `tab-indentation`
    ///   (``TabIndentation``); when libyaml failed at such a tab (within the tabbed leading
    ///   white space, or a tab indenting a compact collection, `-\ttext: hi`), that is
    ///   the whole report; when it failed elsewhere, its syntax error is reported too;
    /// - misplaced byte order marks before the failure are `syntax-error`s of their own;
    ///   one on the failing line stands for libyaml's (libyaml skipped it, shifting the
    ///   line's columns);
    /// - outside flow collections and quoted scalars, a line of the block layout indented
    ///   otherwise than its siblings (``IndentationSlip``) stands for libyaml's syntax
    ///   error, as a `syntax-error` of its own at that line.
    /// A failure after the end of the first document is not a second document unless a
    /// `---` starts one (an event, which `run()` handles): it is libyaml's syntax error.
    private mutating func report(_ error: LibYAMLError) {
        let location: SourcePosition
        var problem = error.problem
        switch error.kind {
        case .memory, .other:
            let start = SourcePosition(line: 1, column: 1, offset: min(bomLength, source.bytes.count))
            diagnostics.append(YAMLDiagnostics.libyamlFailed(error.problem, at: SourceSpan(path: tree.path, at: start)))
            return
        case .reader:
            location = locator.location(atByteOffset: Int(truncatingIfNeeded: error.problemOffset))
            problem = YAMLDiagnostics.readerMessage(error.problem, value: error.problemValue)
        case .scanner, .parser:
            location = locator.location(of: error.problemMark)
        }
        var context: (text: String, at: SourceSpan)?
        var quotedScalarStart: Int?
        if let text = error.context, error.kind != .reader {
            let start = locator.location(of: error.contextMark)
            if quotedScalarIsOpen(from: start.offset, at: location.offset) { quotedScalarStart = start.offset }
            context = (text, SourceSpan(path: tree.path, at: start))
        }
        let atTab = error.kind != .reader && location.offset < source.bytes.count && source.bytes[location.offset] == 0x09
        let syntax = YAMLDiagnostics.syntaxError(
            problem, at: SourceSpan(path: tree.path, characterAt: location, in: source.bytes), context: context,
            atTab: atTab)
        if !byteOrderMarks.offsets.isEmpty {
            var exempt = quotedRanges
            if let quotedScalarStart { exempt.append(quotedScalarStart..<Int.max) }
            let marks = byteOrderMarks.outside(exempt, before: location.offset + 1)
            for offset in marks { record(misplacedByteOrderMark(at: offset)) }
            if let last = marks.last, locator.location(atByteOffset: last).line == location.line { return }
        }
        guard error.kind != .reader else {
            diagnostics.append(syntax)
            return
        }
        var foundAtFailure = false
        if !tabs.lines.isEmpty {
            // Tabs are not indentation inside what was still open when libyaml stopped.
            var exempt = tabExemptRanges
            for frame in stack where frame.isFlow { exempt.append(frame.start.offset..<Int.max) }
            if let quotedScalarStart { exempt.append(quotedScalarStart..<Int.max) }
            for line in tabs.offendingLines(exempt: exempt, before: location.offset + 1) {
                record(tabIndentation(line))
                if line.tabOffset <= location.offset, location.offset < line.indentationEnd { foundAtFailure = true }
            }
        }
        if !foundAtFailure, TabIndentation.indentsCompactCollection(at: location.offset, in: source.bytes) {
            record(tabIndentation(at: location.offset))
            foundAtFailure = true
        }
        if !foundAtFailure {
            // In block layout, a line indented otherwise than its siblings is the mistake.
            let slip =
                quotedScalarStart == nil && !stack.contains(where: \.isFlow)
                ? IndentationSlip.find(in: source.bytes, bomLength: bomLength, failure: location.offset, exempt: multiLineRanges) : nil
            if let slip { diagnostics.append(indentationSlip(slip)) } else { diagnostics.append(syntax) }
        }
    }

    /// The diagnostic of `slip` (``YAMLDiagnostics/indentationSlip(_:at:continuation:)``).
    private mutating func indentationSlip(_ slip: IndentationSlip) -> Diagnostic {
        let start = locator.location(atByteOffset: slip.start)
        let end = locator.location(atByteOffset: slip.end)
        let continuation = slip.continuation.map { offset in
            SourceSpan(path: tree.path, characterAt: locator.location(atByteOffset: offset), in: source.bytes)
        }
        return YAMLDiagnostics.indentationSlip(slip, at: SourceSpan(path: tree.path, start: start, end: end), continuation: continuation)
    }

    /// Orders the diagnostics by position (stable), the order reports show them in.
    private mutating func sortDiagnostics() {
        diagnostics = DiagnosticBag(diagnostics).sorted
    }

    /// Saturating addition for node counts, whatever limit the caller chose.
    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
