import FlowCompile

extension FlowDiagnosticCode {
    /// Why the code matters, how to fix it, and a file that shows it.
    var explanation: RuleExplanation {
        typealias R = RuleExplanation
        switch self {
        case .unsupportedVersion:
            return R(
                "'version' says which edition of the format the file is written in; this tool reads version 1 only, and stops at another rather than guess what its keys mean. Write 'version: 1'.",
                before: R.screen().replacing("version: 1", with: "version: 2"), after: R.screen())
        case .unknownKey:
            return R(
                "A key the format does not have at this place is never read, so a misspelled key ('subtitel') silently loses what it holds. The hint names the closest valid key. A key of the mapping one level up that is not written there ('secondaryAction' indented under 'primaryAction') is said to be indented one level deeper than its siblings, and the hint shows its line moved to their column.",
                before: R.screen("subtitel: We read every message"), after: R.screen("subtitle: We read every message"))
        case .missingKey:
            return R(
                "A key the format requires here is absent; the diagnostic is at the start of the mapping that needs it (a screen needs 'style', 'title' and 'primaryAction').",
                before: R.screen().replacing("title: Thanks\n", with: ""), after: R.screen())
        case .typeMismatch:
            return R(
                "The value has the wrong kind for its key: a mapping, a list or null where a string is needed, a string where a number is needed. The message says what was expected and what was found.",
                before: R.screen(title: "[Thanks, Thank you]"), after: R.screen(title: "Thanks"))
        case .invalidValue:
            return R(
                "The value has the right kind but is outside what the key allows: an unknown style, format or presentation, a bad id, a rating range that is empty, a constant URL that is not a URL. The hint lists or suggests the allowed values.",
                before: R.screen(style: "happy"), after: R.screen(style: "success"))
        case .emptyTitle:
            return R(
                "A screen or button title that is empty or only white space shows nothing the person can read or tap with confidence. Write a title.",
                before: R.screen(title: "\"  \""), after: R.screen(title: "Thanks"))
        case .imageNotAllowed:
            return R(
                "Only a screen of style 'feedback' shows an image; on a success, informative or error screen it would be ignored. Remove the image, or make the screen a feedback screen.",
                before: R.screen("image: logo"), after: R.screen())
        case .invalidAction:
            return R(
                "A primary or secondary action is exactly one of 'button', 'retryButton' or 'link' (or 'none'); with several keys the screen's action is ambiguous, with none it is missing.",
                before: R.screen().replacing("  button: {title: Close, action: dismiss}", with: "  button: {title: Close, action: dismiss}\n  retryButton: {title: Retry, loadingTitle: Retrying, action: dismiss}"),
                after: R.screen())
        case .emptyAction:
            return R(
                "An action written as an empty list does nothing when tapped, so the button looks broken. Give it a step (for example 'dismiss'), or remove the button.",
                before: R.screen(action: "[]"), after: R.screen(action: "dismiss"))
        case .invalidStep:
            return R(
                "A step written as a mapping has exactly one key, the step's name (`push: thanks`); with several keys the order of the steps is unclear. Write each step as its own list item. A step name never holds white space: `push sorry` is `push: sorry` with its colon left out (as a name it would be a custom step with no handler, failing only when tapped).",
                before: R.screen(action: "[{dismiss: ~, finish: done}]"), after: R.screen(action: "[finish: done]"))
        case .missingArgument:
            return R(
                "push, present, replace, popTo and openURL need an argument: the screen to show, or the URL to open. Write it after the step's name.",
                before: R.screen(action: "openURL"), after: R.screen(action: "{openURL: \"https://example.com/help\"}"))
        case .unexpectedArgument:
            return R(
                "pop, popToRoot and dismiss take no argument; one written there is ignored, and usually means another step was meant (`push: thanks` rather than `pop: thanks`).",
                before: R.screen(action: "{dismiss: now}"), after: R.screen(action: "dismiss"))
        case .invalidContent:
            return R(
                "A content block is a mapping with exactly one key, its kind (`text`, `image`, `rating`, `textField`, `textEditor`, `toggle`, `custom`), beside the optional conditions 'visibleWhen' and 'requiredWhen'. Write each block as its own list item.",
                before: R.screen("extraContent:\n  - {text: Hello, image: logo}"), after: R.screen("extraContent:\n  - text: Hello"))
        case .foreignSchema:
            return R(
                "The file says it is written against another JSON Schema, in its '$schema' key or in the yaml-language-server modeline, so an editor checks it against that schema's rules instead of this format's, and shows no error for a misspelled key. Point it at feedbackflow.schema.json (feedbackflow schema prints it).",
                before: "# yaml-language-server: $schema=https://json.schemastore.org/github-workflow.json\n" + R.screen(),
                after: "# yaml-language-server: $schema=../schemas/feedbackflow.schema.json\n" + R.screen())
        case .emptyFlow:
            return R(
                "A flow without any screen has nothing to show. Add a screen under 'screens:'.",
                before: "version: 1\nscreens: {}\n",
                after: "version: 1\nscreens:\n  thanks:\n    style: success\n    title: Thanks\n    primaryAction: {button: {title: Close, action: dismiss}}\n")
        case .duplicateScreenID:
            return R(
                "Two screens with the same id cannot both be named by a step. Only flows built in Swift can have this: in a file, screen ids are the keys of 'screens', and a repeated key is 'duplicate-key'.")
        case .unknownScreen:
            return R(
                "'start', or a push, present, replace or popTo step, names a screen the flow does not have, so the step would fail when tapped. The hint names the closest screen id.",
                before: Self.twoScreens(action: "{push: thnks}"), after: Self.twoScreens(action: "{push: thanks}"))
        case .unreachableScreen:
            return R(
                "No chain of push, present and replace steps from the start screen shows this screen, so nobody ever sees it (a step after a finish never runs: it shows nothing). Link to it from a step, or remove it.",
                before: Self.twoScreens(action: "dismiss"), after: Self.twoScreens(action: "{push: thanks}"))
        case .duplicateFieldID:
            return R(
                "Field ids name the values a flow collects, for its whole run; two fields with the same id would overwrite each other's value. Rename one; a note points at the first.",
                before: R.form(block: "  - textField: {id: comment}"), after: R.form(block: "  - textField: {id: email}"))
        case .unknownReference:
            return R(
                "A ${name} template names no field of the flow, no 'flow.id'/'screen.id', and no value the host declares, so it would show nothing at run time. Fix the name (the hint suggests one) or declare the host's value (validate --context NAME, or 'context:').",
                before: R.form(block: "  - text: \"You wrote ${coment}\""), after: R.form(block: "  - text: \"You wrote ${comment}\""))
        case .invalidTemplate:
            return R(
                "A template is malformed: a '${' without its '}', or an empty or invalid name inside. Close it, or write '$$' for a literal '$'.",
                before: R.screen(title: "\"Thanks ${\""), after: R.screen(title: "\"Thanks $$5\""))
        case .popOnRoot:
            return R(
                "'pop' on a screen that is always the root of its stack removes the whole stack, which is what 'dismiss' says more plainly. Write 'dismiss', or push the screen so that 'pop' goes back.",
                before: R.screen(action: "pop"), after: R.screen(action: "dismiss"))
        case .popToNotInStack:
            return R(
                "'popTo: ID' pops down to screen ID in the top stack, and fails when ID is not there. On a screen that is always alone on its stack ID is never below it; on a screen reached both by a push from ID and another way, only sometimes; after a step that leaves the top unknown, maybe not. Use 'dismiss', 'pop' or 'popToRoot', or reach the screen only by pushes from ID.",
                before: Self.twoScreens(action: "{present: thanks}", thanksAction: "{popTo: rate}"),
                after: Self.twoScreens(action: "{present: thanks}"))
        case .unknownStep:
            return R(
                "A custom step whose name is close to a built-in one ('dismis', 'Push') is most likely a typo: it runs only if the host registers a handler of that name. Fix the name, or declare the handler (validate --handler NAME).",
                before: R.screen(action: "dismis"), after: R.screen(action: "dismiss"))
        case .disallowedURLScheme:
            return R(
                "openURL hands its URL to the host, which opens only some schemes (http, https, mailto and tel by default); a constant URL with another scheme would fail when tapped.",
                before: R.screen(action: "{openURL: \"ftp://example.com/help\"}"), after: R.screen(action: "{openURL: \"https://example.com/help\"}"))
        case .reservedFieldID:
            return R(
                "Field ids starting with 'flow.' or 'screen.' (and 'flow.id', 'screen.id' themselves) are the names of values the tool provides; a field named so could never be read. Rename the field.",
                before: R.form(block: "  - textField: {id: flow.email}"), after: R.form(block: "  - textField: {id: email}"))
        case .deadEndScreen:
            return R(
                "A screen whose actions never navigate, dismiss or finish keeps the person on it with no way forward or back but leaving the app. Give one of its buttons a step that leaves it.",
                before: R.screen().replacing("primaryAction:\n  button: {title: Close, action: dismiss}", with: "primaryAction: none"),
                after: R.screen())
        case .inescapableCycle:
            return R(
                "Screens that push, present or replace each other with no step that goes back, dismisses or finishes form a loop the person can only go round. Give one of them a way out.",
                before: Self.twoScreens(action: "{push: thanks}", thanksAction: "{push: rate}"),
                after: Self.twoScreens(action: "{push: thanks}", thanksAction: "dismiss"))
        case .ineffectiveRetry:
            return R(
                "A retry button is for an action that can fail and be tried again: a submission, a URL, a custom step. One that only navigates can never fail, so its retry, busy state and loading title only get in the way. Use a plain 'button', or give it the step that can fail.",
                before: R.form(button: "title: Send, action: dismiss").replacing("  button: {title: Send", with: "  retryButton: {title: Send, loadingTitle: Sending"),
                after: R.form(button: "title: Send, action: [{collectUserFeedback: {rating: \"${rating}\", reason: \"${comment}\"}}, dismiss]")
                    .replacing("  button: {title: Send", with: "  retryButton: {title: Send, loadingTitle: Sending"))
        case .loadingTitleSame:
            return R(
                "While a retry button's action runs, its title becomes the loading title; when both are the same, nothing shows that something is happening. Say what happens, such as 'Sending…'.",
                before: R.form(button: "title: Send, action: [{collectUserFeedback: {rating: \"${rating}\", reason: \"${comment}\"}}, dismiss]")
                    .replacing("  button: {title: Send", with: "  retryButton: {title: Send, loadingTitle: Send"),
                after: R.form(button: "title: Send, action: [{collectUserFeedback: {rating: \"${rating}\", reason: \"${comment}\"}}, dismiss]")
                    .replacing("  button: {title: Send", with: "  retryButton: {title: Send, loadingTitle: Sending"))
        case .unusedField:
            return R(
                "A field whose value no template, condition or step reads asks the person for something that is then thrown away, often because the submission forgot it. Submit it (collectUserFeedback), use it, or remove it.",
                before: R.form(),
                after: R.form(button: "title: Send, action: [{collectUserFeedback: {rating: \"${rating}\", reason: \"${comment}\"}}, dismiss]"))
        case .duplicateScreen:
            return R(
                "Two screens with the same content under different ids are one screen written twice: a later edit to one will miss the other. Name one screen from both places.",
                before: Self.twoScreens(action: "{push: thanks}")
                    .replacing("    primaryAction: {button: {title: Next, action: {push: thanks}}}\n", with: "    primaryAction: {button: {title: Next, action: {push: thanks}}}\n    secondaryAction: {link: {title: Skip, action: {push: done}}}\n")
                    + "  done:\n    style: success\n    title: Thanks\n    primaryAction: {button: {title: Close, action: dismiss}}\n",
                after: Self.twoScreens(action: "{push: thanks}")
                    .replacing("    primaryAction: {button: {title: Next, action: {push: thanks}}}\n", with: "    primaryAction: {button: {title: Next, action: {push: thanks}}}\n    secondaryAction: {link: {title: Skip, action: {push: thanks}}}\n"))
        case .invalidExpression:
            return R(
                "An expression does not parse: an operator from another language ('=', '&', '<>'), an unbalanced parenthesis, an unclosed string, an unknown function. The diagnostic is at the exact character, also inside quoted and block scalars; the hint says what to write.",
                before: R.form(button: "title: Send, action: dismiss, enabledWhen: \"rating = 5\""),
                after: R.form(button: "title: Send, action: dismiss, enabledWhen: \"rating == 5\""))
        case .expressionTypeMismatch:
            return R(
                "The types in an expression do not fit: '<' on a string, '&&' on a number, a condition that is not a boolean, an optional value used without a null check. Expressions are typed so that a condition cannot quietly compare a number with a string at run time.",
                before: R.form(button: "title: Send, action: dismiss, enabledWhen: \"comment > 2\""),
                after: R.form(button: "title: Send, action: dismiss, enabledWhen: \"length(comment) > 2\""))
        case .invalidRegex:
            return R(
                "The pattern of 'matches' is checked when the flow is validated: one that does not compile, or nests repetition ('(a+)+', which can take exponential time), would fail or hang at run time.",
                before: R.form(button: "title: Send, action: dismiss, enabledWhen: \"matches(comment, '(bug')\""),
                after: R.form(button: "title: Send, action: dismiss, enabledWhen: \"matches(comment, '(bug)')\""))
        case .constantCondition:
            return R(
                "The condition has the same value for every value its names can take (every rating of the range, both booleans), so it never decides anything: usually a wrong bound. Fix the bound, or remove the condition.",
                before: R.form(button: "title: Send, action: dismiss, enabledWhen: \"rating > 5\""),
                after: R.form(button: "title: Send, action: dismiss, enabledWhen: \"rating > 3\""))
        case .uncoveredValues:
            return R(
                "A chain of 'if' steps on a rating leaves some of its values with no step to run, so for those ratings the button does nothing. The message names the values; add a branch or an 'else'.",
                before: Self.branches(else: ""), after: Self.branches(else: ", else: [push: sorry]"))
        case .unreachableBranch:
            return R(
                "In an 'else if' chain, this condition is true only for values an earlier condition already takes, so its branch never runs. Reorder the branches or narrow the earlier condition.",
                before: Self.branches(else: ", else: [if: {condition: \"rating >= 5\", then: [push: sorry], else: [push: sorry]}]"),
                after: Self.branches(else: ", else: [push: sorry]"))
        case .argumentMayFail:
            return R(
                "A step argument built from values is refused by its step for some of them: a rating of '${rating - 3}' is -2…2, and collectUserFeedback takes 1…5; 'mailto:${email}' is no URL while email is empty; 'score / n' cannot be evaluated when n is 0. For those values the step fails and the action stops. The message names the values; keep the argument within the rule, or choose another step for them with an 'if'.",
                before: R.form(button: "title: Send, action: [{collectUserFeedback: {rating: \"${rating - 3}\"}}, dismiss]"),
                after: R.form(button: "title: Send, action: [{collectUserFeedback: {rating: \"${rating}\"}}, dismiss]"))
        case .unknownEvent:
            return R(
                "A trigger's 'event' must be one of the events the flow declares under 'events:', with its payload; an undeclared one could never present the flow.",
                before: R.screen("events: {callEnded: {}}\ntrigger: {event: callEndd}"),
                after: R.screen("events: {callEnded: {}}\ntrigger: {event: callEnded}"))
        case .undeclaredHandler:
            return R(
                "When the flow (under 'handlers:') or a manifest (validate --handlers FILE) declares the host's handlers, every custom step and trigger validator must be one of them: another name has no handler to run it.",
                before: R.screen("handlers: {shareLogs: {}}", action: "[shareLog, dismiss]"),
                after: R.screen("handlers: {shareLogs: {}}", action: "[shareLogs, dismiss]"))
        case .unusedHandler:
            return R(
                "A handler the flow declares that no step and no trigger uses is either left over or meant for a step that is misspelled. Use it or remove the declaration.",
                before: R.screen("handlers: {shareLogs: {}}"), after: R.screen("handlers: {shareLogs: {}}", action: "[shareLogs, dismiss]"))
        case .unusedSuppression:
            return R(
                "A '# feedbackflow: disable-next-line CODE' comment drops the diagnostics of CODE on the next line that is not a comment, 'disable-file CODE' those of the whole file. One that drops nothing (the problem was fixed, the comment moved away from its line, the code is misspelled) would hide the next problem of that code without anyone deciding so. Remove it, or move it just above the line it is about.",
                before: "version: 1\nstyle: success\ntitle: Thanks\n# feedbackflow: disable-next-line unknown-key\nsubtitle: Fine\nprimaryAction:\n  button: {title: Close, action: dismiss}\n",
                after: "version: 1\nstyle: success\ntitle: Thanks\nsubtitle: Fine\nprimaryAction:\n  button: {title: Close, action: dismiss}\n")
        case .invalidCatalog:
            return R(
                "validate --strings reads an Apple String Catalog: a JSON object with 'sourceLanguage' and 'strings', each string's 'localizations' holding a 'stringUnit' with a 'state' and a 'value' (or plural 'variations'). A file of another shape cannot be checked or shown; Xcode writes such files, and so does feedbackflow strings export.")
        case .translationPlaceholders:
            return R(
                "A translation is shown in place of its source text, with its ${…} read the same way. One that drops a ${…} the source has hides what the person typed or chose ('Thanks, ${name}!' translated without ${name}); one that adds a ${…} the source does not have reads a name the screen may not have. Write the same ${…} in the translation, in any order.")
        case .unknownStringKey:
            return R(
                "Every key of a catalog should be a string of the flows validated with it. A key none of them has belongs to a string that was removed, or whose screen or field was renamed: its translations are shown nowhere. Export the strings again (feedbackflow strings export), which marks such keys stale, or remove them.")
        case .missingTranslation:
            return R(
                "A string a person can see (on a screen the flow can reach, in a block that can be visible, on a button) has no translated value for a locale validate --locale names, so that locale shows the source text. Strings no person can see (an unreachable screen's, a block whose visibleWhen is never true) are not reported: they need no translation.")
        case .translationNeedsReview:
            return R(
                "The source text changed after the translation was made (feedbackflow strings export marks it so) or a translator asked for a review: it is shown, but may no longer say what the source says. Review it and set its state to translated.")
        case .invalidPluralCategory:
            return R(
                "Plural variations are chosen by the CLDR categories of the locale's language: English has 'one' and 'other', Russian 'one', 'few', 'many' and 'other', Japanese only 'other'. A category the language does not have is never chosen, and every language needs 'other'. Use the categories of the language (CLDR's plural rules).")
        case .tooManyDiagnostics:
            return R(
                "A file with more diagnostics than the limit (\(CompileOptions.defaultMaxDiagnostics) by default, validate --max-diagnostics N, 0 for none) shows the first ones, then this note, which counts the rest of each severity; the summary still counts them all. Fix the first ones: they often cause the others.",
                before: R.screen("extraContent:\n" + String(String(repeating: "  - text: \"${missing}\"\n", count: CompileOptions.defaultMaxDiagnostics + 1).dropLast())),
                after: R.screen())
        }
    }

    /// Whether decoding (the shape of the file) reports the code, rather than validation.
    var isDecoding: Bool {
        switch self {
        case .unsupportedVersion, .unknownKey, .missingKey, .typeMismatch, .invalidValue, .emptyTitle, .imageNotAllowed,
            .invalidAction, .emptyAction, .invalidStep, .missingArgument, .unexpectedArgument, .invalidContent, .foreignSchema:
            true
        default: false
        }
    }

    /// A flow of a start screen whose button runs `action` and a `thanks` screen whose
    /// button runs `thanksAction`.
    private static func twoScreens(action: String, thanksAction: String = "dismiss") -> String {
        """
        version: 1
        start: rate
        screens:
          rate:
            style: informative
            title: We are listening
            primaryAction: {button: {title: Next, action: \(action)}}
          thanks:
            style: success
            title: Thanks
            primaryAction: {button: {title: Close, action: \(thanksAction)}}

        """
    }

    /// A flow whose rating button runs `if rating >= 4` to `thanks`, with `otherwise`
    /// appended to the `if` (its `else`, or nothing).
    private static func branches(else otherwise: String) -> String {
        """
        version: 1
        start: rate
        screens:
          rate:
            style: feedback
            image: logo
            title: Rate the call
            extraContent:
              - rating: {id: rating, min: 1, max: 5}
            primaryAction:
              button:
                title: Send
                action:
                  - if: {condition: "rating >= 4", then: [push: thanks]\(otherwise)}
          sorry:
            style: informative
            title: Sorry to hear that
            primaryAction: {button: {title: Close, action: dismiss}}
          thanks:
            style: success
            title: Thanks
            primaryAction: {button: {title: Close, action: dismiss}}

        """
    }
}
