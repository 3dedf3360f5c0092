// What the Swift examples of the README and the DocC articles take as given: an app's
// own values, declared here so that each example type-checks as written.
import FeedbackFlow
import FeedbackFlowHTTP
import Foundation

let registry = ActionHandlerRegistry()
let presenter = TranscriptRecorder(file: URL(filePath: "run.jsonl"))
let outbox = OutboxFeedbackSink(file: URL(filePath: "outbox.jsonl"), delivery: DiscardingFeedbackSink())
let applicationSupport = URL(filePath: "Library/Application Support")
let storage = URL(filePath: "Library/Application Support")
let flow = Flow(id: "call-quality-rating", start: "", screens: [])
func reconnect() async {}
struct SyncProfileHandler: ActionHandler {
    func perform(_ invocation: ActionInvocation) async throws {}
}
