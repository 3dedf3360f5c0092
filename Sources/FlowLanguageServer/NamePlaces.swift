import FlowCompile
import FlowSource

/// Every place one open document writes each of its names: screen ids (read from the
/// node tree, ``ScreenReferences``), field ids, declared context values and variables,
/// handlers and the values they return (from the decoded flow,
/// ``FlowCompile/FlowNameIndex``), and YAML anchors
/// with their aliases (from the loader). What go to definition, find references, rename
/// and hover read. Empty for a text that does not load, so no request edits by the
/// offsets of an older text.
struct NamePlaces {
    /// What a name names.
    enum Kind: String, Hashable {
        case screen, field, context, variable, handler
        /// A value a handler returns, named `HANDLER.VALUE`, placed at its `VALUE` part.
        case returnedValue
        /// A YAML anchor (`&name`) and its aliases (`*name`).
        case anchor

        init(_ kind: FlowNameIndex.Kind) {
            switch kind {
            case .screen: self = .screen
            case .field: self = .field
            case .context: self = .context
            case .variable: self = .variable
            case .handler: self = .handler
            case .returnedValue: self = .returnedValue
            }
        }
    }

    /// One place a name is written.
    struct Place: Hashable {
        var name: String
        var kind: Kind
        /// A whole scalar (``isScalar``), `&name`/`*name` for anchors, else the name's characters.
        var span: SourceSpan
        var isDefinition: Bool
        /// Whether `span` is a whole scalar, from its anchor or tag to its end, quotes included.
        var isScalar: Bool
    }

    private(set) var places: [Place] = []
    /// The decoded flow's names and expressions with their types; `nil` when it does not decode.
    let index: FlowNameIndex?
    /// Every name an expression may read (fields, context, variables, what handlers
    /// return, the host's names): a field or variable renamed to one would change meaning.
    private(set) var readableNames: Set<String> = []
    /// The handlers' names, the manifest's included.
    private(set) var handlerNames: Set<String> = []

    /// The places of `screens`, `index` and `anchors`; a place written twice in the model
    /// (an alias's node has its anchor's spans) is kept once.
    init(screens: ScreenReferences, index: FlowNameIndex?, anchors: [AnchorPlace]) {
        self.index = index
        var seen: Set<Key> = []
        func add(_ place: Place) {
            if seen.insert(Key(offset: place.span.start.offset, kind: place.kind)).inserted { places.append(place) }
        }
        for place in screens.places {
            add(Place(name: place.id, kind: .screen, span: place.span, isDefinition: place.isDefinition, isScalar: true))
        }
        for occurrence in index?.occurrences ?? [] {
            add(Place(
                name: occurrence.name, kind: Kind(occurrence.kind), span: occurrence.span, isDefinition: occurrence.isDefinition,
                isScalar: occurrence.isScalar))
        }
        readableNames = index.map { Set($0.types.keys) } ?? []
        handlerNames = index?.handlerNames ?? []
        for anchor in anchors {
            add(Place(name: anchor.name, kind: .anchor, span: anchor.span, isDefinition: !anchor.isAlias, isScalar: false))
        }
    }

    private struct Key: Hashable {
        var offset: Int
        var kind: Kind
    }

    /// The narrowest place whose span holds byte `offset` (its end included, where a
    /// cursor stands just after a word). O(places).
    func place(at offset: Int) -> Place? {
        Self.narrowest(places, at: offset, \.span)
    }

    /// The item of `items` whose span is the narrowest holding byte `offset` (its end
    /// included). O(items).
    static func narrowest<Item>(_ items: [Item], at offset: Int, _ span: (Item) -> SourceSpan) -> Item? {
        var best: (item: Item, width: Int)?
        for item in items {
            let spot = span(item)
            guard spot.start.offset <= offset, offset <= spot.end.offset else { continue }
            let width = spot.end.offset - spot.start.offset
            if width < best?.width ?? Int.max { best = (item, width) }
        }
        return best?.item
    }

    /// The definition `place` refers to: for an anchor, the last `&name` before it (a
    /// later anchor of the same name redefines it, YAML 1.2 §7.1); else the first definition.
    func definition(of place: Place) -> Place? {
        let definitions = places(of: place.name, place.kind).filter(\.isDefinition)
        guard place.kind == .anchor else { return definitions.first }
        return definitions.last { $0.span.start.offset <= place.span.start.offset } ?? definitions.first
    }

    /// Every place naming `name` as `kind`, definitions first, then in file order.
    func places(of name: String, _ kind: Kind) -> [Place] {
        let all = places.filter { $0.name == name && $0.kind == kind }.sorted { $0.span.start.offset < $1.span.start.offset }
        return all.filter(\.isDefinition) + all.filter { !$0.isDefinition }
    }

    /// The places that name what `place` names: for an anchor, its `&name` and the aliases
    /// up to the next anchor of that name (which redefines it, YAML 1.2 §7.1); else every
    /// place of its name and kind (``places(of:_:)``).
    func places(sharing place: Place) -> [Place] {
        guard place.kind == .anchor, let definition = definition(of: place) else { return places(of: place.name, place.kind) }
        let all = places(of: place.name, .anchor).sorted { $0.span.start.offset < $1.span.start.offset }
        let next = all.first { $0.isDefinition && $0.span.start.offset > definition.span.start.offset }?.span.start.offset ?? Int.max
        return all.filter { $0.span.start.offset >= definition.span.start.offset && $0.span.start.offset < next }
    }

    /// Whether `name` is taken by another thing `kind`'s names share a namespace with:
    /// screens with screens, anchors with anchors, handlers with handlers, and field ids,
    /// context values and variables (all read by expressions) with one another.
    func isTaken(_ name: String, as kind: Kind) -> Bool {
        let kinds: Set<Kind> =
            switch kind {
            case .screen: [.screen]
            case .anchor: [.anchor]
            case .handler: [.handler]
            case .returnedValue: [.returnedValue]
            case .field, .context, .variable: [.field, .context, .variable]
            }
        if kinds.contains(.field), readableNames.contains(name) { return true }
        if kinds.contains(.handler), handlerNames.contains(name) { return true }
        return places.contains { $0.isDefinition && $0.name == name && kinds.contains($0.kind) }
    }
}
