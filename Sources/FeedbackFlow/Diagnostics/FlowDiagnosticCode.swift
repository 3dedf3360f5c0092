import FlowDocument

/// The stable codes of the diagnostics that decoding (``FlowDecoder``) and validation
/// (``FlowValidator``) report. The loader's codes (`duplicate-key`, `syntax-error`, …)
/// belong to `FlowDocument` and are not listed here.
///
/// Codes are kebab-case and never change meaning; tools, suppressions and `explain`
/// rely on them. ``summary`` is one line for a README table or `--help`.
public enum FlowDiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // Decoding (shape of the file).
    case unsupportedVersion = "unsupported-version"
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case typeMismatch = "type-mismatch"
    case invalidValue = "invalid-value"
    case emptyTitle = "empty-title"
    case imageNotAllowed = "image-not-allowed"
    case invalidAction = "invalid-action"
    case emptyAction = "empty-action"
    case invalidStep = "invalid-step"
    case missingArgument = "missing-argument"
    case unexpectedArgument = "unexpected-argument"
    case invalidContent = "invalid-content"
    // Validation (meaning of the flow).
    case emptyFlow = "empty-flow"
    case duplicateScreenID = "duplicate-screen-id"
    case unknownScreen = "unknown-screen"
    case unreachableScreen = "unreachable-screen"
    case duplicateFieldID = "duplicate-field-id"
    case unknownReference = "unknown-reference"
    case invalidTemplate = "invalid-template"
    case popOnRoot = "pop-on-root"

    /// The severity the code is reported with.
    public var severity: Severity {
        switch self {
        case .unreachableScreen, .popOnRoot: .warning
        default: .error
        }
    }

    /// One line saying what the code means.
    public var summary: String {
        switch self {
        case .unsupportedVersion: "'version' is not 1, the only version this tool reads"
        case .unknownKey: "a key (or content block) that is not valid at this place; hints the closest valid one"
        case .missingKey: "a required key is absent (reported at the start of its mapping), e.g. collectUserFeedback without 'rating'"
        case .typeMismatch: "a value of the wrong kind, e.g. a mapping or null where a string is required"
        case .invalidValue:
            "a value outside its allowed set or range: unknown style/format/presentation, bad field id, rating min/max/value, maxLength < 1, a constant collectUserFeedback rating outside 1...5"
        case .emptyTitle: "a screen or button title that is empty or only whitespace"
        case .imageNotAllowed: "'image' on a screen whose style is success, informative or error"
        case .invalidAction: "a primary/secondary action mapping without exactly one of its keys (button, retryButton, link)"
        case .emptyAction: "an action written as an empty list of steps"
        case .invalidStep: "a step mapping with zero or several keys, or an empty step name"
        case .missingArgument: "push, present, replace, popTo or openURL written without its argument"
        case .unexpectedArgument: "pop, popToRoot or dismiss written with an argument"
        case .invalidContent: "a content block mapping with zero or several keys"
        case .emptyFlow: "a flow without any screen"
        case .duplicateScreenID: "two screens with the same id (flows built in code; files report duplicate-key)"
        case .unknownScreen: "'start' or a push/present/replace/popTo target that names no screen of the flow"
        case .unreachableScreen: "a screen that no chain of push/present/replace from the start screen shows (warning)"
        case .duplicateFieldID: "a field id used twice in one flow; a note points at the first"
        case .unknownReference: "a ${name} template naming neither a field id of the flow nor a context variable"
        case .invalidTemplate: "a malformed template: unclosed '${', empty or invalid name"
        case .popOnRoot: "'pop' on a screen that is always the root of its stack, where it dismisses the stack (warning)"
        }
    }
}
