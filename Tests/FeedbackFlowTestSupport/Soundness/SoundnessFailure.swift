import FeedbackFlowCore
import FlowCompile

/// A step that failed during a run (a `stepFailed` event), with whose failure it is.
public struct SoundnessFailure: Sendable, Hashable, CustomStringConvertible {
    /// Who caused a failure.
    public enum Kind: String, Sendable, Hashable {
        /// The flow itself: an argument the step refuses, a navigation that fails, an
        /// expression that cannot be evaluated. A counterexample to the property.
        case flowCaused = "flow-caused"
        /// The host, on purpose (``SoundnessHost``): outside the property.
        case hostCaused = "host-caused"
        /// Integer overflow of values without bounds: outside the property.
        case overflow
    }

    /// The step's name, as in the event.
    public var step: String
    /// The screen whose action ran the step.
    public var screenID: String
    /// The failure's message.
    public var message: String
    /// The index in the run of the action during which the step failed.
    public var actionIndex: Int

    public init(step: String, screenID: String, message: String, actionIndex: Int) {
        self.step = step
        self.screenID = screenID
        self.message = message
        self.actionIndex = actionIndex
    }

    /// Who caused it: the host when the message is one of ``SoundnessHost``'s, an
    /// overflow when it says "integer overflow", else the flow.
    public var kind: Kind {
        if message.hasPrefix(SoundnessHost.failurePrefix) { return .hostCaused }
        if message.contains("integer overflow") { return .overflow }
        return .flowCaused
    }

    /// The step and its message with the values left out (quoted texts become `'…'`,
    /// bracketed lists `[…]`, numbers `N`): failures with the same key have the same
    /// cause, whatever values the run met.
    public var key: String {
        let shape = Self.shape(of: message)
        return shape.hasPrefix("\(step):") ? shape : "\(step): \(shape)"
    }

    public var description: String {
        "step '\(step)' of screen '\(screenID)' failed at action \(actionIndex + 1): \(message)"
    }

    /// `message` with quoted texts, bracketed lists and numbers left out. An expression's
    /// failure (`'EXPRESSION': reason`) loses its expression as a whole, since it may
    /// hold quotes of its own.
    static func shape(of message: String) -> String {
        if message.hasPrefix("'"), let end = message.firstRange(of: "': ") {
            return "'…': " + shape(of: String(message[end.upperBound...]))
        }
        var out = ""
        var inside: Character?
        var lastWasNumber = false
        for character in message {
            if let closing = inside {
                if character == closing { out.append(character); inside = nil }
                continue
            }
            switch character {
            case "'": out += "'…"; inside = "'"
            case "[": out += "[…"; inside = "]"
            case _ where character.isNumber:
                if !lastWasNumber { out += "N" }
                lastWasNumber = true
                continue
            default: out.append(character)
            }
            lastWasNumber = false
        }
        return out
    }
}
