import FeedbackFlow
import FlowSource
import Testing

/// Files in YAML and JSON, and flows written in Swift code, give the same model.
@Suite("Decoding equivalence")
struct DecodingEquivalenceTests {
    typealias F = DecodingFixture

    /// Everything a flow holds except source positions, as comparable text.
    static func shape(_ flow: Flow) -> [String] {
        var lines = ["flow \(flow.id) v\(flow.version) start=\(flow.start) \(flow.presentation.rawValue)"]
        for screen in flow.screens {
            lines.append("screen \(screen.id) \(screen.style) title=\(screen.title.raw.debugDescription) "
                + "subtitle=\(String(describing: screen.subtitle?.raw))")
            lines.append("  primary " + primary(screen.primaryAction))
            lines.append("  secondary " + secondary(screen.secondaryAction))
            for block in screen.extraContent { lines.append("  content \(block.kind)".replacingSpans()) }
        }
        return lines
    }

    static func primary(_ action: FeedbackPrimaryAction) -> String {
        switch action {
        case .none: "none"
        case .button(let b): "button \(b.title.raw) \(steps(b.action)) onFailure=\(b.onFailure.map(steps) ?? "-")"
        case .retryButton(let b):
            "retryButton \(b.title.raw) loading=\(b.loadingTitle?.raw ?? "-") \(steps(b.action)) onFailure=\(b.onFailure.map(steps) ?? "-")"
        }
    }

    static func secondary(_ action: FeedbackSecondaryAction) -> String {
        switch action {
        case .none: "none"
        case .button(let b): "button \(b.title.raw) \(steps(b.action))"
        case .link(let b): "link \(b.title.raw) \(steps(b.action))"
        }
    }

    static func steps(_ action: FlowAction) -> String {
        action.steps.map { step in
            switch step.kind {
            case .openURL(let url): "openURL(\(url.raw))"
            case .collectUserFeedback(let r):
                "collectUserFeedback(\(r.rating?.raw ?? "-"), \(r.reason?.raw.debugDescription ?? "-"), \(r.custom))"
            case .perform: "perform"
            default: "\(step.kind)"
            }
        }.joined(separator: "; ")
    }

    @Test("the same flow written in YAML and in JSON decodes to the same model")
    func yamlAndJSON() throws {
        let yaml = F.compile("decoding/call-quality.yaml")
        let json = F.compile("decoding/call-quality.json")
        #expect(yaml.diagnostics.isEmpty)
        #expect(json.diagnostics.isEmpty)
        let fromYAML = try #require(yaml.flow)
        let fromJSON = try #require(json.flow)
        #expect(Self.shape(fromYAML) == Self.shape(fromJSON))
        #expect(Self.shape(fromYAML).count == 10)  // flow line + 2 screens × (header, primary, secondary) + 3 blocks
    }

    @Test("a single-screen file and the seed's FeedbackConfiguration built in code have the same shape")
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
        #expect(file.primaryAction.title?.raw == code.primaryAction.title?.raw)
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

extension String {
    /// Drops `SourceSpan` descriptions from a dumped value (`idSpan: Optional(…)`) so that
    /// models from different files compare equal.
    fileprivate func replacingSpans() -> String {
        var out = ""
        var depth = 0
        var rest = Substring(self)
        while !rest.isEmpty {
            if depth == 0, let range = rest.range(of: "Span: Optional(") {
                out += rest[..<range.lowerBound]
                rest = rest[range.upperBound...]
                depth = 1
                while depth > 0, let c = rest.first {
                    if c == "(" { depth += 1 }
                    if c == ")" { depth -= 1 }
                    rest = rest.dropFirst()
                }
            } else {
                out += rest
                rest = ""
            }
        }
        return out
    }
}
