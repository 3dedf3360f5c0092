import FeedbackFlow
import FeedbackFlowTestSupport
import FlowSource
import Testing

/// Files in YAML and JSON, and flows written in Swift code, give the same model.
@Suite("Decoding equivalence")
struct DecodingEquivalenceTests {
    typealias F = DecodingFixture

    @Test("the same flow written in YAML and in JSON decodes to equal models (==, positions aside)")
    func yamlAndJSON() throws {
        let yaml = F.compile("decoding/call-quality.yaml")
        let json = F.compile("decoding/call-quality.json")
        #expect(yaml.diagnostics.isEmpty)
        #expect(json.diagnostics.isEmpty)
        let fromYAML = try #require(yaml.flow)
        let fromJSON = try #require(json.flow)
        #expect(fromYAML == fromJSON)
        #expect(fromYAML.screens.map(\.id) == ["rate-call", "thanks"])
        #expect(fromYAML.screens.first?.extraContent.count == 3)
        // The positions differ (the two files are laid out differently), equality ignores them.
        #expect(fromYAML.screens.first?.title.span?.start != fromJSON.screens.first?.title.span?.start)
    }

    @Test("screens written in a file and the same screens built in Swift compare equal; a changed value does not")
    func fileAndSwiftModelsAreEqual() throws {
        let fromFile = try #require(F.compile("decoding/call-quality.yaml").flow)
        let rateCall = FeedbackConfiguration(
            id: "rate-call", style: .feedback(image: "feedbackLogo"), title: "How is your call going?",
            subtitle: "All feedback is celebrated!",
            primaryAction: .button(ActionButton(
                title: "Submit",
                action: FlowAction([
                    Step(.collectUserFeedback(FeedbackRequest(rating: "${rating}", reason: "${email}\n${comment}"))),
                    Step(.push("thanks")),
                ]))),
            secondaryAction: .link(ActionButton(
                title: "Contact Us", action: FlowAction(.openURL("https://example.com/contact")))),
            extraContent: [
                ContentBlock(.field(.textField(id: "email", label: "Email Address", required: true, format: .email))),
                ContentBlock(.field(.textEditor(id: "comment", placeholder: "Message"))),
                ContentBlock(.field(.rating(id: "rating", label: "Rate Quality", min: 1, max: 5, value: 1))),
            ])
        let thanks = FeedbackConfiguration(
            id: "thanks", style: .success, title: "Thank you!",
            primaryAction: .button(ActionButton(title: "Done", action: FlowAction(.dismiss))))
        let inSwift = Flow(id: "call-quality-rating", start: "rate-call", screens: [rateCall, thanks])
        #expect(fromFile == inSwift)
        var changed = inSwift
        changed.screens[1].title = "Thanks!"
        #expect(fromFile != changed)
    }

    @Test("a single-screen file and the same FeedbackConfiguration built in code have the same shape")
    func codeAndFile() throws {
        let compilation = F.compile("decoding/single-screen.yaml")
        #expect(compilation.diagnostics.isEmpty)
        let fromFile = try #require(compilation.flow)
        let inCode = Flow(configuration: FeedbackConfiguration(
            id: "single-screen",
            style: .success,
            title: "Title",
            subtitle: "Subtitle",
            primaryAction: .button(title: "Primary Action", completion: {}),
            secondaryAction: .link(title: "Secondary Action", completion: {}),
            extraContent: []))
        #expect(fromFile.id == inCode.id)
        #expect(fromFile.start == inCode.start)
        #expect(fromFile.screens.count == 1)
        let file = try #require(fromFile.screens.first)
        let code = try #require(inCode.screens.first)
        #expect(file.id == code.id)
        #expect(file.style == code.style)
        #expect(file.title.raw == code.title.raw)
        #expect(file.subtitle?.raw == code.subtitle?.raw)
        #expect(file.primaryAction.button?.title.raw == code.primaryAction.button?.title.raw)
        #expect(file.secondaryAction.button?.title.raw == code.secondaryAction.button?.title.raw)
        guard case .button = file.primaryAction, case .button = code.primaryAction,
            case .link = file.secondaryAction, case .link = code.secondaryAction
        else {
            Issue.record("expected a primary button and a secondary link in both")
            return
        }
        #expect(file.extraContent.isEmpty && code.extraContent.isEmpty)
    }
}
