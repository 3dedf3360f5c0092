/// Generates flow files for the soundness property: 1–5 screens of the four styles, with
/// rating, text, editor and toggle fields, every kind of primary and secondary action,
/// `onFailure`, every navigation step, `openURL` with constant and template URLs,
/// `collectUserFeedback` with constant and template ratings (fields, arithmetic on them,
/// joined values, texts, toggles, `length`), `if` on fields and variables, `set` of
/// declared variables, divisions whose divisor may be zero, and custom steps declared
/// under `handlers:`.
///
/// Most flows are files of the format and many validate without any diagnostic: every
/// screen after the first is the target of an earlier screen's step, most screens have a
/// way out, names are always declared. Some choices are wrong on purpose (a rating
/// constant of 0, an `ftp:` URL, a rating value outside its range, a decimal stored in an
/// integer variable), so the validator's refusals are exercised too.
///
/// Constants stay small and templates never do arithmetic on variables, so the only
/// integer overflow a run can meet is a `set` or an `if` on a variable that a loop keeps
/// multiplying (which the property excludes).
///
/// The custom handlers are `ok`, `track` (an `integer` argument `n`), `lookup` (returns
/// `count`), which succeed, and `broken` and `flaky`, which the checker's host makes fail
/// (always, and every other call): host failures. A `collectUserFeedback` whose custom
/// `host` is `refuse` is refused by the host's sink, and an `openURL` of
/// `https://down.example/…` fails in the host's URL handler.
public struct SoundnessFlowGenerator: Sendable {
    public init() {}

    /// A flow's document, written out with ``YAMLTree/text``.
    public func flow<Source: ChoiceSource>(_ choices: inout Source) -> YAMLTree {
        var builder = Builder(choices: choices)
        let tree = builder.build()
        choices = builder.choices
        return tree
    }

    /// A field of the flow being built.
    struct Field {
        enum Kind {
            case rating(min: Int?, max: Int?)
            case text(format: String?)
            case editor
            case toggle
        }

        var id: String
        var kind: Kind
        var screen: Int

        var isRating: Bool { if case .rating = kind { true } else { false } }
        var isText: Bool {
            switch kind {
            case .text, .editor: true
            case .rating, .toggle: false
            }
        }
        var isToggle: Bool { if case .toggle = kind { true } else { false } }
        /// A rating whose every value is a valid feedback rating (1...5).
        var isWithinFeedbackRange: Bool {
            if case .rating(let min, let max) = kind { (min ?? 1) >= 1 && (max ?? 5) <= 5 } else { false }
        }
        /// A rating's range.
        var range: ClosedRange<Int>? {
            if case .rating(let min, let max) = kind { (min ?? 1)...(max ?? 5) } else { nil }
        }
    }

    /// A button of a screen being built: its kind and its steps.
    struct Button {
        var kind: String
        var steps: [YAMLTree]
        var onFailure: [YAMLTree] = []
    }

    /// The state of one generation.
    struct Builder<Source: ChoiceSource> {
        var choices: Source
        var screens: [String] = []
        var fields: [Field] = []
        var integerVariable = false
        var decimalVariable = false
        var contextValue = false
        var usedHandlers: Set<String> = []

        init(choices: Source) {
            self.choices = choices
        }

        mutating func build() -> YAMLTree {
            let count = 1 + choices.choose(5)
            screens = (0..<count).map { "s\($0)" }
            makeFields()
            integerVariable = choices.chance(50)
            decimalVariable = choices.chance(25)
            contextValue = choices.chance(25)

            var primaries: [Button?] = []
            var secondaries: [Button?] = []
            for index in screens.indices {
                primaries.append(primary(on: index))
                secondaries.append(secondary(on: index))
            }
            // Every screen after the first is shown by an earlier one.
            for index in screens.indices.dropFirst()
            where !isTarget(screens[index], Array(primaries[..<index]) + Array(secondaries[..<index])) {
                let parent = choices.choose(index)
                let step = YAMLTree.map([.init(choices.pick(["push", "push", "present", "replace"]), .plain(screens[index]))])
                if primaries[parent] != nil {
                    primaries[parent]?.steps.append(step)
                } else if secondaries[parent] != nil {
                    secondaries[parent]?.steps.append(step)
                } else {
                    primaries[parent] = Button(kind: "button", steps: [step])
                }
            }
            // Most screens have a way out.
            for index in screens.indices where choices.chance(80) {
                let exit = choices.pick([YAMLTree.plain("finish"), .plain("dismiss"), .map([.init("finish", .plain("done"))])])
                if secondaries[index] == nil {
                    secondaries[index] = Button(kind: choices.pick(["button", "link"]), steps: [exit])
                } else {
                    secondaries[index]?.steps.append(exit)
                }
            }

            var document: [YAMLTree.Entry] = [.init("version", .plain("1")), .init("id", .plain("generated"))]
            document.append(.init("start", .plain("s0")))
            if choices.chance(20) { document.append(.init("presentation", .plain("push"))) }
            if contextValue { document.append(.init("context", .map([.init("call.size", .plain("integer"))]))) }
            var variables: [YAMLTree.Entry] = []
            if integerVariable { variables.append(.init("v", .plain("integer"))) }
            if decimalVariable { variables.append(.init("d", .plain("decimal"))) }
            if !variables.isEmpty { document.append(.init("variables", .map(variables))) }
            let handlers = usedHandlers.sorted().map { YAMLTree.Entry($0, Self.declaration(of: $0)) }
            if !handlers.isEmpty { document.append(.init("handlers", .map(handlers))) }
            var screenEntries: [YAMLTree.Entry] = []
            for index in screens.indices {
                let tree = screen(index, primary: primaries[index], secondary: secondaries[index])
                screenEntries.append(.init(screens[index], tree))
            }
            document.append(.init("screens", .map(screenEntries)))
            return .map(document)
        }

        /// What `handlers:` declares for a handler name.
        static func declaration(of name: String) -> YAMLTree {
            switch name {
            case "track": .map([.init("arguments", .map([.init("n", .plain("integer"))]))])
            case "lookup": .map([.init("returns", .map([.init("count", .plain("integer"))]))])
            default: .map([])
            }
        }

        /// Whether some step of `buttons` (those of the screens before `screen`) pushes,
        /// presents or replaces `screen`.
        func isTarget(_ screen: String, _ buttons: [Button?]) -> Bool {
            func names(_ step: YAMLTree) -> Bool {
                switch step {
                case .map(let entries):
                    return entries.contains { entry in
                        if ["push", "present", "replace"].contains(entry.key), entry.value == .plain(screen) { return true }
                        if entry.key == "if" {
                            return [entry.value["then"], entry.value["else"]].contains { branch in
                                if case .list(let steps)? = branch { steps.contains(where: names) } else { false }
                            }
                        }
                        return false
                    }
                case .plain, .quoted, .list: return false
                }
            }
            return buttons.contains { button in
                guard let button else { return false }
                return (button.steps + button.onFailure).contains(where: names)
            }
        }

        // MARK: Fields

        mutating func makeFields() {
            var counts: [String: Int] = [:]
            for _ in 0..<choices.choose(6) {
                let kind: Field.Kind
                let prefix: String
                switch choices.choose(100) {
                case 0..<40:
                    prefix = "r"
                    let ranges: [(Int?, Int?)] = [
                        (nil, nil), (1, 5), (1, 3), (2, 4), (0, 10), (-3, 3), (-5, -1), (3, 8), (0, 1), (1, 10),
                    ]
                    let range = choices.pick(ranges)
                    kind = .rating(min: range.0, max: range.1)
                case 40..<65:
                    prefix = "t"
                    kind = .text(format: choices.pick([nil, "text", "email", "url", "phone"]))
                case 65..<75:
                    prefix = "e"
                    kind = .editor
                default:
                    prefix = "g"
                    kind = .toggle
                }
                let number = counts[prefix, default: 0]
                counts[prefix] = number + 1
                fields.append(Field(id: "\(prefix)\(number)", kind: kind, screen: choices.choose(screens.count)))
            }
        }

        mutating func block(_ field: Field) -> YAMLTree {
            var entries: [YAMLTree.Entry] = [.init("id", .plain(field.id))]
            if choices.chance(50) { entries.append(.init("label", .quoted("Field \(field.id)"))) }
            let kind: String
            switch field.kind {
            case .rating(let min, let max):
                kind = "rating"
                if let min { entries.append(.init("min", .plain(String(min)))) }
                if let max { entries.append(.init("max", .plain(String(max)))) }
                let low = min ?? 1, high = max ?? 5
                switch choices.choose(100) {
                case 0..<35: entries.append(.init("value", .plain(String(choices.number(in: low...high)))))
                case 35..<38: entries.append(.init("value", .plain(String(high + 1))))
                default: break
                }
                // Required: without a value it starts unrated, and its screen's primary action waits.
                if choices.chance(25) { entries.append(.init("required", .plain("true"))) }
            case .text(let format):
                kind = "textField"
                if let format { entries.append(.init("format", .plain(format))) }
                if choices.chance(30) { entries.append(.init("required", .plain("true"))) }
                if choices.chance(20) { entries.append(.init("maxLength", .plain(choices.pick(["3", "10", "40"])))) }
            case .editor:
                kind = "textEditor"
                if choices.chance(20) { entries.append(.init("required", .plain("true"))) }
                if choices.chance(15) { entries.append(.init("maxLength", .plain(choices.pick(["5", "100"])))) }
            case .toggle:
                kind = "toggle"
                if choices.chance(50) { entries.append(.init("value", .plain(choices.pick(["true", "false"])))) }
            }
            return .map([.init(kind, .map(entries))])
        }

        // MARK: Screens

        mutating func screen(_ index: Int, primary: Button?, secondary: Button?) -> YAMLTree {
            let style = choices.pick(["success", "informative", "error", "feedback"])
            var entries: [YAMLTree.Entry] = [.init("style", .plain(style))]
            if style == "feedback" { entries.append(.init("image", .plain("logo"))) }
            var title = "Screen \(index)"
            if let field = fields.isEmpty ? nil : choices.pick(fields), choices.chance(20) { title += " ${\(field.id)}" }
            entries.append(.init("title", .quoted(title)))
            let blocks = fields.filter { $0.screen == index }.map { block($0) }
            if !blocks.isEmpty { entries.append(.init("extraContent", .list(blocks))) }
            entries.append(.init("primaryAction", primary.map { tree(of: $0) } ?? .plain("none")))
            if let secondary { entries.append(.init("secondaryAction", tree(of: secondary))) }
            return .map(entries)
        }

        mutating func tree(of button: Button) -> YAMLTree {
            var entries: [YAMLTree.Entry] = [.init("title", .quoted(button.kind == "link" ? "More" : "Go"))]
            if button.kind == "retryButton", choices.chance(50) { entries.append(.init("loadingTitle", .quoted("Trying"))) }
            entries.append(.init("action", .list(button.steps)))
            if !button.onFailure.isEmpty { entries.append(.init("onFailure", .list(button.onFailure))) }
            return .map([.init(button.kind, .map(entries))])
        }

        mutating func primary(on index: Int) -> Button? {
            let kind: String
            switch choices.choose(100) {
            case 0..<65: kind = "button"
            case 65..<85: kind = "retryButton"
            default: return nil
            }
            return button(kind)
        }

        mutating func secondary(on index: Int) -> Button? {
            switch choices.choose(100) {
            case 0..<40: return nil
            case 40..<70: return button("button")
            default: return button("link")
            }
        }

        mutating func button(_ kind: String) -> Button {
            var result = Button(kind: kind, steps: steps(count: 1 + choices.choose(3), depth: 0))
            if choices.chance(20) { result.onFailure = steps(count: 1 + choices.choose(2), depth: 0) }
            return result
        }

        // MARK: Steps

        mutating func steps(count: Int, depth: Int) -> [YAMLTree] {
            (0..<count).map { _ in step(depth: depth) }
        }

        mutating func step(depth: Int) -> YAMLTree {
            switch choices.choose(100) {
            case 0..<36: return navigation()
            case 36..<54: return feedback()
            case 54..<66: return openURL()
            case 66..<78 where depth < 2: return branch(depth: depth)
            case 78..<86 where integerVariable || decimalVariable: return assignment()
            case 86..<100: return custom()
            default: return navigation()
            }
        }

        mutating func navigation() -> YAMLTree {
            let target = choices.chance(1) ? "nowhere" : choices.pick(screens)
            switch choices.choose(36) {
            case 0..<9: return .map([.init("push", .plain(target))])
            case 9..<14: return .map([.init("present", .plain(target))])
            case 14..<18: return .map([.init("replace", .plain(target))])
            case 18..<20: return .plain("pop")
            case 20..<25: return .map([.init("popTo", .plain(target))])
            case 25..<28: return .plain("popToRoot")
            case 28..<32: return .plain("dismiss")
            default: return choices.chance(50) ? .plain("finish") : .map([.init("finish", .plain("done"))])
            }
        }

        mutating func feedback() -> YAMLTree {
            var entries: [YAMLTree.Entry] = [.init("rating", ratingArgument())]
            if choices.chance(40) {
                let texts = fields.filter(\.isText)
                let reason = texts.isEmpty || choices.chance(30) ? "great" : "${\(choices.pick(texts).id)}"
                entries.append(.init("reason", .quoted(reason)))
            }
            if choices.chance(20) {
                let value: YAMLTree =
                    choices.chance(40)
                    ? .plain("refuse")
                    : .quoted(fields.isEmpty ? "app" : "${\(choices.pick(fields).id)}")
                entries.append(.init("custom", .map([.init(value == .plain("refuse") ? "host" : "source", value)])))
            }
            return .map([.init("collectUserFeedback", .map(entries))])
        }

        /// A `collectUserFeedback` rating: mostly constants from 1 to 5 and templates of
        /// the fields, with arithmetic, joins, texts, toggles and lengths.
        mutating func ratingArgument() -> YAMLTree {
            let ratings = fields.filter(\.isRating), texts = fields.filter(\.isText), toggles = fields.filter(\.isToggle)
            let constant = YAMLTree.plain(String(choices.number(in: 1...5)))
            switch choices.choose(100) {
            case 0..<18: return constant
            case 18..<20: return choices.pick([.plain("0"), .plain("6"), .quoted("3.5"), .quoted("x"), .plain("-1")])
            case 20..<40:
                // Mostly a rating whose whole range is a valid rating (others are refused).
                let within = ratings.filter(\.isWithinFeedbackRange)
                let pool = within.isEmpty || choices.chance(10) ? ratings : within
                guard !pool.isEmpty else { return constant }
                let field = choices.pick(pool)
                return .quoted("${\(field.id)}")
            case 40..<65:
                guard !ratings.isEmpty else { return constant }
                let op = choices.pick(["+", "-", "*", "/"])
                let k = choices.pick([0, 1, 2, 3, 4, 10])
                return .quoted("${\(choices.pick(ratings).id) \(op) \(k)}")
            case 65..<70:
                let parts = ratings + toggles
                guard !parts.isEmpty else { return constant }
                return .quoted("${\(choices.pick(parts).id)}${\(choices.pick(parts).id)}")
            case 70..<78:
                guard !texts.isEmpty else { return constant }
                return .quoted("${\(choices.pick(texts).id)}")
            case 78..<80:
                guard !toggles.isEmpty else { return constant }
                return .quoted("${\(choices.pick(toggles).id)}")
            case 80..<87:
                guard !texts.isEmpty else { return constant }
                return .quoted("${length(\(choices.pick(texts).id))}")
            case 87..<92:
                if integerVariable, choices.chance(70) { return .quoted("${v}") }
                if contextValue { return .quoted("${call.size}") }
                return constant
            case 92..<96:
                guard !ratings.isEmpty else { return constant }
                return .quoted(" ${\(choices.pick(ratings).id)} ")
            default:
                guard decimalVariable else { return constant }
                return .quoted("${d}")
            }
        }

        mutating func openURL() -> YAMLTree {
            let texts = fields.filter(\.isText)
            let url: YAMLTree
            switch choices.choose(100) {
            case 0..<27:
                url = choices.pick([
                    .quoted("https://example.com/help"), .quoted("mailto:help@example.com"), .quoted("tel:+15550100"),
                    .quoted("https://down.example/x"), .quoted("https://example.com/a?b=c"), .quoted("http://example.com"),
                ])
            case 27..<30:
                url = choices.pick([.quoted("ftp://example.com/file"), .quoted("example.com")])
            case 30..<50:
                guard let field = fields.isEmpty ? nil : choices.pick(fields) else { return openURLConstant() }
                url = .quoted("https://example.com/${\(field.id)}")
            case 50..<65:
                guard let field = texts.isEmpty ? nil : choices.pick(texts) else { return openURLConstant() }
                url = .quoted("${\(field.id)}")
            case 65..<75:
                guard let field = texts.isEmpty ? nil : choices.pick(texts) else { return openURLConstant() }
                url = .quoted("mailto:${\(field.id)}")
            case 75..<85:
                guard let field = texts.isEmpty ? nil : choices.pick(texts) else { return openURLConstant() }
                url = .quoted("${\(field.id)}://x")
            case 85..<92:
                guard let field = fields.isEmpty ? nil : choices.pick(fields) else { return openURLConstant() }
                url = .quoted("${\(field.id)}")
            default:
                guard let field = fields.isEmpty ? nil : choices.pick(fields) else { return openURLConstant() }
                url = .quoted("https://down.example/${\(field.id)}")
            }
            return .map([.init("openURL", url)])
        }

        mutating func openURLConstant() -> YAMLTree {
            .map([.init("openURL", .quoted("https://example.com/help"))])
        }

        mutating func branch(depth: Int) -> YAMLTree {
            var entries: [YAMLTree.Entry] = [.init("condition", .quoted(condition()))]
            entries.append(.init("then", .list(steps(count: 1 + choices.choose(2), depth: depth + 1))))
            let otherwise = choices.choose(3)
            if otherwise > 0 { entries.append(.init("else", .list(steps(count: otherwise, depth: depth + 1)))) }
            return .map([.init("if", .map(entries))])
        }

        mutating func assignment() -> YAMLTree {
            var entries: [YAMLTree.Entry] = []
            if integerVariable, !decimalVariable || choices.chance(60) {
                let k = choices.number(in: 0...3)
                let value =
                    switch choices.choose(100) {
                    case 0..<25: "v + 1"
                    case 25..<45: "\(integerAtom()) * \(choices.number(in: 1...3))"
                    case 45..<60: "v * \(integerAtom())"
                    case 60..<80: "\(integerAtom()) - \(k)"
                    case 80..<95: "v + \(integerAtom())"
                    default: "\(integerAtom()) / \(choices.number(in: 1...2))"
                    }
                entries.append(.init("v", .quoted(value)))
            } else {
                let k = choices.number(in: 0...3)
                let value =
                    switch choices.choose(100) {
                    case 0..<35: "\(choices.pick([1, 10])) / \(integerAtom())"
                    case 35..<60: "\(integerAtom()) / (\(integerAtom()) - \(k))"
                    case 60..<80: "\(integerAtom()) / \(choices.number(in: 1...4))"
                    default: "d + 0.5"
                    }
                entries.append(.init("d", .quoted(value)))
            }
            return .map([.init("set", .map(entries))])
        }

        mutating func custom() -> YAMLTree {
            let name = choices.pick(["ok", "ok", "track", "lookup", "broken", "flaky"])
            usedHandlers.insert(name)
            guard name == "track" else { return .plain(name) }
            let ratings = fields.filter(\.isRating)
            let argument: YAMLTree =
                ratings.isEmpty || choices.chance(30)
                ? .plain(String(choices.number(in: 0...9))) : .quoted("${\(choices.pick(ratings).id)}")
            return .map([.init(name, .map([.init("n", argument)]))])
        }

        // MARK: Expressions

        /// An integer-valued name or call: a rating, a text's length, the integer
        /// variable, the host's context value, or (rarely, or when there is none) a small
        /// constant.
        mutating func integerAtom() -> String {
            guard let operand = integerOperand(), choices.chance(90) else { return String(choices.number(in: 0...4)) }
            return operand.text
        }

        /// An integer-valued name or call and the values it takes when they are few (a
        /// rating's range); `nil` when the flow has none. Conditions are built on these,
        /// never on constants alone, which `validate` rightly calls constant.
        mutating func integerOperand() -> (text: String, range: ClosedRange<Int>?)? {
            var atoms: [(String, ClosedRange<Int>?)] = fields.filter(\.isRating).map { ($0.id, $0.range) }
            atoms += fields.filter(\.isText).map { ("length(\($0.id))", nil) }
            if integerVariable { atoms.append(("v", nil)) }
            if contextValue { atoms.append(("call.size", nil)) }
            return atoms.isEmpty ? nil : choices.pick(atoms)
        }

        /// A boolean condition over the fields and variables.
        mutating func condition() -> String {
            let first = simpleCondition()
            switch choices.choose(100) {
            case 0..<8: return "\(first) && \(simpleCondition())"
            case 8..<15: return "\(first) || \(simpleCondition())"
            default: return first
            }
        }

        mutating func simpleCondition() -> String {
            let texts = fields.filter(\.isText), toggles = fields.filter(\.isToggle)
            let k = choices.number(in: 0...5)
            switch choices.choose(100) {
            case 0..<40:
                // A bound inside the operand's values, so the comparison is not constant.
                guard let operand = integerOperand() else { return "screen.id == 's0'" }
                let bound = operand.range.map { choices.number(in: $0) } ?? k
                return "\(operand.text) \(choices.pick(["<=", "==", ">", "!=", "<"])) \(bound)"
            case 40..<52:
                guard !toggles.isEmpty else { return "screen.id != 's1'" }
                return (choices.chance(50) ? "!" : "") + choices.pick(toggles).id
            case 52..<66:
                guard let text = texts.isEmpty ? nil : choices.pick(texts) else { return "screen.id == 's1'" }
                return choices.pick([
                    "isEmpty(\(text.id))", "!isEmpty(\(text.id))", "contains(\(text.id), '@')", "\(text.id) == 'yes'",
                ])
            case 66..<80:
                // A division by a name whose values may include 0.
                guard let operand = integerOperand() else { return "screen.id == 's0'" }
                let numerator = operand.range.map { abs(choices.number(in: $0)) } ?? choices.pick([1, 10])
                return "\(numerator) / \(operand.text) >= 1"
            case 80..<90:
                guard let operand = integerOperand(), let other = integerOperand() else { return "screen.id == 's0'" }
                return "\(operand.text) / (\(other.text) - \(choices.number(in: 0...3))) >= 1"
            default:
                guard decimalVariable else { return "flow.id == 'generated' && screen.id != 's\(k)'" }
                return "d > 1.5"
            }
        }
    }
}
