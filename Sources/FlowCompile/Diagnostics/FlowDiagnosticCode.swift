import FlowSource

/// The stable codes of the diagnostics that decoding (``FlowDecoder``) and validation
/// (``FlowValidator``) report. The loaders' codes (`duplicate-key`, `syntax-error`, …)
/// are ``FlowSource/LoadDiagnosticCode``.
///
/// Codes are kebab-case and never change meaning; tools, suppressions and `explain`
/// rely on them. ``summary`` is one line for the table of docs/diagnostic-codes.md or `--help`.
package enum FlowDiagnosticCode: String, Sendable, Hashable, CaseIterable {
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
    case foreignSchema = "foreign-schema"
    // Validation (meaning of the flow).
    case emptyFlow = "empty-flow"
    case duplicateScreenID = "duplicate-screen-id"
    case unknownScreen = "unknown-screen"
    case unreachableScreen = "unreachable-screen"
    case duplicateFieldID = "duplicate-field-id"
    case unknownReference = "unknown-reference"
    case invalidTemplate = "invalid-template"
    case popOnRoot = "pop-on-root"
    case popToNotInStack = "pop-to-not-in-stack"
    case unknownStep = "unknown-step"
    case disallowedURLScheme = "disallowed-url-scheme"
    case reservedFieldID = "reserved-field-id"
    // The flow as a whole.
    case deadEndScreen = "dead-end-screen"
    case inescapableCycle = "inescapable-cycle"
    case ineffectiveRetry = "ineffective-retry"
    case loadingTitleSame = "loading-title-same"
    case unusedField = "unused-field"
    case duplicateScreen = "duplicate-screen"
    // Expressions and decisions.
    case invalidExpression = "invalid-expression"
    case expressionTypeMismatch = "expression-type-mismatch"
    case invalidRegex = "invalid-regex"
    case constantCondition = "constant-condition"
    case uncoveredValues = "uncovered-values"
    case unreachableBranch = "unreachable-branch"
    case argumentMayFail = "argument-may-fail"
    case unknownEvent = "unknown-event"
    // Handlers.
    case undeclaredHandler = "undeclared-handler"
    case unusedHandler = "unused-handler"
    // Compilation.
    case tooManyDiagnostics = "too-many-diagnostics"
    case unusedSuppression = "unused-suppression"
    // String catalogs (`validate --strings`).
    case invalidCatalog = "invalid-catalog"
    case translationPlaceholders = "translation-placeholders"
    case unknownStringKey = "unknown-string-key"
    case missingTranslation = "missing-translation"
    case translationNeedsReview = "translation-needs-review"
    case invalidPluralCategory = "invalid-plural-category"

    /// The severity the code is reported with.
    package var severity: Severity {
        switch self {
        case .unreachableScreen, .popOnRoot, .popToNotInStack, .unknownStep, .constantCondition, .uncoveredValues,
            .unreachableBranch, .argumentMayFail, .unusedHandler, .foreignSchema, .unusedSuppression, .deadEndScreen, .inescapableCycle,
            .ineffectiveRetry, .unknownStringKey, .missingTranslation:
            .warning
        case .tooManyDiagnostics, .loadingTitleSame, .unusedField, .duplicateScreen, .translationNeedsReview: .note
        default: .error
        }
    }

    /// Whether the rule is off unless a configuration names it (`rules: {CODE: note}`):
    /// checks that are often right to ignore, such as a field kept for later. The
    /// validator does not run them otherwise.
    package var isOptIn: Bool {
        switch self {
        case .deadEndScreen, .unusedField, .duplicateScreen, .ineffectiveRetry: true
        default: false
        }
    }

    /// One line saying what the code means.
    package var summary: String {
        switch self {
        case .unsupportedVersion: "'version' is not 1, the only version this tool reads"
        case .unknownKey: "a key (or content block) that is not valid at this place; hints the closest valid one, or the line as meant for a key indented one level too deep"
        case .missingKey: "a required key is absent (reported at the start of its mapping; a screen's at the screen's id, or a single-screen file's start, naming the screen), e.g. collectUserFeedback without 'rating'"
        case .typeMismatch: "a value of the wrong kind, e.g. a mapping or null where a string is required"
        case .invalidValue:
            "a value outside its allowed set or range: unknown style/format/presentation; bad field id; empty or control characters in a flow id or image name; rating min/max/value; maxLength < 1; a collectUserFeedback rating that can never be a whole number from 1 to 5 (a constant or an expression whose values all leave 1…5, a text, a toggle, a decimal, a template of several parts); an openURL that is never a URL (a constant that is not one, a template whose text holds no scheme or holds white space); an 'if' condition or 'set' value that can never be evaluated; '${' in a screen id or finish outcome, or an empty outcome; a screens key that is empty, null or holds '${'"
        case .emptyTitle: "a screen or button title that is empty or only whitespace"
        case .imageNotAllowed: "'image' on a screen whose style is success, informative or error"
        case .invalidAction: "a primary/secondary action mapping without exactly one of its keys (button, retryButton, link)"
        case .emptyAction: "an action written as an empty list of steps"
        case .invalidStep: "a step mapping with zero or several keys, an empty step name, or a step name holding white space (a colon left out: 'push sorry')"
        case .missingArgument: "push, present, replace, popTo or openURL written without its argument, or with a null one"
        case .unexpectedArgument: "pop, popToRoot or dismiss written with an argument"
        case .invalidContent: "a content block mapping with zero or several keys"
        case .foreignSchema:
            "the file's '$schema' key or its yaml-language-server modeline names another schema than this format's, so an editor checks it against other rules (warning)"
        case .emptyFlow: "a flow without any screen"
        case .duplicateScreenID: "two screens with the same id (flows built in code; files report duplicate-key)"
        case .unknownScreen: "'start' or a push/present/replace/popTo target that names no screen of the flow"
        case .unreachableScreen: "a screen that no chain of push/present/replace from the start screen shows (warning)"
        case .duplicateFieldID: "a field id used twice in one flow; a note points at the first"
        case .unknownReference: "a ${name} template naming neither a field id of the flow, a context variable, nor a declared host-provided variable"
        case .invalidTemplate: "a malformed template: unclosed '${', empty or invalid name"
        case .popOnRoot: "'pop' on a screen that is always the root of its stack, where it dismisses the stack (warning)"
        case .popToNotInStack:
            "'popTo: ID' where ID is not always in the top stack when the step runs: the top is always alone on its stack, ID is below it only in some ways of reaching it or never, or the top is not known after the steps before (warning)"
        case .unknownStep:
            "a custom step whose name is close to a built-in step (e.g. 'dismis', 'Push'); it runs only if a handler of that name is registered (warning)"
        case .disallowedURLScheme: "an openURL whose scheme, written as a constant, is not one the runtime opens (by default \(URLSchemePolicy.defaultAllowedSchemes.sorted().joined(separator: ", ")))"
        case .reservedFieldID: "a field id that is, or starts like, a context variable: 'flow.id', 'screen.id', 'flow.…', 'screen.…'"
        case .deadEndScreen: "a screen none of whose actions navigates, dismisses or finishes, so it cannot be left (warning)"
        case .inescapableCycle: "screens linked by push, present or replace whose steps never go back, dismiss, finish or lead elsewhere (warning)"
        case .ineffectiveRetry: "a retry button whose action has no step that can fail, so retrying changes nothing (warning)"
        case .loadingTitleSame: "a retry button's loadingTitle equal to its title, so nothing shows that the action runs (note)"
        case .unusedField: "a field whose value no template, expression or step argument reads (note)"
        case .duplicateScreen: "a screen with the same content as another under a different id (note)"
        case .invalidExpression:
            "an expression that does not parse: a bad operator ('=', '&', '<>'), an unbalanced parenthesis, an unclosed string, an unknown function, a value or operator missing; at the exact character"
        case .expressionTypeMismatch:
            "an expression whose types do not fit: '<' on a string, '&&' on a number, a condition that is not a boolean, an optional value used without a null check, a value of the wrong type for a variable, a wrong function argument"
        case .invalidRegex: "the pattern of 'matches' is not a regular expression"
        case .constantCondition: "a condition that is always true or always false for every value its names can take, e.g. 'rating > 5' on a 1-5 rating (warning)"
        case .uncoveredValues: "a chain of 'if' steps on a rating that leaves some of its values with no step to run; names the values (warning)"
        case .unreachableBranch: "an 'if' whose condition can never be true after the conditions before it in the chain, so the first branch always wins (warning)"
        case .argumentMayFail:
            "a step argument that the step refuses for some of the values its template can take (a rating of 'rating - 3', 'mailto:${email}' with an empty email), or an 'if' condition or 'set' value whose evaluation fails for some values (a divisor that can be zero); names the values (warning)"
        case .unknownEvent: "a trigger's 'event' that is not declared under 'events:'"
        case .undeclaredHandler:
            "a custom step (or trigger validator) whose handler is not declared, when the flow or a manifest declares handlers; hints the closest declared one"
        case .unusedHandler: "a handler the flow declares under 'handlers:' that no step and no trigger uses (warning)"
        case .unusedSuppression:
            "a 'disable-next-line' or 'disable-file' suppression comment that suppresses nothing, or names an unknown code (warning)"
        case .invalidCatalog: "a string catalog that is not the JSON of an .xcstrings file: no sourceLanguage or strings, a string unit without state or value"
        case .translationPlaceholders: "a translation that drops a ${…} its source text has, or adds one it does not"
        case .unknownStringKey: "a key of the string catalog that no flow given has (a string removed or renamed) (warning)"
        case .missingTranslation: "a string a person can see with no translation for a locale that is checked (warning)"
        case .translationNeedsReview: "a string a person can see whose translation for a locale that is checked is marked needs_review (note)"
        case .invalidPluralCategory: "a plural variation with a category the locale's language does not have (CLDR), or without 'other'"
        case .tooManyDiagnostics:
            "a file has more diagnostics than the limit per file (\(CompileOptions.defaultMaxDiagnostics) by default, 0 for none): the first ones are shown, then this note, at the first one left out, says how many more there are of each severity (note)"
        }
    }
}
