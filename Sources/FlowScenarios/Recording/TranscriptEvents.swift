import FeedbackFlow
import FeedbackFlowCore
import FlowCompile
import FlowSource
import FlowWorkspace

/// The events of a `run --transcript` file (JSON Lines, one event per line), as
/// ``ScenarioRecorder`` takes them: screens shown, taps, going back, custom steps'
/// answers, the end a step caused (the host's endings, line mode's quit or the end of its
/// input, are not the flow's). A transcript holds no field values, no submission's values
/// and no values a custom step returned.
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
        // Whether the last step run was a `pop` not yet seen changing the stacks (a pop
        // that no step ran is the person going back), and whether the entry before the
        // end was a step's (the flow's outcome, not the host's ending).
        var poppingStep = false
        // The URL of the `openURL` step running, until its result says it was opened.
        var opening: String?
        var stepBeforeEnd = false
        let lines = source.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count <= maximumLines else { throw UsageError("\(option) '\(path)': more than \(maximumLines) lines") }
        for (index, line) in lines.enumerated() where !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            let document = DocumentLoader.load(SourceFile(path: "\(path):\(index + 1)", bytes: Array(line)), format: .json)
            guard let root = document.root, let fields = MappingFields(root), let type = fields.value("type")?.string else {
                throw UsageError("\(option) '\(path)', line \(index + 1): not a transcript entry (a JSON object with a \"type\")", hint: "give a file written by 'feedbackflow run --transcript FILE'")
            }
            let text = { (key: String) in fields.value(key)?.string }
            defer { if type != "stackChanged", type != "stepRun" { stepBeforeEnd = false } }
            switch type {
            case "stepRun":
                poppingStep = text("step") == "pop"
                stepBeforeEnd = true
                if text("step") == "openURL" { opening = text("argument") }
            case "stackChanged":
                if text("operation") == "pop", !poppingStep { events.append(.back) }
                poppingStep = false
            case "screenShown": events.append(.shown(screen: text("screen") ?? "", fields: nil))
            case "actionTapped": events.append(.tapped(title: text("title") ?? ""))
            case "handlerResult":
                guard let step = text("step"), fields.value("stale")?.bool != true else { continue }
                if step == "openURL" {
                    if text("result") == "success", let url = opening { events.append(.opened(url)) }
                    opening = nil
                } else if step == "collectUserFeedback" {
                    if text("result") == "success" { events.append(.submitted(nil)) }
                } else if !ScenarioRecorder.builtInResults.contains(step) {
                    let failed = text("result") == "failure"
                    events.append(.answered(step: step, returns: failed ? [:] : nil, failure: failed ? text("message") ?? "" : nil))
                }
            case "flowEnded":
                // The host's endings (line mode's quit, the end of its input) are not the flow's.
                if stepBeforeEnd { events.append(.ended(outcome: text("outcome") ?? "")) }
            default: continue
            }
        }
        return events
    }
}
