import FlowSource

/// One user-facing string of a flow (a title, a subtitle, a text block, a field's label or
/// placeholder, a button's title or loading title), with the key a string catalog holds it
/// under. The key names where the string is shown, never its text, so a reworded source
/// keeps its translations: `FLOW.SCREEN.title`, `FLOW.SCREEN.text.N` (the N-th text
/// block), `FLOW.SCREEN.FIELD.label`, `FLOW.SCREEN.primaryAction.title`.
package struct FlowString: Sendable, Hashable {
    package var key: String
    /// The flow's id, the screen's id and style.
    package var flowID: String
    package var screenID: String
    package var style: String
    /// Where on the screen the string is shown, for people: `title`, `text 2`,
    /// `label of field rating`, `primary button`, `primary button while loading`.
    package var role: String
    /// The text as written (a template: `${…}` are read when it is shown).
    package var text: String
    /// Where it is written, when it came from a file.
    package var span: SourceSpan?
    /// The content block it belongs to (its index in `extraContent`), `nil` for the
    /// screen's title, subtitle and buttons.
    package var block: Int?

    /// What a translator is told: where the string is shown.
    package var comment: String {
        "Shown in flow \(flowID), screen \(screenID) (\(style) style): \(role)."
    }
}
