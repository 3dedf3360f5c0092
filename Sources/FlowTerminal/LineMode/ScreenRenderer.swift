import FlowCompile
import FeedbackFlowCore

/// Draws a ``ScreenSnapshot`` as plain lines for line mode, styled with a
/// ``TerminalStyle`` (so with the style off the text has no escape sequence at all).
///
/// Every text from the flow or from the user passes through ``sanitize(_:)``: control
/// characters other than newline and tab, and bidirectional formatting characters,
/// become U+FFFD (``DisplayText``), so a title or a typed value can never smuggle an
/// escape sequence onto the terminal or reorder what it is drawn next to.
struct ScreenRenderer {
    let style: TerminalStyle

    /// The whole screen, ending with a newline.
    func render(_ snapshot: ScreenSnapshot) -> String {
        var lines: [String] = []
        lines.append(header(snapshot))
        lines.append(contentsOf: sanitize(snapshot.title).split(separator: "\n", omittingEmptySubsequences: false)
            .map { style.apply(String($0), .bold) })
        if let subtitle = snapshot.subtitle {
            lines.append(contentsOf: sanitize(subtitle).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        if !snapshot.content.isEmpty {
            lines.append("")
            for block in snapshot.content { lines.append(contentsOf: render(block)) }
        }
        let actions = Self.actions(of: snapshot)
        if !actions.isEmpty {
            lines.append("")
            for (number, action) in actions.enumerated() { lines.append(render(action, number: number + 1)) }
        }
        if let error = snapshot.errorMessage {
            lines.append(style.apply("  error: " + sanitize(error), .red))
        }
        lines.append(hint(snapshot, actions: actions))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The actions as numbered on screen: the primary first, then the secondary.
    static func actions(of snapshot: ScreenSnapshot) -> [ActionSnapshot] {
        [snapshot.primary, snapshot.secondary].compactMap { $0 }
    }

    /// `── ★ feedback (image: feedbackLogo) · rate-call · stacks [2, 1] ──`
    func header(_ snapshot: ScreenSnapshot) -> String {
        let marker: String
        let color: TerminalStyle.Attribute
        switch snapshot.style {
        case .success: (marker, color) = ("✔ success", .green)
        case .informative: (marker, color) = ("ℹ informative", .blue)
        case .error: (marker, color) = ("✖ error", .red)
        case .feedback(let image): (marker, color) = ("★ feedback (image: \(sanitize(image)))", .magenta)
        }
        let depths = snapshot.stackDepths.map(String.init).joined(separator: ", ")
        return "── " + style.apply(marker, color, .bold) + " · " + sanitize(snapshot.instance.screenID)
            + " · stacks [\(depths)] ──"
    }

    func render(_ block: ContentSnapshot) -> [String] {
        switch block {
        case .text(let text):
            return sanitize(text).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        case .image(let name):
            return ["  [image: \(sanitize(name))]"]
        case .custom(let custom):
            return ["  [custom: \(sanitize(custom.type))]"]
        case .field(let field):
            return render(field)
        }
    }

    /// `  Email Address * [email]: ada@example.com` (`  [comment]: …` without a label)
    /// and, when the value is wrong, a second line with the problem.
    func render(_ field: FieldSnapshot) -> [String] {
        let required = field.isRequired ? " *" : ""
        let head = field.label.map { "  \(sanitize($0))\(required) [\(sanitize(field.id))]: " }
            ?? "  [\(sanitize(field.id))]\(required): "
        var lines: [String]
        switch field.value {
        case .rating(let value):
            var text = "\(value) (\(rangeText(field.kind)))"
            // Stars (★ set, ☆ not) for the usual 1…N scale (N ≤ 10).
            if case .rating(let min, let max, _) = field.kind, min == 1, max <= 10, value >= 1, value <= max {
                text = String(repeating: "★", count: value) + String(repeating: "☆", count: max - value) + "  " + text
            }
            lines = [head + text]
        case .unrated:
            let stars = if case .rating(1, let max, _) = field.kind, max <= 10 { String(repeating: "☆", count: max) + "  " } else { "" }
            lines = [head + stars + style.apply("(not rated — \(rangeText(field.kind)))", .dim)]
        case .toggle(let on):
            lines = [head + (on ? "on" : "off")]
        case .text(let text):
            if text.isEmpty {
                let placeholder = field.placeholder.map { "(empty — \(sanitize($0)))" } ?? "(empty)"
                lines = [head + style.apply(placeholder, .dim)]
            } else {
                let textLines = sanitize(text).split(separator: "\n", omittingEmptySubsequences: false)
                lines = [head + textLines[0]] + textLines.dropFirst().map { "      " + $0 }
            }
        }
        if let problem = field.problem {
            lines.append(style.apply("    ! " + sanitize(problem), .red))
        }
        return lines
    }

    private func rangeText(_ kind: FieldKind) -> String {
        if case .rating(let min, let max, _) = kind { return "\(min)–\(max)" }
        return ""
    }

    /// `  1) Submit  [disabled]`, `  2) Contact Us  (link)`, `  1) Retrying…  [loading…]`.
    func render(_ action: ActionSnapshot, number: Int) -> String {
        var line = "  \(number)) " + sanitize(action.title)
        if action.kind == .link { line += "  (link)" }
        if action.isLoading {
            line += "  " + style.apply("[loading…]", .yellow)
        } else if !action.isEnabled {
            line += "  " + style.apply("[disabled]", .dim)
        }
        return action.isEnabled || action.isLoading ? line : style.apply(line, .dim)
    }

    private func hint(_ snapshot: ScreenSnapshot, actions: [ActionSnapshot]) -> String {
        var parts: [String] = []
        switch actions.count {
        case 0: break
        case 1: parts.append("1 to tap")
        default: parts.append("1–\(actions.count) to tap")
        }
        if !snapshot.fields.isEmpty { parts.append("set ID VALUE to fill") }
        parts.append("help for all commands")
        return style.apply("(" + parts.joined(separator: ", ") + ")", .dim)
    }

    /// `text` as it may reach the terminal: ``DisplayText/sanitized(_:keepingLineBreaks:)``
    /// keeping line feeds and tabs, so control characters (ESC, BEL, CR, NUL, C1) and
    /// bidirectional formatting characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
    /// U+061C) become U+FFFD, the same policy as the diagnostic renderers.
    func sanitize(_ text: String) -> String {
        DisplayText.sanitized(text, keepingLineBreaks: true)
    }
}
