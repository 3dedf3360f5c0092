import FlowCompile
import FlowSource

/// Where a flow file names its screens: each screen's key under `screens:` (its
/// definition) and every place that names one as a target: `start:` and the arguments of
/// the built-in steps whose argument is a screen id (``FlowCompile/BuiltInStep/all``:
/// `push`, `present`, `replace`, `popTo`), at any depth (inside `if` branches and
/// `onFailure` too). Read from the located node tree, so a file with other errors still
/// has its references. What go-to-definition, find-references, rename and completion read.
struct ScreenReferences {
    /// One place a screen id is written: its text and its span (from its anchor or tag,
    /// if any, to its end, quotes included).
    struct Place {
        var id: String
        var span: SourceSpan
        var isDefinition: Bool
    }

    /// One button of a screen: its slot (`primaryAction`), its kind (`button`), its title
    /// as written (`nil` when blank), the slot key's span and the span from that key to its value's end.
    struct Button {
        var slot: String
        var kind: String
        var title: String?
        var key: SourceSpan
        var whole: SourceSpan
    }

    /// One screen under `screens:`: its key's span and the span from the key to the end of
    /// its value (a document symbol's selection and whole range), and its buttons.
    struct Screen {
        var id: String
        var key: SourceSpan
        var whole: SourceSpan
        var buttons: [Button]
    }

    /// The step names whose argument is a screen id, from the one table of steps.
    static let stepNames = Set(BuiltInStep.all.filter { $0.argument == .screenID }.map(\.name))

    private(set) var places: [Place] = []
    /// Each screen under `screens:`, in file order.
    private(set) var screens: [Screen] = []

    /// The places of the tree under `root`. O(nodes).
    init(root: Node?) {
        guard let root, case .mapping(let top) = root.kind else { return }
        var hasScreens = false
        for entry in top {
            switch entry.keyText {
            case "start": add(entry.value, isDefinition: false)
            case "screens":
                hasScreens = true
                if case .mapping(let entries) = entry.value.kind {
                    for screen in entries {
                        add(screen.key, isDefinition: true)
                        let buttons = walkScreen(screen.value)
                        guard let id = screen.keyText else { continue }
                        // A screen written as an alias of an earlier node: its buttons are there, not in its range.
                        let isAlias = screen.value.span.start.offset < screen.key.span.start.offset
                        screens.append(Screen(
                            id: id, key: screen.key.span, whole: Self.whole(screen.key.span, screen.value.span), buttons: isAlias ? [] : buttons))
                    }
                }
            default: break
            }
        }
        // A file of one screen is that screen: named by its `id` (or "screen"), its range the file's.
        if !hasScreens {
            let id = top.first { $0.keyText == "id" }
            let buttons = walkScreen(root)
            screens.append(Screen(id: id?.value.string ?? "screen", key: id?.value.span ?? root.span, whole: root.span, buttons: buttons))
        }
    }

    /// The screen ids defined, in file order.
    var definedIDs: [String] { places.filter(\.isDefinition).map(\.id) }

    /// From a key to the end of its value; an alias's value has its anchor's span,
    /// earlier in the file: then the key alone, so the range holds its selection.
    private static func whole(_ key: SourceSpan, _ value: SourceSpan) -> SourceSpan {
        let end = value.start.offset >= key.start.offset ? value.end : key.end
        return SourceSpan(path: key.path, start: key.start, end: end)
    }

    /// The buttons of `screen`, in the order written, once the screen ids the steps of
    /// each (its `action` and `onFailure`) name are added.
    private mutating func walkScreen(_ screen: Node) -> [Button] {
        guard case .mapping(let fields) = screen.kind else { return [] }
        var buttons: [Button] = []
        for field in fields {
            guard let slot = field.keyText, slot == "primaryAction" || slot == "secondaryAction",
                case .mapping(let kinds) = field.value.kind
            else { continue }
            for kind in kinds {
                var title: String?
                if case .mapping(let parts) = kind.value.kind {
                    title = parts.first { $0.keyText == "title" }?.value.string
                    for part in parts where part.keyText == "action" || part.keyText == "onFailure" { walkSteps(part.value) }
                }
                // A symbol needs a name: a blank title is the slot's.
                if title?.allSatisfy(\.isWhitespace) == true { title = nil }
                guard let name = kind.keyText else { continue }
                buttons.append(Button(slot: slot, kind: name, title: title, key: field.key.span, whole: Self.whole(field.key.span, field.value.span)))
            }
        }
        return buttons
    }

    /// A step, or a list of steps: the screen ids of navigation steps, and the branches of
    /// an `if`.
    private mutating func walkSteps(_ node: Node) {
        switch node.kind {
        case .scalar: return
        case .sequence(let items): for item in items { walkSteps(item) }
        case .mapping(let entries):
            for entry in entries {
                guard let key = entry.keyText else { continue }
                if Self.stepNames.contains(key) {
                    add(entry.value, isDefinition: false)
                } else if key == "if", case .mapping(let branch) = entry.value.kind {
                    for part in branch where part.keyText == "then" || part.keyText == "else" { walkSteps(part.value) }
                }
            }
        }
    }

    /// Offsets already recorded: an alias's expanded node has its anchor's span, so the
    /// one place is listed (and edited) once.
    private var seen: Set<Int> = []

    private mutating func add(_ node: Node, isDefinition: Bool) {
        guard case .scalar = node.kind, let text = node.string, !text.isEmpty, seen.insert(node.span.start.offset).inserted
        else { return }
        places.append(Place(id: text, span: node.span, isDefinition: isDefinition))
    }
}
