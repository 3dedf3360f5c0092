import FlowCompile
import FlowSource

/// Go to definition, find references and rename for every name of a flow
/// (``NamePlaces``). A rename edits each place where the name is written — keys, step
/// arguments, `${…}`, expressions, anchors and aliases — or refuses with the reason: a
/// name that is taken or not a valid one for its kind, a place written as a block scalar
/// or with escapes, a context value (its name is the host's), a handler only the manifest
/// declares, a handler's returned value.
extension LanguageServer {
    /// Why a name cannot be renamed, said to the person (LSP `RequestFailed`, -32803).
    struct RenameRefusal: Error {
        var message: String
    }

    /// The requests about the name at a position.
    enum NameRequest {
        case definition, references, prepareRename, rename
    }

    /// Answers `request` (with its `params`) about the name at byte `offset` of `document`.
    func answer(_ request: NameRequest, id: RPCValue, params: RPCValue, at offset: Int, in document: LSPDocument) {
        let names = namePlaces(document.uri)
        let place = names.place(at: offset)
        func location(_ span: SourceSpan) -> JSONValue {
            .object([("uri", .string(document.uri)), ("range", range(span, in: document))])
        }
        switch request {
        case .definition:
            respond(id: id, result: place.flatMap(names.definition(of:)).map { location($0.span) } ?? .null)
        case .references:
            let withDeclaration = params["context"]?["includeDeclaration"] != .bool(false)
            let places = place.map { names.places(sharing: $0) } ?? []
            respond(id: id, result: .array(places.filter { withDeclaration || !$0.isDefinition }.map { location($0.span) }))
        case .prepareRename:
            guard let place else { return respond(id: id, result: .null) }
            switch edits(renaming: place, to: place.name, among: names, in: document) {
            case .success(let edits):
                // The name's own characters (inside quotes, after `&`), for the client to select.
                guard let own = edits.first(where: { $0.placeStart == place.span.start.offset }) else { return respond(id: id, result: .null) }
                respond(
                    id: id,
                    result: .object([("range", range(from: own.start, to: own.end, in: document)), ("placeholder", .string(place.name))]))
            case .failure(let refusal): respond(id: id, error: -32803, refusal.message)
            }
        case .rename:
            guard let place else {
                let reason =
                    analysis(of: document.uri)?.root == nil
                    ? "the text does not load (see its diagnostics): nothing is renamed until it does"
                    : "there is no name here to rename"
                return respond(id: id, error: -32803, reason)
            }
            let name = params["newName"]?.string ?? ""
            if let refusal = Self.refusal(of: place, among: names) { return respond(id: id, error: -32803, refusal.message) }
            if let problem = Self.renameProblem(name, for: place, among: names) { return respond(id: id, error: -32803, problem) }
            switch edits(renaming: place, to: name, among: names, in: document) {
            case .success(let edits):
                let changes = edits.map { edit -> JSONValue in
                    .object([("range", range(from: edit.start, to: edit.end, in: document)), ("newText", .string(edit.text))])
                }
                respond(id: id, result: .object([("changes", .object([(document.uri, .array(changes))]))]))
            case .failure(let refusal): respond(id: id, error: -32803, refusal.message)
            }
        }
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
    static func refusal(of place: NamePlaces.Place, among names: NamePlaces) -> RenameRefusal? {
        if place.kind == .returnedValue {
            return RenameRefusal(
                message: "'\(place.name)' is a value its handler returns: the handler gives it by this name, so rename it in the handler, under its 'returns:' and where it is read together")
        }
        if place.kind == .context {
            return RenameRefusal(
                message: "'\(place.name)' is a context value: the host provides it by this name, so rename it in the host and under 'context:' together")
        }
        if place.kind == .handler, !names.places(of: place.name, .handler).contains(where: \.isDefinition) {
            return RenameRefusal(message: "handler '\(place.name)' is declared in the handler manifest, not in this file: rename it there first")
        }
        return nil
    }

    /// The edits writing `name` at every place of `place`'s name, or why it cannot be renamed.
    private func edits(
        renaming place: NamePlaces.Place, to name: String, among names: NamePlaces, in document: LSPDocument
    ) -> Result<[ByteEdit], RenameRefusal> {
        if let refusal = Self.refusal(of: place, among: names) { return .failure(refusal) }
        let places = names.places(sharing: place)
        if place.kind == .handler, !places.contains(where: \.isDefinition) {
            return .failure(RenameRefusal(message: "handler '\(place.name)' is declared in the handler manifest, not in this file: rename it there first"))
        }
        var edits: [ByteEdit] = []
        for each in places {
            switch edit(each, to: name, in: document) {
            case .success(let edit): edits.append(edit)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(edits)
    }

    /// The edit writing `name` at `place`: in a whole scalar, after its anchor or tag and
    /// inside its quotes (a JSON string stays a string); after `&` or `*` for an anchor;
    /// exactly over the name's characters in an expression or a template — which must be
    /// the name as written, not escapes that make it.
    private func edit(_ place: NamePlaces.Place, to name: String, in document: LSPDocument) -> Result<ByteEdit, RenameRefusal> {
        let bytes = document.bytes
        let end = min(place.span.end.offset, bytes.count)
        let (line, character) = (place.span.start.line, place.span.start.column)
        if place.isScalar {
            switch scalarEdit(place.span, to: name, in: document, replacing: place.name) {
            case .success(let edit): return .success(ByteEdit(start: edit.start, end: edit.end, text: edit.text, placeStart: place.span.start.offset))
            case .failure(let refusal): return .failure(refusal)
            }
        }
        let start = place.kind == .anchor ? place.span.start.offset + 1 : place.span.start.offset
        guard start <= end, Array(bytes[start..<end]) == Array(place.name.utf8) else {
            return .failure(RenameRefusal(
                message: "'\(place.name)' is written with escapes at \(line):\(character): rename it there by hand, or write it plainly"))
        }
        return .success(ByteEdit(start: start, end: end, text: name, placeStart: place.span.start.offset))
    }

    /// The edit writing `text` in place of the scalar at `span`: after its anchor (`&name`)
    /// or tag (`!tag`), if any, which stay with the comment or line break after them; in the scalar's own quotes, if any. With
    /// `expected`, the scalar must be written as exactly that text (no escapes, not over
    /// several lines): else the edit is refused. A block scalar (`|`, `>`) is refused: its
    /// text is on the lines below.
    func scalarEdit(_ span: SourceSpan, to text: String, in document: LSPDocument, replacing expected: String? = nil) -> Result<ByteEdit, RenameRefusal> {
        let end = min(span.end.offset, document.bytes.count)
        // After the properties and what follows them: a comment, the next line.
        let start = YAMLNodeProperties.contentOffset(in: document.bytes, from: span.start.offset, end: end)
        func at(_ index: Int) -> UInt8 { index < end ? document.bytes[index] : 0 }
        let place = "\(span.start.line):\(span.start.column)"
        if at(start) == UInt8(ascii: "|") || at(start) == UInt8(ascii: ">") {
            return .failure(RenameRefusal(message: "the name at \(place) is written as a block scalar (| or >): rename it there by hand"))
        }
        let quoted = at(start) == UInt8(ascii: "\"") || at(start) == UInt8(ascii: "'")
        let edit = quoted ? ByteEdit(start: start + 1, end: max(start + 1, end - 1), text: text, placeStart: span.start.offset)
            : ByteEdit(start: start, end: end, text: text, placeStart: span.start.offset)
        if let expected, Array(document.bytes[edit.start..<edit.end]) != Array(expected.utf8) {
            return .failure(RenameRefusal(message: "'\(expected)' at \(place) is written with escapes or over several lines: rename it there by hand"))
        }
        return .success(edit)
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
