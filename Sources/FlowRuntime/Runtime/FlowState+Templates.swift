import FlowCompile
import FlowSource

/// Templates rendered from the state: `flow.id`, `screen.id`, field values, then the
/// host's context.
extension FlowState {
    /// The template lookup for screen `screenID`: `flow.id`, `screen.id`, a field value
    /// (see ``FieldValue/description``), then the host's context; `nil` for an unknown name
    /// (rendered as the empty string).
    package func lookup(screenID: String) -> (String) -> String? {
        let values = values, context = context, flowID = flowID
        return { name in
            switch name {
            case "flow.id": return flowID
            case "screen.id": return screenID
            default: return values[name]?.description ?? context[name]
            }
        }
    }

    /// `value` with every string leaf rendered as a template for screen `screenID`.
    package func render(_ value: FlowValue, screenID: String) -> FlowValue {
        let lookup = lookup(screenID: screenID)
        func walk(_ value: FlowValue) -> FlowValue {
            switch value {
            case .string(let s): .string(TemplateString(s).render(lookup))
            case .list(let items): .list(items.map(walk))
            case .object(let members): .object(members.mapValues(walk))
            case .null, .bool, .number: value
            }
        }
        return walk(value)
    }

    /// An `openURL` text rendered for screen `screenID` with each substituted `${…}` value
    /// percent-encoded (RFC 3986 §2.1), keeping only the unreserved characters
    /// `A–Z a–z 0–9 - . _ ~` (§2.3); the literal text of the template is used as written.
    /// So a value with a space or a `&` stays one piece of the URL. Non-ASCII values are
    /// encoded as their UTF-8 bytes. O(length).
    package func renderedURL(_ template: TemplateString, screenID: String) -> String {
        let lookup = lookup(screenID: screenID)
        return template.render { name in lookup(name).map { PercentEncoding.encoded($0) } }
    }

    /// The rendered argument shown in ``NavigatorEvent/StepRun``: the target screen id,
    /// the `finish` outcome, the URL, a custom step's argument; `nil` for the others.
    func argument(of step: Step, screenID: String) -> FlowValue? {
        switch step.kind {
        case .navigate(let operation): operation.screenID.map { .string($0) }
        case .finish(let name): .string(name ?? FlowOutcome.finished.name)
        case .openURL(let template): .string(renderedURL(template, screenID: screenID))
        case .custom(_, let argument): argument.map { render($0, screenID: screenID) }
        case .collectUserFeedback, .perform: nil
        }
    }
}
