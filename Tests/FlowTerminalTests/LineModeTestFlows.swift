import FeedbackFlow

/// Flows built in Swift for the line-mode tests (the same shapes as `flows/`).
enum LineModeTestFlows {
    /// A call-quality rating form as a flow: rating form → thank-you screen.
    static var callQuality: Flow {
        let submit = FlowAction([
            Step(.collectUserFeedback(FeedbackRequest(rating: "${rating}", reason: "${email}\n${comment}"))),
            Step(.push("thanks")),
        ])
        let rate = FeedbackConfiguration(
            id: "rate-call", style: .feedback(image: "feedbackLogo"), title: "How is your call going?",
            subtitle: "All feedback is celebrated!",
            primaryAction: .button(ActionButton(title: "Submit", action: submit)),
            secondaryAction: .link(ActionButton(title: "Contact Us", action: FlowAction(.openURL("https://example.com/contact")))),
            extraContent: [
                ContentBlock(.field(.textField(id: "email", label: "Email Address", required: true, format: .email))),
                ContentBlock(.field(.textEditor(id: "comment", placeholder: "Message"))),
                ContentBlock(.field(.rating(id: "rating", label: "Rate Quality", min: 1, max: 5, value: 1))),
            ], span: nil)
        let thanks = FeedbackConfiguration(
            id: "thanks", style: .success, title: "Thank you!", subtitle: nil,
            primaryAction: .button(ActionButton(title: "Done", action: FlowAction(.dismiss))),
            secondaryAction: .none, extraContent: [], span: nil)
        return Flow(id: "call-quality-rating", start: "rate-call", screens: [rate, thanks])
    }
    /// One screen with two ratings (`audio`, `video`).
    static var twoRatings: Flow {
        let screen = FeedbackConfiguration(
            id: "rate", style: .feedback(image: "logo"), title: "Rate the call", subtitle: nil,
            primaryAction: .button(ActionButton(title: "Done", action: FlowAction(.dismiss))),
            secondaryAction: .none,
            extraContent: [
                ContentBlock(.field(.rating(id: "audio", label: "Audio", min: 1, max: 5, value: 1))),
                ContentBlock(.field(.rating(id: "video", label: "Video", min: 1, max: 5, value: 1))),
            ], span: nil)
        return Flow(configuration: screen)
    }

    /// A subtitle with a right-to-left override and a right-to-left mark, and a text field `note`.
    static var bidi: Flow {
        let screen = FeedbackConfiguration(
            id: "b", style: .informative, title: "Bidi", subtitle: "a\u{202E}evil\u{200F}",
            primaryAction: .none, secondaryAction: .none,
            extraContent: [ContentBlock(.field(.textField(id: "note", label: "Note")))], span: nil)
        return Flow(configuration: screen)
    }
}
