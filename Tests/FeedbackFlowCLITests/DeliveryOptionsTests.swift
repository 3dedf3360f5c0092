import FlowWorkspace
import Foundation
import Testing
@testable import FeedbackFlowCLI

/// Where `run` and `outbox` keep and deliver feedback (`DeliveryOptions`).
@Suite("Delivery options: the outbox's default place and the flush hint")
struct DeliveryOptionsTests {
    @Test("the default outbox is feedback-outbox.jsonl beside --feedback-out, in the current folder for a bare name or a device")
    func defaultOutbox() {
        let options = DeliveryOptions()
        #expect(options.outboxPath(beside: "feedback.jsonl") == "feedback-outbox.jsonl")
        #expect(options.outboxPath(beside: "out/run/f.jsonl") == "out/run/feedback-outbox.jsonl")
        #expect(options.outboxPath(beside: "/var/data/f.jsonl") == "/var/data/feedback-outbox.jsonl")
        #expect(options.outboxPath(beside: "/dev/full") == "feedback-outbox.jsonl")
        #expect(options.outboxPath(beside: "/dev/stdout") == "feedback-outbox.jsonl")
        #expect(DeliveryOptions(outbox: "kept.jsonl").outboxPath(beside: "out/f.jsonl") == "kept.jsonl")
    }

    @Test("the flush hint names the outbox given and the delivery, quoting words a shell would split")
    func hint() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/feedback"))
        #expect(
            DeliveryOptions(feedbackURL: url, outbox: "my outbox.jsonl").commandLineWords(feedbackOut: "feedback.jsonl")
                == "--outbox 'my outbox.jsonl' --feedback-url http://127.0.0.1:8080/feedback")
        #expect(DeliveryOptions().commandLineWords(feedbackOut: "it's.jsonl") == "--feedback-out 'it'\\''s.jsonl'")
    }

    @Test("--feedback-url must be http or https with a host, and not given with --feedback-out")
    func refused() {
        for url in ["ftp://example.com/", "example.com/feedback", "http://", "mailto:a@b.c"] {
            #expect(throws: UsageError.self, "\(url)") {
                try DeliveryOptions(arguments: ParsedArguments(values: ["feedback-url": [url]]))
            }
        }
        #expect(throws: UsageError.self) {
            try DeliveryOptions(arguments: ParsedArguments(values: ["feedback-url": ["https://example.com/f"], "feedback-out": ["f.jsonl"]]))
        }
    }
}
