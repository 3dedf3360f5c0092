/// The starter flows `feedbackflow new` writes: each a complete flow that validates with no
/// diagnostic, commented so a new author sees what each part does. One table: the
/// option's values, its help and the tests read these cases.
package enum FlowTemplate: String, CaseIterable, Sendable {
    /// A star rating with an optional comment, submitted, then a thank-you screen.
    case rating
    /// An error screen whose retry button runs again, with a way out.
    case errorRetry = "error-retry"
    /// A rating whose low scores lead to a "what went wrong" screen, by an `if` step.
    case branching
    /// One screen, no `screens:` mapping: the simplest file.
    case single

    /// What the template is, for the help.
    package var summary: String {
        switch self {
        case .rating: "a star rating and a comment, submitted, then thanks"
        case .errorRetry: "an error screen with a retry button and a way out"
        case .branching: "a rating whose low scores ask what went wrong (an if step)"
        case .single: "one screen, without a screens: mapping"
        }
    }

    /// The handlers the template's steps run, which `run` needs a program for
    /// (`--handler NAME=COMMAND`; `true` plays one that succeeds).
    package var handlerNames: [String] {
        self == .errorRetry ? ["reconnect"] : []
    }

    /// The file's text for a flow `id` (written as YAML, quoted where needed), its first line the schema line editors read
    /// (`schema`, the schema's address).
    package func text(id: String, schema: String) -> String {
        let head = "# yaml-language-server: $schema=\(schema)\n#\n"
        switch self {
        case .rating:
            return head + """
                # A rating flow: the person rates from 1 to 5 stars, may add a comment, and submits;
                # a thank-you screen closes the flow. Run it with `feedbackflow run FILE`.
                version: 1
                id: \(id)
                start: rate
                screens:
                  rate:
                    style: feedback
                    image: feedbackLogo
                    title: How are we doing?
                    subtitle: Your feedback helps us improve.
                    extraContent:
                      - rating: {id: rating, label: Your rating, min: 1, max: 5, value: 5}
                      - textEditor: {id: comment, placeholder: Tell us more (optional)}
                    primaryAction:
                      button:
                        title: Submit
                        action:
                          - collectUserFeedback: {rating: "${rating}", reason: "${comment}"}
                          - push: thanks
                    secondaryAction:
                      button: {title: Not now, action: dismiss}
                  thanks:
                    style: success
                    title: Thank you!
                    subtitle: We read every answer.
                    primaryAction:
                      button: {title: Done, action: dismiss}

                """
        case .errorRetry:
            return head + """
                # An error with a retry: the retry button runs `reconnect` (a step your app's
                # handler performs) and, when it succeeds, shows that the connection is back.
                # While it runs, the button shows its loadingTitle. `run --handler` can play it.
                version: 1
                id: \(id)
                start: offline
                handlers:
                  reconnect:
                    description: Tries to reach the server again.
                screens:
                  offline:
                    style: error
                    title: No connection
                    subtitle: We couldn't reach the server. Check your connection and try again.
                    primaryAction:
                      retryButton:
                        title: Try again
                        loadingTitle: Retrying…
                        action:
                          - reconnect
                          - replace: online
                    secondaryAction:
                      button: {title: Cancel, action: {finish: cancelled}}
                  online:
                    style: success
                    title: You're back online
                    primaryAction:
                      button: {title: Continue, action: dismiss}

                """
        case .branching:
            return head + """
                # A rating that branches: 1 or 2 stars ask what went wrong, 3 to 5 say thanks.
                # The `if` step decides; `validate` checks that every rating has a way on.
                version: 1
                id: \(id)
                start: rate
                screens:
                  rate:
                    style: feedback
                    image: feedbackLogo
                    title: How was it?
                    extraContent:
                      - rating: {id: rating, label: Your rating, min: 1, max: 5, value: 5}
                    primaryAction:
                      button:
                        title: Next
                        action:
                          - if:
                              condition: rating <= 2
                              then: [{push: sorry}]
                              else:
                                - collectUserFeedback: {rating: "${rating}"}
                                - push: thanks
                  sorry:
                    style: feedback
                    image: feedbackLogo
                    title: Sorry to hear that
                    subtitle: What went wrong?
                    extraContent:
                      - textEditor: {id: problem, placeholder: Tell us what happened, required: true}
                    primaryAction:
                      button:
                        title: Send
                        action:
                          - collectUserFeedback: {rating: "${rating}", reason: "${problem}"}
                          - push: thanks
                  thanks:
                    style: success
                    title: Thank you!
                    primaryAction:
                      button: {title: Done, action: dismiss}

                """
        case .single:
            return head + """
                # One screen: the file is the screen, and its id is the file's base name.
                version: 1
                style: success
                title: All done
                subtitle: Your changes are saved.
                primaryAction:
                  button:
                    title: OK
                    action: dismiss

                """
        }
    }
}
