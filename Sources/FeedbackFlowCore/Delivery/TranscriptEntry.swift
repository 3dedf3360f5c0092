import FlowCompile

/// One line of a transcript: a ``NavigatorEvent`` flattened to JSON fields.
///
/// `type` is the event's name (`screenShown`, `actionTapped`, `stepRun`,
/// `handlerResult`, `stepFailed`, `stackChanged`, `flowEnded`); the other keys appear
/// when the event has them. Field values are not recorded (they may be personal data).
struct TranscriptEntry {
    var type: String
    var screen: String?
    var instance: Int?
    var style: String?
    var image: String?
    var title: String?
    var subtitle: String?
    var slot: String?
    var step: String?
    var argument: FlowValue?
    var onFailure: Bool?
    var result: String?
    var stale: Bool?
    var message: String?
    var operation: String?
    var target: String?
    var stacks: [[String]]?
    var depths: [Int]?
    var outcome: String?

    init(type: String) {
        self.type = type
    }

    /// The entry of `event`, or `nil` for events that are not recorded
    /// (``NavigatorEvent/screenUpdated(_:)``: field edits and busy flips).
    init?(_ event: NavigatorEvent) {
        switch event {
        case .screenShown(let s):
            self.init(type: "screenShown")
            at(s.instance)
            style = s.style.name
            image = s.image
            title = s.title
            subtitle = s.subtitle
            depths = s.stackDepths
        case .screenUpdated:
            return nil
        case .actionTapped(let t):
            self.init(type: "actionTapped")
            at(t.instance)
            slot = t.slot.rawValue
            title = t.title
        case .stepRun(let r):
            self.init(type: "stepRun")
            at(r.instance)
            step = r.step
            argument = r.argument
            onFailure = r.isOnFailure ? true : nil
        case .handlerResult(let r):
            self.init(type: "handlerResult")
            at(r.instance)
            step = r.step
            stale = r.isStale ? true : nil
            switch r.outcome {
            case .success:
                result = "success"
            case .failure(let text):
                result = "failure"
                message = text
            }
        case .stepFailed(let f):
            self.init(type: "stepFailed")
            at(f.instance)
            step = f.step
            message = f.message
        case .stackChanged(let c):
            self.init(type: "stackChanged")
            operation = c.operation.name
            target = c.operation.screenID
            stacks = c.stacks.map { $0.map(\.screenID) }
            depths = c.depths
        case .flowEnded(let o):
            self.init(type: "flowEnded")
            outcome = o.name
        }
    }

    /// The entry as one line of JSON text (no trailing newline): keys sorted, absent
    /// fields left out, numbers in `argument` exactly as written (``JSONTextWriter``).
    var jsonText: String {
        var object: [String: FlowValue] = ["type": .string(type)]
        func put(_ key: String, _ value: FlowValue?) {
            if let value { object[key] = value }
        }
        put("screen", screen.map(FlowValue.string))
        put("instance", instance.map { .number(String($0)) })
        put("style", style.map(FlowValue.string))
        put("image", image.map(FlowValue.string))
        put("title", title.map(FlowValue.string))
        put("subtitle", subtitle.map(FlowValue.string))
        put("slot", slot.map(FlowValue.string))
        put("step", step.map(FlowValue.string))
        put("argument", argument)
        put("onFailure", onFailure.map(FlowValue.bool))
        put("result", result.map(FlowValue.string))
        put("stale", stale.map(FlowValue.bool))
        put("message", message.map(FlowValue.string))
        put("operation", operation.map(FlowValue.string))
        put("target", target.map(FlowValue.string))
        put("stacks", stacks.map { .list($0.map { .list($0.map(FlowValue.string)) }) })
        put("depths", depths.map { .list($0.map { .number(String($0)) }) })
        put("outcome", outcome.map(FlowValue.string))
        return FlowValue.object(object).jsonText
    }

    private mutating func at(_ instance: ScreenInstance) {
        screen = instance.screenID
        self.instance = instance.id.rawValue
    }
}
