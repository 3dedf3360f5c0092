import FeedbackFlow
import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowWorkspace

/// The events of a `run --transcript` file (JSON Lines, one event per line), as
/// ``ScenarioRecorder`` takes them: screens shown, taps, custom steps' answers, the end.
/// A transcript holds no field values and no submission's values.
package enum TranscriptEvents {
    /// The most lines read.
    package static let maximumLines = 100_000

    /// The events of the transcript at `path`.
    /// - Throws: ``FlowWorkspace/UsageError`` for a file that cannot be read, a line that
    ///   is not a JSON object with a `type`, or more than ``maximumLines`` lines.
    package static func read(_ path: String, option: String) throws(UsageError) -> [ScenarioRecorder.Event] {
        let source: SourceFile
        do {
            source = try SourceFile.read(path: path)
        } catch {
            throw UsageError("\(option): \(error.message)")
        }
        var events: [ScenarioRecorder.Event] = []
        let lines = source.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count <= maximumLines else { throw UsageError("\(option) '\(path)': more than \(maximumLines) lines") }
        for (index, line) in lines.enumerated() where !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            let document = DocumentLoader.load(SourceFile(path: "\(path):\(index + 1)", bytes: Array(line)), format: .json)
            guard let root = document.root, let fields = MappingFields(root), let type = fields.value("type")?.string else {
                throw UsageError("\(option) '\(path)', line \(index + 1): not a transcript entry (a JSON object with a \"type\")", hint: "give a file written by 'feedbackflow run --transcript FILE'")
            }
            let text = { (key: String) in fields.value(key)?.string }
            switch type {
            case "screenShown": events.append(.shown(screen: text("screen") ?? "", fields: nil))
            case "actionTapped": events.append(.tapped(title: text("title") ?? ""))
            case "handlerResult":
                guard let step = text("step"), fields.value("stale")?.bool != true else { continue }
                if step == "collectUserFeedback" {
                    if text("result") == "success" { events.append(.submitted(nil)) }
                } else if !ScenarioRecorder.builtInResults.contains(step) {
                    events.append(.answered(step: step, failure: text("result") == "failure" ? text("message") ?? "" : nil))
                }
            case "flowEnded":
                // The host's endings (line mode's quit, the end of its input) are not the flow's.
                let outcome = text("outcome") ?? ""
                if outcome != FlowOutcome.quit.name, outcome != FlowOutcome.inputEnded.name { events.append(.ended(outcome: outcome)) }
            default: continue
            }
        }
        return events
    }
}
