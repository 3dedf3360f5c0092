import FlowCompile
import FlowSource

/// Go to definition, find references and rename for every name of a flow
/// (``NamePlaces``). A rename edits each place where the name is written — keys, step
/// arguments, `${…}`, expressions, anchors and aliases — or refuses with the reason: a
/// name that is taken or not a valid one for its kind, a place written as a block scalar
/// or with escapes, a context value (its name is the host's), a handler only the manifest
/// declares, a handler's returned value.
extension LanguageServer {
    /// `textDocument/definition`: where the name at the position is defined; none (`null`) where no name is.
    func definition(_ request: LSPDocumentRequest) -> LSPLocation? {
        let names = namePlaces(request.document.uri)
        return names.place(at: request.offset).flatMap(names.definition(of:)).map { request.document.location($0.span) }
    }

    /// `textDocument/references`: every place naming what the name at the position names,
    /// its definitions unless the request leaves them out.
    func references(_ request: LSPDocumentRequest) -> [LSPLocation] {
        let names = namePlaces(request.document.uri)
        let places = names.place(at: request.offset).map(names.places(sharing:)) ?? []
        return places.filter { request.includeDeclaration || !$0.isDefinition }.map { request.document.location($0.span) }
    }

    /// `textDocument/prepareRename`: the range of the name at the position (its own
    /// characters, inside quotes, after `&`, for the client to select) and the name, or
    /// why it cannot be renamed; none (`null`) where no name is.
    func prepareRename(_ request: LSPDocumentRequest) throws(LSPError) -> JSONValue? {
        let names = namePlaces(request.document.uri)
        guard let place = names.place(at: request.offset) else { return nil }
        let edits = try edits(renaming: place, to: place.name, among: names, in: request.document)
        guard let own = edits.first(where: { $0.placeStart == place.span.start.offset }) else { return nil }
        return .object([("range", request.document.range(from: own.start, to: own.end).json), ("placeholder", place.name.json)])
    }

    /// `textDocument/rename`: the edits writing `newName` at every place of the name at the
    /// position, or why it is not renamed (``renameProblem(_:for:among:)``).
    func rename(_ request: LSPDocumentRequest) throws(LSPError) -> LSPWorkspaceEdit {
        let names = namePlaces(request.document.uri)
        guard let place = names.place(at: request.offset) else {
            throw LSPError(
                .requestFailed,
                request.analysis.root == nil
                    ? "the text does not load (see its diagnostics): nothing is renamed until it does" : "there is no name here to rename")
        }
        let name = request.newName ?? ""
        if let refusal = Self.refusal(of: place, among: names) { throw refusal }
        if let problem = Self.renameProblem(name, for: place, among: names) { throw LSPError(.requestFailed, problem) }
        let edits = try edits(renaming: place, to: name, among: names, in: request.document).map {
            LSPTextEdit(range: request.document.range(from: $0.start, to: $0.end), newText: $0.text)
        }
        return LSPWorkspaceEdit(uri: request.document.uri, edits: edits)
    }

    /// One text edit, in byte offsets.
    struct ByteEdit {
        var start: Int
        var end: Int
        var text: String
        /// Where the place it edits starts.
        var placeStart: Int
    }

    /// Why `place`'s name cannot be renamed whatever the new name: a context value (the
    /// host provides it by its name), a handler only the manifest declares, a handler's
    /// returned value (the handler gives it by its name); else `nil`.
    static func refusal(of place: NamePlaces.Place, among names: NamePlaces) -> LSPError? {
        if place.kind == .returnedValue {
            return LSPError(
                .requestFailed, "'\(place.name)' is a value its handler returns: the handler gives it by this name, so rename it in the handler, under its 'returns:' and where it is read together")
        }
        if place.kind == .context {
            return LSPError(
                .requestFailed, "'\(place.name)' is a context value: the host provides it by this name, so rename it in the host and under 'context:' together")
        }
        if place.kind == .handler, !names.places(of: place.name, .handler).contains(where: \.isDefinition) {
            return LSPError(.requestFailed, "handler '\(place.name)' is declared in the handler manifest, not in this file: rename it there first")
        }
        return nil
    }

    /// The edits writing `name` at every place of `place`'s name, or why it cannot be renamed.
    private func edits(
        renaming place: NamePlaces.Place, to name: String, among names: NamePlaces, in document: LSPDocument
    ) throws(LSPError) -> [ByteEdit] {
        if let refusal = Self.refusal(of: place, among: names) { throw refusal }
        var edits: [ByteEdit] = []
        for each in names.places(sharing: place) { edits.append(try edit(each, to: name, in: document)) }
        return edits
    }

    /// The edit writing `name` at `place`: in a whole scalar, after its anchor or tag and
    /// inside its quotes (a JSON string stays a string); after `&` or `*` for an anchor;
    /// exactly over the name's characters in an expression or a template — which must be
    /// the name as written, not escapes that make it.
    private func edit(_ place: NamePlaces.Place, to name: String, in document: LSPDocument) throws(LSPError) -> ByteEdit {
        let bytes = document.bytes
        let end = min(place.span.end.offset, bytes.count)
        let (line, character) = (place.span.start.line, place.span.start.column)
        if place.isScalar { return try scalarEdit(place.span, to: name, in: document, replacing: place.name) }
        let start = place.kind == .anchor ? place.span.start.offset + 1 : place.span.start.offset
        guard start <= end, Array(bytes[start..<end]) == Array(place.name.utf8) else {
            throw LSPError(.requestFailed, "'\(place.name)' is written with escapes at \(line):\(character): rename it there by hand, or write it plainly")
        }
        return ByteEdit(start: start, end: end, text: name, placeStart: place.span.start.offset)
    }

    /// The edit writing `text` in place of the scalar at `span`: after its anchor (`&name`)
    /// or tag (`!tag`), if any, which stay with the comment or line break after them; in the scalar's own quotes, if any. With
    /// `expected`, the scalar must be written as exactly that text (no escapes, not over
    /// several lines): else the edit is refused. A block scalar (`|`, `>`) is refused: its
    /// text is on the lines below.
    func scalarEdit(_ span: SourceSpan, to text: String, in document: LSPDocument, replacing expected: String? = nil) throws(LSPError) -> ByteEdit {
        let end = min(span.end.offset, document.bytes.count)
        // After the properties and what follows them: a comment, the next line.
        let start = YAMLNodeProperties.contentOffset(in: document.bytes, from: span.start.offset, end: end)
        func at(_ index: Int) -> UInt8 { index < end ? document.bytes[index] : 0 }
        let place = "\(span.start.line):\(span.start.column)"
        if at(start) == UInt8(ascii: "|") || at(start) == UInt8(ascii: ">") {
            throw LSPError(.requestFailed, "the name at \(place) is written as a block scalar (| or >): rename it there by hand")
        }
        let quoted = at(start) == UInt8(ascii: "\"") || at(start) == UInt8(ascii: "'")
        let edit = quoted ? ByteEdit(start: start + 1, end: max(start + 1, end - 1), text: text, placeStart: span.start.offset)
            : ByteEdit(start: start, end: end, text: text, placeStart: span.start.offset)
        if let expected, Array(document.bytes[edit.start..<edit.end]) != Array(expected.utf8) {
            throw LSPError(.requestFailed, "'\(expected)' at \(place) is written with escapes or over several lines: rename it there by hand")
        }
        return edit
    }

    /// Why `name` cannot replace `place`'s name, or `nil`. Screen ids are plain names
    /// (``isPlainName(_:)``); field ids and variables are names expressions read
    /// (``FlowCompile/Identifier``); handlers are one part of such a name (their values
    /// are read as `HANDLER.VALUE`) and no built-in step's; anchors are letters, digits,
    /// `-` and `_`. None may be taken by another thing of its namespace.
    static func renameProblem(_ name: String, for place: NamePlaces.Place, among names: NamePlaces) -> String? {
        let what: String
        switch place.kind {
        case .screen:
            guard isPlainName(name) else {
                return "'\(name)' is not a screen id to write plainly: letters, digits, '-', '_' and '.', starting with a letter or '_', not null, true or false"
            }
            what = "a screen '\(name)'"
        case .field, .variable, .context:
            guard Identifier.isName(name), isPlainName(name) else { return "'\(name)' is not a name: \(Identifier.rule)" }
            // A name expressions would read as something else: a built-in one (`screen.…`),
            // an event's value, or a handler's returned value.
            if ContextVariable.isReserved(name) || name.hasPrefix(EventDeclaration.payloadPrefix)
                || name.split(separator: ".").first.map({ names.handlerNames.contains(String($0)) }) == true
            {
                return "'\(name)' would be read as a built-in name, an event's value or a handler's returned value"
            }
            what = "a name '\(name)' that expressions read"
        case .handler:
            guard Identifier.isName(name), !name.contains("."), isPlainName(name) else {
                return "'\(name)' is not a handler name: letters, digits and '_', starting with a letter or '_'"
            }
            // Its values are read as `NAME.VALUE`: not a first part expressions already mean.
            let reserved = ContextVariable.reservedPrefixes + [EventDeclaration.payloadPrefix]
            guard !reserved.contains(name + ".") else { return "'\(name).…' already means something in expressions" }
            guard !BuiltInStep.all.contains(where: { $0.name == name }) else { return "'\(name)' is a built-in step" }
            what = "a handler '\(name)'"
        case .returnedValue:
            return "'\(place.name)' is a value its handler returns, named by the handler"
        case .anchor:
            guard !name.isEmpty, name.utf8.allSatisfy(Word.screenID.holds), !name.contains(".") else {
                return "'\(name)' is not an anchor name to write plainly: letters, digits, '-' and '_'"
            }
            what = "an anchor '\(name)'"
        }
        guard name == place.name || !names.isTaken(name, as: place.kind) else { return "\(what) exists already" }
        return nil
    }
}
