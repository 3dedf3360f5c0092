import FlowCompile
import FlowSource

/// Where a flow file names its screens: each screen's key under `screens:` (its
/// definition) and every place that names one as a target: `start:` and the arguments of
/// the built-in steps whose argument is a screen id (``FlowCompile/BuiltInStep/all``:
/// `push`, `present`, `replace`, `popTo`), at any depth (inside `if` branches and
/// `onFailure` too). Read from the located node tree, so a file with other errors still
/// has its references. What go-to-definition, find-references, rename and completion read.
struct ScreenReferences {
    /// One place a screen id is written: its text and its span (quotes included).
    struct Place {
        var id: String
        var span: SourceSpan
        var isDefinition: Bool
    }

    /// The step names whose argument is a screen id, from the one table of steps.
    static let stepNames = Set(BuiltInStep.all.filter { $0.argument == .screenID }.map(\.name))

    private(set) var places: [Place] = []
    /// Each screen under `screens:`: its key's span and the span from the key to the end
    /// of its value (a document symbol's selection and whole range).
    private(set) var screens: [(id: String, key: SourceSpan, whole: SourceSpan)] = []

    /// The places of the tree under `root`. O(nodes).
    init(root: Node?) {
        guard let root, case .mapping(let top) = root.kind else { return }
        for entry in top {
            switch entry.keyText {
            case "start": add(entry.value, isDefinition: false)
            case "screens":
                if case .mapping(let entries) = entry.value.kind {
                    for screen in entries {
                        add(screen.key, isDefinition: true)
                        if let id = screen.keyText {
                            let whole = SourceSpan(file: screen.key.span.file, start: screen.key.span.start, end: screen.value.span.end)
                            screens.append((id, screen.key.span, whole))
                        }
                    }
                }
            default: break
            }
        }
        walk(root)
    }

    /// The screen ids defined, in file order.
    var definedIDs: [String] { places.filter(\.isDefinition).map(\.id) }

    /// The place whose span holds byte `offset` (its end included, where a cursor stands
    /// just after a word).
    func place(at offset: Int) -> Place? {
        places.first { $0.span.start.offset <= offset && offset <= $0.span.end.offset }
    }

    /// Every place naming `id`, definitions first, then in file order.
    func places(of id: String) -> [Place] {
        places.filter { $0.id == id && $0.isDefinition } + places.filter { $0.id == id && !$0.isDefinition }
    }

    private mutating func walk(_ node: Node) {
        switch node.kind {
        case .scalar: return
        case .sequence(let items): for item in items { walk(item) }
        case .mapping(let entries):
            for entry in entries {
                if let key = entry.keyText, Self.stepNames.contains(key) { add(entry.value, isDefinition: false) }
                walk(entry.value)
            }
        }
    }

    private mutating func add(_ node: Node, isDefinition: Bool) {
        guard case .scalar(let text, _) = node.kind, !text.isEmpty else { return }
        places.append(Place(id: text, span: node.span, isDefinition: isDefinition))
    }
}
