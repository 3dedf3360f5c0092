/// The keys of every mapping of the file format, written once: the decoder checks each
/// mapping against its row ("unknown key", "did you mean"), and a test compares every row
/// with the same-named definition of `schemas/feedbackflow.schema.json` (`$defs`), so the
/// decoder and the schema cannot drift apart. Keys are in the order hints list them and `fmt` writes them: declarations
/// before the screens that use them, a screen's parts in the order they are shown.
package enum FormatKeys {
    /// The top level of a flow file (`$defs.flowFile`).
    package static let flowFile = ["version", "id", "start", "presentation"] + decisions + ["screens", schema]
    /// The top level of a single-screen file besides the screen's own keys
    /// (`$defs.singleScreenFile`).
    package static let singleScreenFile = ["version", "id", "presentation"]
    /// The key naming the JSON Schema the file is written against (``SchemaReference``),
    /// allowed at the top of every file so that a JSON flow can say it.
    package static let schema = "$schema"
    /// The keys of a flow's decisions, at the top level of a flow file and of a
    /// single-screen file alike.
    package static let decisions = ["context", "events", "variables", "trigger", "handlers"]
    /// A declared handler (`$defs.handlerDeclaration`).
    package static let handlerDeclaration = ["arguments", "returns", "description"]
    /// A `trigger` (`$defs.trigger`).
    package static let trigger = ["event", "when", "validator", "limit"]
    /// A trigger's `limit` (`$defs.presentationLimit`).
    package static let presentationLimit = ["maxPresentations", "per", "minInterval", "untilResponded"]
    /// The argument of an `if` step (`$defs.conditionalSteps`).
    package static let conditionalSteps = ["condition", "then", "else"]
    /// The keys a content block may have beside its kind (with the kinds, `$defs.contentBlock`).
    package static let blockConditions = ["visibleWhen", "requiredWhen"]
    /// A screen (`$defs.screenBody`).
    package static let screenBody = ["style", "image", "title", "subtitle", "extraContent", "primaryAction", "secondaryAction"]
    /// The one key of a primary action mapping (`$defs.primaryAction`).
    package static let primaryAction = [ActionButton.Kind.button.rawValue, ActionButton.Kind.retryButton.rawValue]
    /// The one key of a secondary action mapping (`$defs.secondaryAction`).
    package static let secondaryAction = [ActionButton.Kind.button.rawValue, ActionButton.Kind.link.rawValue]
    /// A `button` or `link` (`$defs.button`).
    package static let button = ["title", "action", "onFailure", "enabledWhen"]
    /// A `retryButton` (`$defs.retryButton`).
    package static let retryButton = ["title", "loadingTitle", "action", "onFailure", "enabledWhen"]
    /// The argument of `collectUserFeedback` (`$defs.feedbackRequest`).
    package static let feedbackRequest = ["rating", "reason", "custom"]
    /// The one key of a content block, its name (`$defs.contentBlock`): `text`, `image`,
    /// the field blocks (``FieldKind/blocks``) and `custom`.
    package static let contentBlock = ["text", "image"] + FieldKind.blocks.map(\.name) + ["custom"]
    /// The required key of a `custom` block; any other key is a property
    /// (`$defs.customContent`).
    package static let customContent = ["type"]

    /// The keys of the buttons of `kind`.
    package static func button(_ kind: ActionButton.Kind) -> [String] {
        kind == .retryButton ? retryButton : button
    }

    /// Every row by the name of its schema definition, for the test against the schema.
    package static let byDefinition: [String: [String]] = [
        "flowFile": flowFile, "singleScreenFile": topLevel(singleScreen: true), "screenBody": screenBody,
        "screen": screenBody,
        "primaryAction": primaryAction, "secondaryAction": secondaryAction, "button": button,
        "retryButton": retryButton, "feedbackRequest": feedbackRequest, "contentBlock": contentBlock + blockConditions,
        "customContent": customContent, "trigger": trigger, "presentationLimit": presentationLimit,
        "conditionalSteps": conditionalSteps, "handlerDeclaration": handlerDeclaration,
    ].merging(FieldKind.blocks.map { ($0.name, $0.keys) }) { row, _ in row }
}
