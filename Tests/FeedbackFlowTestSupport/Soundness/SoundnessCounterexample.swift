import FeedbackFlowCore
import FlowCompile

/// A flow that validates with no error and no warning, and a run of it in which a step
/// fails by the flow's own doing.
public struct SoundnessCounterexample: Sendable, Hashable, CustomStringConvertible {
    /// The flow's document, when it was generated (the minimizer shrinks it).
    public var tree: YAMLTree?
    /// The flow's text.
    public var flowText: String
    /// The run, up to and including the action during which the step failed.
    public var run: SoundnessRun
    /// The failure.
    public var failure: SoundnessFailure
    /// What caused it, in words that leave the values out (``cause(of:in:)``).
    public var cause: String

    public init(tree: YAMLTree?, flowText: String, run: SoundnessRun, failure: SoundnessFailure, flow: Flow) {
        self.tree = tree
        self.flowText = flowText
        self.run = SoundnessRun(Array(run.actions.prefix(failure.actionIndex + 1)))
        self.failure = failure
        self.cause = Self.cause(of: failure, in: flow)
    }

    public var description: String {
        """
        \(failure)
        cause: \(cause)
        --- flow
        \(flowText)--- run
        \(run.text)---
        """
    }

    /// The failing step as the flow writes it, its names of fields and variables replaced
    /// by their kinds (`rating`, `text`, `toggle`, `variable`, `context`) and its numbers
    /// by `k` (`0` kept), then the failure's ``SoundnessFailure/key``:
    /// `collectUserFeedback rating ${rating + k} — collectUserFeedback: rating must be …`.
    /// When the screen has several steps of that name, each shape is given, sorted.
    public static func cause(of failure: SoundnessFailure, in flow: Flow) -> String {
        let names = kindsOfNames(in: flow)
        var shapes: Set<String> = []
        if let screen = flow.screens.first(where: { $0.id == failure.screenID }) {
            var steps: [Step] = []
            for action in screen.actions { collect(action.steps, named: failure.step, into: &steps) }
            for step in steps { shapes.insert(normalized(written(step), names: names)) }
        }
        let written = shapes.isEmpty ? failure.step : shapes.sorted().joined(separator: " | ")
        return "\(written) — \(failure.key)"
    }

    /// The steps named `name` in `steps`, in `if` branches too.
    static func collect(_ steps: [Step], named name: String, into found: inout [Step]) {
        for step in steps {
            if step.kind.name == name { found.append(step) }
            if case .branch(let branch) = step.kind {
                collect(branch.then, named: name, into: &found)
                collect(branch.otherwise, named: name, into: &found)
            }
        }
    }

    /// A step as written, in short: its name and the argument that can fail.
    static func written(_ step: Step) -> String {
        switch step.kind {
        case .collectUserFeedback(let request): "collectUserFeedback rating \(request.rating?.raw ?? "(none)")"
        case .openURL(let url): "openURL \(url.raw)"
        case .branch(let branch): "if \(branch.condition.text)"
        case .assign(let assignments): "set " + assignments.map { "\($0.name) = \($0.value.text)" }.joined(separator: ", ")
        case .navigate(let operation): operation.name
        case .finish, .custom, .perform: step.kind.name
        }
    }

    /// Each field id, variable and context name of `flow`, with its kind's word.
    static func kindsOfNames(in flow: Flow) -> [String: String] {
        var names: [String: String] = [:]
        for screen in flow.screens {
            for block in screen.fields {
                guard let field = block.field else { continue }
                switch field.kind {
                case .rating: names[field.id] = "rating"
                case .textField, .textEditor: names[field.id] = "text"
                case .toggle: names[field.id] = "toggle"
                }
            }
        }
        for variable in flow.variables { names[variable.name] = "variable" }
        for value in flow.context { names[value.name] = "context" }
        return names
    }

    /// `text` with the names of `names` replaced by their words, and numbers by `k`.
    static func normalized(_ text: String, names: [String: String]) -> String {
        var out = ""
        var token = ""
        func flush() {
            guard !token.isEmpty else { return }
            if let first = token.first, first.isNumber {
                out += token == "0" ? "0" : "k"
            } else {
                out += names[token] ?? token
            }
            token = ""
        }
        var quoted = false
        for character in text {
            if quoted {
                out.append(character)
                if character == "'" { quoted = false }
                continue
            }
            if character.isLetter || character.isNumber || character == "_" || (character == "." && !token.isEmpty) {
                token.append(character)
            } else {
                flush()
                out.append(character)
                if character == "'" { quoted = true }
            }
        }
        flush()
        return out
    }
}
