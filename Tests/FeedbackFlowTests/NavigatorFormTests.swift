import FeedbackFlow
import FeedbackFlowTestSupport
import Testing

/// Form state: initial values, setField checks, and the primary action's gate.
@Suite("Navigator form")
struct NavigatorFormTests {
    /// A call-quality form: required email, optional message, rating, a Contact Us link.
    private func ratingScreen(primary: Step.Kind = .push("thanks")) -> FeedbackConfiguration {
        screen(
            "rate", primary, secondary: link("Contact Us", .openURL("https://example.com/contact")),
            content: [
                ContentBlock(.field(.textField(id: "email", label: "Email Address", required: true, format: .email))),
                ContentBlock(.field(.textEditor(id: "comment", placeholder: "Message"))),
                ContentBlock(.field(.rating(id: "rating", label: "Rate Quality"))),
            ])
    }

    @Test("initial values: rating value ?? min, toggle value, texts empty")
    func initialValues() async {
        let h = NavigatorTestHarness(flow(screen("a", content: [
            ContentBlock(.field(.rating(id: "r1", min: 2, max: 4))),
            ContentBlock(.field(.rating(id: "r2", value: 3))),
            ContentBlock(.field(.toggle(id: "on", value: true))),
            ContentBlock(.field(.toggle(id: "off"))),
            ContentBlock(.field(.textField(id: "name"))),
            ContentBlock(.field(.textEditor(id: "notes"))),
        ])))
        #expect(await h.navigator.fieldValues == [
            "r1": .rating(2), "r2": .rating(3), "on": .toggle(true), "off": .toggle(false),
            "name": .text(""), "notes": .text(""),
        ])
    }

    @Test("the primary action waits for a required field; the secondary does not")
    func requiredGatesPrimaryOnly() async throws {
        let h = NavigatorTestHarness(flow(ratingScreen(), screen("thanks")))
        _ = try await h.start()
        let empty = try #require(await h.navigator.snapshot())
        #expect(empty.primary?.isEnabled == false)
        #expect(empty.secondary?.isEnabled == true)
        #expect(try await h.tapTop(.primary) == .ignoredDisabled)
        #expect(try await h.tapTop(.secondary) == .ran)
        #expect(h.urls.opened == ["https://example.com/contact"])
        #expect(await h.stacks() == [["rate"]])
    }

    @Test("a required field holding only spaces is not filled")
    func whitespaceIsNotFilled() async throws {
        let h = NavigatorTestHarness(flow(ratingScreen(), screen("thanks")))
        _ = try await h.start()
        try await h.navigator.setField("email", to: .text("   "))
        #expect(try await h.tapTop() == .ignoredDisabled)
    }

    @Test("an invalid email is stored, reported, and keeps the primary disabled until fixed")
    func emailFormatGatesPrimary() async throws {
        let h = NavigatorTestHarness(flow(ratingScreen(), screen("thanks")))
        _ = try await h.start()
        try await h.navigator.setField("email", to: .text("not-an-email"))
        let invalid = try #require(await h.navigator.snapshot()?.fields.first)
        #expect(invalid.value == .text("not-an-email"))
        #expect(invalid.problem == "not a valid email address (expected name@example.com)")
        #expect(invalid.isComplete == false)
        #expect(try await h.tapTop() == .ignoredDisabled)

        try await h.navigator.setField("email", to: .text("a@b.co"))
        #expect(await h.navigator.snapshot()?.primary?.isEnabled == true)
        #expect(try await h.tapTop() == .ran)
        #expect(await h.stacks() == [["rate", "thanks"]])
    }

    @Test("an invalid optional field also keeps the primary disabled; empty it is fine")
    func optionalInvalidGates() async throws {
        let h = NavigatorTestHarness(flow(
            screen("a", .finish(nil), content: [ContentBlock(.field(.textField(id: "phone", format: .phone)))])))
        _ = try await h.start()
        #expect(await h.navigator.snapshot()?.primary?.isEnabled == true)
        try await h.navigator.setField("phone", to: .text("call me"))
        #expect(try await h.tapTop() == .ignoredDisabled)
        try await h.navigator.setField("phone", to: .text(""))
        #expect(try await h.tapTop() == .ran)
    }

    @Test("only the fields of the tapped screen gate its primary action")
    func gateIsPerScreen() async throws {
        let h = NavigatorTestHarness(flow(
            screen("a", .finish(nil), secondary: link("Skip", .push("b")),
                   content: [ContentBlock(.field(.textField(id: "must", required: true)))]),
            screen("b", .finish("fromB"))))
        _ = try await h.start()
        try await h.tapTop(.secondary)
        #expect(try await h.tapTop(.primary) == .ran)
        #expect(await h.navigator.outcome == FlowOutcome("fromB"))
    }

    @Test("a rating outside min...max is refused and the value kept")
    func ratingRange() async throws {
        let h = NavigatorTestHarness(flow(ratingScreen()))
        await #expect(throws: FieldError.outOfRange(field: "rating", value: 6, min: 1, max: 5)) {
            try await h.navigator.setField("rating", to: .rating(6))
        }
        await #expect(throws: FieldError.outOfRange(field: "rating", value: 0, min: 1, max: 5)) {
            try await h.navigator.setField("rating", to: .rating(0))
        }
        try await h.navigator.setField("rating", to: .rating(5))
        #expect(await h.navigator.value(of: "rating") == .rating(5))
    }

    @Test("maxLength counts Unicode scalars, not characters")
    func maxLengthInScalars() async throws {
        let h = NavigatorTestHarness(flow(screen("a", content: [
            ContentBlock(.field(.textField(id: "code", maxLength: 3)))
        ])))
        // "e" + U+0301 COMBINING ACUTE ACCENT + "e": 2 characters, 3 scalars → fits.
        try await h.navigator.setField("code", to: .text("e\u{301}e"))
        // Two accented e's: 2 characters, 4 scalars → too long.
        await #expect(throws: FieldError.tooLong(field: "code", length: 4, maxLength: 3)) {
            try await h.navigator.setField("code", to: .text("e\u{301}e\u{301}"))
        }
        #expect(await h.navigator.value(of: "code") == .text("e\u{301}e"))
    }

    @Test("a value of the wrong kind and an unknown field are refused")
    func wrongKindAndUnknown() async throws {
        let h = NavigatorTestHarness(flow(ratingScreen()))
        await #expect(throws: FieldError.wrongKind(field: "rating", expected: .rating(min: 1, max: 5, value: nil))) {
            try await h.navigator.setField("rating", to: .text("4"))
        }
        await #expect(throws: FieldError.unknownField("nope")) {
            try await h.navigator.setField("nope", to: .text("x"))
        }
    }

    @Test("field values live for the whole flow and render on later screens")
    func valuesLiveForTheFlow() async throws {
        let h = NavigatorTestHarness(flow(
            ratingScreen(),
            screen("thanks", title: "Thanks, ${email}! You gave ${rating}.")))
        _ = try await h.start()
        try await h.navigator.setField("email", to: .text("ada@example.com"))
        try await h.navigator.setField("rating", to: .rating(4))
        try await h.tapTop()
        #expect(await h.navigator.snapshot()?.title == "Thanks, ada@example.com! You gave 4.")
    }

    @Test("setting a field sends screenUpdated with the new value")
    func setFieldEmitsUpdate() async throws {
        let h = NavigatorTestHarness(flow(ratingScreen()))
        _ = try await h.start()
        try await h.navigator.setField("comment", to: .text("hello"))
        guard case .screenUpdated(let snapshot) = h.presenter.events.last else {
            Issue.record("expected screenUpdated, got \(h.presenter.lines)")
            return
        }
        #expect(snapshot.fields.first { $0.id == "comment" }?.value == .text("hello"))
    }
}

/// The format checks, on values counted by hand against the rules in `FieldValidation`.
@Suite("Field validation")
struct NavigatorFieldValidationTests {
    @Test("emails that pass", arguments: ["a@b.co", "first.last+tag@example.co.uk", "x@sub.domain.org"])
    func validEmails(_ text: String) { #expect(FieldValidation.isEmail(text)) }

    @Test("emails that fail", arguments: [
        "plain", "a@b", "@b.co", "a@@b.co", "a@b@c.co", "a b@c.co", "a@b..co", "a@.b.co", "a@b.co.", "a@b.co ",
    ])
    func invalidEmails(_ text: String) { #expect(!FieldValidation.isEmail(text)) }

    @Test("URLs that pass", arguments: [
        "https://example.com", "http://example.com/path?q=1", "HTTPS://Example.com", "https://user@host:8080/x",
    ])
    func validURLs(_ text: String) { #expect(FieldValidation.isWebURL(text)) }

    @Test("URLs that fail", arguments: [
        "example.com", "ftp://example.com", "https://", "https:///path", "https://exa mple.com", "mailto:a@b.co",
        "https://:80",
    ])
    func invalidURLs(_ text: String) { #expect(!FieldValidation.isWebURL(text)) }

    @Test("phones that pass", arguments: ["+44 (20) 7946-0958", "12345", "555-0100"])
    func validPhones(_ text: String) { #expect(FieldValidation.isPhone(text)) }

    @Test("phones that fail", arguments: ["1234", "555-CALL", "12345x", "+1 (2) 3-4"])
    func invalidPhones(_ text: String) { #expect(!FieldValidation.isPhone(text)) }

    @Test("an empty text has no format problem (required is checked on its own)")
    func emptyFits() {
        for format in TextFormat.allCases { #expect(FieldValidation.problem("", format: format) == nil) }
    }
}
