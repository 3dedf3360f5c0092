import FlowCodeGeneration
import FlowCompile
import Testing

/// The Swift names made from a flow's ids: members in lowerCamelCase unless the id is a
/// Swift name as written, types in UpperCamelCase, keywords in backticks, and clashes
/// settled in a fixed order.
@Suite("Swift names from ids")
struct SwiftNameTests {
    @Test(
        "an id that is not a Swift name becomes lowerCamelCase for a member; one that is keeps its spelling",
        arguments: [
            ("rate-call", "rateCall"), ("thanks", "thanks"), ("rate_call", "rate_call"), ("contact.email", "contactEmail"),
            ("Rate Call", "rateCall"), ("URL-scheme", "urlScheme"), ("URLScheme-x", "urlSchemeX"), ("2fa-check", "_2faCheck"),
            ("max-size-KB", "maxSizeKB"), ("---", ""), ("café-au-lait", "caféAuLait"),
        ])
    func memberNames(_ id: String, name: String) {
        #expect(SwiftIdentifier.lowerCamelCase(id) == name)
    }

    @Test(
        "an id becomes UpperCamelCase for a type, each word's first letter in upper case",
        arguments: [
            ("call-quality-rating", "CallQualityRating"), ("uploadLogs", "UploadLogs"), ("upload_logs", "UploadLogs"),
            ("callEnded", "CallEnded"), ("2fa", "_2fa"), ("-", ""),
        ])
    func typeNames(_ id: String, name: String) {
        #expect(SwiftIdentifier.upperCamelCase(id) == name)
    }

    @Test("a keyword is declared in backticks, any other name as it is")
    func keywords() {
        #expect(SwiftIdentifier.declared("default") == "`default`")
        #expect(SwiftIdentifier.declared("class") == "`class`")
        #expect(SwiftIdentifier.declared("Type") == "`Type`")
        #expect(SwiftIdentifier.declared("thanks") == "thanks")
    }

    @Test("the flow's namespace is its id in UpperCamelCase with Flow after it, unless it ends in Flow already")
    func namespaces() {
        func namespace(_ id: String) -> String? {
            let flow = Flow(id: id, start: "a", screens: [FeedbackConfiguration(id: "a", style: .success, title: "A", primaryAction: .none)])
            let text = FlowSwiftSource(.init(flow: flow, json: "{}\n", fileName: "a.flow.yaml")).text
            return text.split(separator: "\n").first { $0.contains("enum ") && !$0.hasPrefix(" ") }?
                .split(separator: " ").last { $0 != "{" }.map(String.init)
        }
        #expect(namespace("call-quality-rating") == "CallQualityRatingFlow")
        #expect(namespace("support-flow") == "SupportFlow")
        #expect(namespace("flow") == "FlowFlow")
        #expect(namespace("2fa-check") == "_2faCheckFlow")
        // Named like a module of the package, it would hide the module in the app.
        #expect(namespace("feedback") == "FeedbackFlowDefinition")
        #expect(namespace("feedback-flow-core") == "FeedbackFlowCoreFlow")
    }

    @Test("ids that are Swift names keep their spelling whatever their order; the others get their first free choice")
    func claimOrder() {
        var table = SwiftNameTable(style: .member)
        let names = table.claimAll([
            ("contact.email", "field 'contact.email'"), ("contactEmail", "field 'contactEmail'"), ("contact-email", "field 'contact-email'"),
        ])
        #expect(names.map { try? $0.get() } == ["contact_email", "contactEmail", nil])
        #expect(
            names.last.flatMap { result in if case .failure(let clash) = result { clash.message } else { nil } }
                == "field 'contact-email' gets no Swift name: 'contactEmail' is taken by field 'contactEmail'; 'contact_email' is taken by field 'contact.email'")
    }

    @Test("a name Swift gives another meaning, or one the namespace has already, is not given out")
    func reservedNames() throws {
        var screens = SwiftNameTable(style: .member, reserved: ["allCases": "CaseIterable's allCases"])
        #expect(throws: NameClash(label: "screen 'self'", reasons: ["'self' means something else in Swift"])) {
            try screens.claim("self", as: "screen 'self'")
        }
        #expect(throws: NameClash(label: "screen 'allCases'", reasons: ["'allCases' is taken by CaseIterable's allCases"])) {
            try screens.claim("allCases", as: "screen 'allCases'")
        }
        #expect(throws: NameClash(label: "screen '-'", reasons: ["'' has no letter or digit", "'_' has no letter or digit"])) {
            try screens.claim("-", as: "screen '-'")
        }
        #expect(try screens.claim("all-cases", as: "screen 'all-cases'") == "all_cases")
    }
}
