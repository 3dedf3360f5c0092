import FeedbackFlowCore
import FlowCompile
import FlowReporting

/// One screen drawn as HTML: a phone-sized card in its style's look (``Theme``), with its
/// icon, title, subtitle, every content block and its buttons as real, labelled form
/// controls (what a screen reader reads is what a test finds them by). The storyboard and
/// the preview draw every screen with it, so the two never differ.
///
/// Safe by construction: every author string (titles, labels, values, ids, conditions)
/// goes through ``FlowReporting/XMLText`` for its context (text or a double-quoted
/// attribute); the card has no inline style or script (looks are classes of
/// ``WebStyleSheet``), so a page's Content-Security-Policy can forbid both. Images are
/// `data:` URIs from ``AssetImages``. Every element holding author text is `dir="auto"`, so
/// right-to-left copy is laid out as the app lays it out.
///
/// The markup the pages' scripts rely on: the card is `<article class="card">` with
/// `data-screen` (the screen id); a field's control carries `data-field` (its id); a button
/// carries `data-slot` (`primary` or `secondary`).
package struct ScreenCardHTML: Sendable {
    /// How the cards are used.
    package enum Mode: Sendable {
        /// A map of the flow: a button is never `disabled` (a click follows its edge), its
        /// starting state is shown with `aria-disabled`.
        case storyboard
        /// A running flow: a disabled button is `disabled`.
        case preview
    }

    /// One content block to draw, with the `visibleWhen` condition it is shown under.
    package struct Block: Sendable {
        /// The block, drawn as the state is now.
        package var content: ContentSnapshot
        /// The `visibleWhen` condition as written; `nil` when the block is always shown.
        package var condition: String?
        /// Whether the condition holds now.
        package var isVisible: Bool

        package init(content: ContentSnapshot, condition: String? = nil, isVisible: Bool = true) {
            self.content = content
            self.condition = condition
            self.isVisible = isVisible
        }
    }

    /// The looks cards are drawn in.
    package var theme: Theme
    /// The theme's images, inlined.
    package var images: AssetImages
    /// Whether the cards are a map or a running flow.
    package var mode: Mode

    package init(theme: Theme, images: AssetImages, mode: Mode) {
        self.theme = theme
        self.images = images
        self.mode = mode
    }

    /// The blocks of `snapshot` (every one shown; hidden ones are not in a snapshot).
    package static func blocks(of snapshot: ScreenSnapshot) -> [Block] {
        snapshot.content.map { Block(content: $0) }
    }

    /// The card of `snapshot` in its light or `dark` look, with `blocks` as its content;
    /// `key` makes the names of its radio groups unique on the page (ASCII letters, digits,
    /// `-` and `_`). O(size of the screen's text).
    package func card(_ snapshot: ScreenSnapshot, blocks: [Block], dark: Bool, key: String) -> String {
        let style = snapshot.style.name
        let look = theme.look(of: style, dark: dark)
        var html = "<article class=\"card look-\(style)\(dark ? " dark" : "") anim-\(look.animation.rawValue)\""
        html += " data-screen=\"\(Self.attribute(snapshot.instance.screenID))\""
        html += " aria-label=\"\(Self.attribute(snapshot.title))\">"
        html += "<div class=\"icon\">\(icon(of: snapshot.style, look: look))</div>"
        html += "<h3 class=\"title\" dir=\"auto\">\(Self.text(snapshot.title))</h3>"
        if let subtitle = snapshot.subtitle, !subtitle.isEmpty { html += "<p class=\"subtitle\" dir=\"auto\">\(Self.text(subtitle))</p>" }
        if !blocks.isEmpty {
            html += "<div class=\"blocks\">"
            for (index, block) in blocks.enumerated() { html += draw(block, key: "\(key)-\(index)") }
            html += "</div>"
        }
        let actions = [snapshot.primary, snapshot.secondary].compactMap { $0 }
        if !actions.isEmpty {
            html += "<div class=\"actions\">"
            for action in actions { html += button(action) }
            html += "</div>"
        }
        if let message = snapshot.errorMessage { html += "<p class=\"error\" role=\"alert\" dir=\"auto\">\(Self.text(message))</p>" }
        return html + "</article>"
    }

    private func draw(_ block: Block, key: String) -> String {
        var html = ""
        if let condition = block.condition {
            html += "<div class=\"conditional\(block.isVisible ? "" : " hidden-now")\">"
            html += "<p class=\"condition\">\(block.isVisible ? "shown while" : "hidden until") <code>\(Self.text(condition))</code></p>"
        }
        switch block.content {
        case .text(let text): html += "<p class=\"text\" dir=\"auto\">\(Self.text(text))</p>"
        case .image(let name): html += "<figure class=\"image\">\(image(named: name))</figure>"
        case .custom(let custom): html += "<p class=\"custom\">custom block <code>\(Self.text(custom.type))</code></p>"
        case .field(let field): html += self.field(field, key: key)
        }
        return html + (block.condition == nil ? "" : "</div>")
    }

    private func field(_ field: FieldSnapshot, key: String) -> String {
        let id = Self.attribute(field.id)
        let name = Self.text(field.label ?? field.id)
        let required = field.isRequired ? "<span class=\"required\" aria-hidden=\"true\">*</span>" : ""
        // Tied to its field, so the preview shows it once the field is left or a button pressed.
        let problem = field.problem.map { "<p class=\"problem\" data-for=\"\(id)\">\(Self.text($0))</p>" } ?? ""
        let placeholder = field.placeholder.map { " placeholder=\"\(Self.attribute($0))\"" } ?? ""
        let requiredAttribute = field.isRequired ? " required aria-required=\"true\"" : ""
        let invalid = field.problem == nil ? "" : " aria-invalid=\"true\""
        switch field.kind {
        case .rating(let min, let max, _):
            // A rating not rated yet lights no star and checks none.
            let current: Int? = if case .rating(let value) = field.value { value } else { nil }
            // Ten stars at most; a wider range (however wide: the bounds come from the file)
            // is a number field.
            let (span, overflow) = max.subtractingReportingOverflow(min)
            guard !overflow, span < 10 else {
                return "<label class=\"field\"><span class=\"label\" dir=\"auto\">\(name)</span><input type=\"number\" data-field=\"\(id)\" min=\"\(min)\" max=\"\(max)\" value=\"\(current.map(String.init) ?? "")\"\(requiredAttribute)></label>"
            }
            var html = "<fieldset class=\"rating\" data-field=\"\(id)\"><legend dir=\"auto\">\(name)\(required)</legend>"
            for value in min...max {
                let checked = value == current ? " checked" : ""
                let lit = current.map { value <= $0 } == true ? " lit" : ""
                html += "<label class=\"star\(lit)\"><input type=\"radio\" name=\"\(key)\" value=\"\(value)\" data-field=\"\(id)\" aria-label=\"\(value) of \(max)\"\(checked)><span aria-hidden=\"true\">★</span></label>"
            }
            return html + "</fieldset>"
        case .textField(let format, let maxLength):
            // An email field is `text` with the email keyboard: the page keeps the caret of
            // the field being typed in across redraws, which `type=email` does not allow.
            let type = switch format {
            case .email: "text\" inputmode=\"email\" autocomplete=\"email"
            case .url: "url"
            case .phone: "tel"
            case .text: "text"
            }
            let limit = maxLength.map { " maxlength=\"\($0)\"" } ?? ""
            return "<label class=\"field\"><span class=\"label\" dir=\"auto\">\(name)\(required)</span><input type=\"\(type)\" data-field=\"\(id)\" value=\"\(Self.attribute(field.value.description))\"\(placeholder)\(limit)\(requiredAttribute)\(invalid)></label>\(problem)"
        case .textEditor(let maxLength):
            let limit = maxLength.map { " maxlength=\"\($0)\"" } ?? ""
            return "<label class=\"field\"><span class=\"label\" dir=\"auto\">\(name)\(required)</span><textarea data-field=\"\(id)\" rows=\"3\"\(placeholder)\(limit)\(requiredAttribute)\(invalid)>\n\(Self.text(field.value.description))</textarea></label>\(problem)"
        case .toggle:
            let checked = field.value == .toggle(true) ? " checked" : ""
            return "<label class=\"toggle\"><input type=\"checkbox\" role=\"switch\" data-field=\"\(id)\"\(checked)><span class=\"label\" dir=\"auto\">\(name)</span></label>"
        }
    }

    private func button(_ action: ActionSnapshot) -> String {
        let kind = action.slot == .primary ? "primary" : action.kind == .link ? "link" : "secondary"
        let state =
            action.isEnabled ? "" : mode == .preview ? " disabled" : " aria-disabled=\"true\""
        let busy = action.isLoading ? " aria-busy=\"true\"" : ""
        return "<button type=\"button\" dir=\"auto\" class=\"\(kind)\" data-slot=\"\(action.slot.rawValue)\"\(state)\(busy)>\(Self.text(action.title))</button>"
    }

    /// The style's icon: the theme's image, the screen's own for `feedback`, else the
    /// built-in drawing of the style.
    private func icon(of style: FeedbackStyle, look: Theme.Look) -> String {
        if let name = style.image ?? look.icon { return image(named: name) }
        return Self.builtInIcons[style.name] ?? ""
    }

    /// Image `name` of the assets, or a visible placeholder naming it.
    private func image(named name: String) -> String {
        if let source = images.dataURI(named: name) {
            return "<img src=\"\(source)\" alt=\"\(Self.attribute(name))\">"
        }
        return "<span class=\"missing\" role=\"img\" aria-label=\"missing image \(Self.attribute(name))\">missing image<br>\(Self.text(name))</span>"
    }

    /// Drawings of the fixed styles' icons (24 × 24, in the accent colour).
    package static let builtInIcons: [String: String] = [
        "success": #"<svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true"><circle cx="12" cy="12" r="11" fill="currentColor"/><path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="white" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>"#,
        "informative": #"<svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true"><circle cx="12" cy="12" r="11" fill="currentColor"/><rect x="10.8" y="10" width="2.4" height="8" rx="1.2" fill="white"/><circle cx="12" cy="6.8" r="1.5" fill="white"/></svg>"#,
        "error": #"<svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true"><circle cx="12" cy="12" r="11" fill="currentColor"/><path d="M8 8l8 8M16 8l-8 8" stroke="white" stroke-width="2.4" stroke-linecap="round"/></svg>"#,
    ]

    /// `text` for HTML character data.
    package static func text(_ text: String) -> String { XMLText.escaped(text) }
    /// `text` for a double-quoted HTML attribute value.
    package static func attribute(_ text: String) -> String { XMLText.escapedAttribute(text) }
}
