import FeedbackFlow
import FeedbackFlowTestSupport
import Testing

/// `${…}` templates in titles and step arguments, and the feedback submission they build.
@Suite("Navigator templates and feedback")
struct NavigatorTemplateTests {
    /// A call-quality feedback form, written as a flow.
    private func callQuality(rating: FormField = FormField.rating(id: "rating", label: "Rate Quality", value: 1)) -> Flow {
        let request = FeedbackRequest(
            rating: "${rating}", reason: "${email}\n${comment}",
            custom: [
                "callWasAwesome": .bool(true),
                "where": .string("${screen.id}@${flow.id}"),
                "nested": .object(["list": .list([.string("${rating}"), .number("3")])]),
            ])
        return flow(
            screen(
                "rate", .collectUserFeedback(request), .push("thanks"),
                content: [
                    ContentBlock(.field(.textField(id: "email", required: true, format: .email))),
                    ContentBlock(.field(.textEditor(id: "comment"))),
                    ContentBlock(.field(rating)),
                ]),
            screen("thanks"),
            id: "call-quality-rating")
    }

    @Test("collectUserFeedback renders rating, reason and custom string leaves from the fields")
    func submissionRendered() async throws {
        let h = NavigatorTestHarness(callQuality())
        _ = try await h.start()
        try await h.navigator.setField("email", to: .text("ada@example.com"))
        try await h.navigator.setField("comment", to: .text("Great call"))
        try await h.navigator.setField("rating", to: .rating(4))
        #expect(try await h.tapTop() == .ran)
        let id = try #require(h.sink.submissions.first?.id)
        #expect(h.sink.submissions == [
            FeedbackSubmission(
                id: id, rating: 4, reason: "ada@example.com\nGreat call",
                custom: [
                    "callWasAwesome": .bool(true),
                    "where": .string("rate@call-quality-rating"),
                    "nested": .object(["list": .list([.string("4"), .number("3")])]),
                ],
                flowID: "call-quality-rating", screenID: "rate", submittedAt: NavigatorTestHarness.clock)
        ])
    }

    @Test("collectUserFeedback evaluates ${expression}s in its rating and reason, as every other template")
    func submissionExpressions() async throws {
        let request = FeedbackRequest(rating: "${rating + 1}", reason: "r=${rating * 10} s=${lowercased(screen.id)}")
        let h = NavigatorTestHarness(flow(
            screen("Rate", .collectUserFeedback(request), content: [ContentBlock(.field(.rating(id: "rating", value: 2)))])))
        _ = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(h.sink.submissions.map(\.rating) == [3])
        #expect(h.sink.submissions.map(\.reason) == ["r=20 s=rate"])
    }

    @Test("each run of collectUserFeedback builds a submission with a new id: a version 4 UUID in lower-case hex (RFC 9562)")
    func submissionIDs() async throws {
        let h = NavigatorTestHarness(flow(screen("rate", .collectUserFeedback(FeedbackRequest(rating: "5")))))
        _ = try await h.start()
        #expect(try await h.tapTop() == .ran)
        #expect(try await h.tapTop() == .ran)
        let ids = h.sink.submissions.map(\.id)
        #expect(ids.count == 2 && ids[0] != ids[1])
        // RFC 9562 §4 and §5.4: 8-4-4-4-12 hex digits, version nibble 4, variant bits 10xx
        // (8, 9, a or b), written in lower case.
        let form = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/
        for id in ids { #expect(id.wholeMatch(of: form) != nil, "\(id)") }
        let line = h.sink.submissions[0].jsonText
        #expect(line.contains("\"id\":\"\(ids[0])\""))
    }

    @Test("a rating outside 1...5 fails collectUserFeedback and nothing is submitted")
    func ratingOutsideFeedbackRange() async throws {
        let h = NavigatorTestHarness(callQuality(rating: FormField.rating(id: "rating", min: 0, max: 10, value: 7)))
        _ = try await h.start()
        try await h.navigator.setField("email", to: .text("ada@example.com"))
        try await h.tapTop()
        #expect(h.sink.submissions.isEmpty)
        #expect(
            await h.navigator.snapshot()?.errorMessage
                == "collectUserFeedback: rating must be a whole number from 1 to 5, got '7'")
        #expect(await h.stacks() == [["rate"]])
    }

    @Test("a rating that is not a number fails collectUserFeedback", arguments: ["abc", "4.5", "-1", ""])
    func ratingNotANumber(_ text: String) async throws {
        let h = NavigatorTestHarness(flow(screen("a", .collectUserFeedback(FeedbackRequest(rating: TemplateString(text))))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(h.sink.submissions.isEmpty)
        #expect(
            await h.navigator.snapshot()?.errorMessage
                == "collectUserFeedback: rating must be a whole number from 1 to 5, got '\(text)'")
    }

    @Test("collectUserFeedback without a rating fails")
    func missingRating() async throws {
        let h = NavigatorTestHarness(flow(screen("a", .collectUserFeedback(FeedbackRequest(reason: "x")))))
        _ = try await h.start()
        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.errorMessage == "collectUserFeedback: a rating from 1 to 5 is required")
    }

    @Test("titles, subtitles and text blocks render flow.id, screen.id, fields and host context; $$ is a dollar")
    func titlesRendered() async throws {
        let configuration = FeedbackConfiguration(
            id: "hello", style: .informative, title: TemplateString("Hi ${user} on ${screen.id} of ${flow.id}"),
            subtitle: TemplateString("Costs $$5, toggle is ${t}"), primaryAction: .none, secondaryAction: .none,
            extraContent: [
                ContentBlock(.text(TemplateString("note: ${missing}|"))),
                ContentBlock(.field(.toggle(id: "t", value: true))),
            ], span: nil)
        let h = NavigatorTestHarness(flow(configuration), context: ["user": "Ada"])
        _ = try await h.start()
        let snapshot = try #require(await h.navigator.snapshot())
        #expect(snapshot.title == "Hi Ada on hello of test-flow")
        #expect(snapshot.subtitle == "Costs $5, toggle is true")
        #expect(snapshot.content.first == .text("note: |"))
    }

    @Test("a button title renders templates too")
    func buttonTitleRendered() async throws {
        let configuration = FeedbackConfiguration(
            id: "a", style: .informative, title: "T", subtitle: nil,
            primaryAction: .button(ActionButton(title: "Send as ${who}", action: FlowAction(.finish(nil)))),
            secondaryAction: .none, extraContent: [], span: nil)
        let h = NavigatorTestHarness(flow(configuration), context: ["who": "guest"])
        _ = try await h.start()
        #expect(await h.navigator.snapshot()?.primary?.title == "Send as guest")
    }
}
